#!/usr/bin/env python3
"""Structure lint for SwiftUI code: where a view puts a stack, a timeline and a debug tool.

usage: structure-lint.py --library <file or dir>... [--app <file or dir>...]
       structure-lint.py --fixtures <directory>

Rules (each one a mistake the SwiftUI layer or the example once made; see issue 21, items 11
and 12):
  nested-stack     A `NavigationStack` in library code outside the closure of a `.sheet`,
                   `.fullScreenCover` or `.popover` that the library presents. A view an app
                   embeds then nests its own stack in the app's. Library code only: an app
                   owns its root stack.
  timeline-list    A `TimelineView` whose content holds a `List`, `ForEach` or `Section`: the
                   whole list renders again on every tick. Put the timeline around the text
                   that changes.
  debug-only-tool  A control that sets the binding of `.loaderStoreInspector(isPresented:)`
                   outside `#if DEBUG`: the modifier does nothing in release builds, so the
                   control does nothing there either.

Comments and string literals are ignored (the lifecycle lint's reader). A line may opt out of a
rule with a trailing `// lint: allow <rule> (reason)`.

With --fixtures, every `*.swift` file in the directory is linted as library code and must
report the rule its `// LINT-EXPECT: <rule>` line names (`// LINT-EXPECT-PASS` files must be
clean).
"""
import glob
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("lifecycle_lint", os.path.join(HERE, "lifecycle-lint.py"))
lifecycle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lifecycle)
strip, block_end, line_of, allowed = (
    lifecycle.strip, lifecycle.block_end, lifecycle.line_of, lifecycle.allowed)

PRESENTER = re.compile(r"\.(?:sheet|fullScreenCover|popover)\s*\([^(){}]*(?:\([^(){}]*\)[^(){}]*)*\)\s*$")
STACK = re.compile(r"\bNavigationStack\b")
TIMELINE = re.compile(r"\bTimelineView\s*\(")
LIST_LIKE = re.compile(r"\b(?:List|ForEach|Section)\s*[({]")
INSPECTOR = re.compile(r"\.loaderStoreInspector\s*\(\s*isPresented\s*:\s*\$(\w+)")


def swift_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(glob.glob(os.path.join(path, "**", "*.swift"), recursive=True))
        else:
            files.append(path)
    return [f for f in files if os.path.basename(f) != "Package.swift"]


def enclosing_braces(code, index):
    """Indices of the `{` that enclose `index`, innermost first."""
    result, depth = [], 0
    for i in range(index - 1, -1, -1):
        if code[i] == "}":
            depth += 1
        elif code[i] == "{":
            if depth == 0:
                result.append(i)
            else:
                depth -= 1
    return result


def debug_lines(raw_lines):
    """The 1-based numbers of the lines inside the `#if DEBUG` branch of a conditional."""
    inside, stack = set(), []  # stack of "debug" / "other" per open #if
    for number, line in enumerate(raw_lines, start=1):
        text = line.strip()
        if re.match(r"#if\b", text):
            stack.append("debug" if re.match(r"#if\s+DEBUG\b", text) else "other")
        elif re.match(r"#(?:else|elseif)\b", text) and stack:
            stack[-1] = "other"
        elif re.match(r"#endif\b", text) and stack:
            stack.pop()
        elif "debug" in stack:
            inside.add(number)
    return inside


def lint_file(path, library):
    raw = open(path, encoding="utf-8").read()
    lines, code = raw.splitlines(), strip(raw)
    problems = []

    def report(index, rule, message):
        line = line_of(code, index)
        if not allowed(lines, line, rule):
            problems.append((path, line, rule, message))

    if library:
        for match in STACK.finditer(code):
            presented = any(PRESENTER.search(code[max(0, b - 300):b]) for b in enclosing_braces(code, match.start()))
            if not presented:
                report(match.start(), "nested-stack",
                       "NavigationStack in a view an app embeds; give the stack to the sheet that presents it")

    for match in TIMELINE.finditer(code):
        open_index = code.find("{", match.end())
        if open_index < 0:
            continue
        body = code[open_index:block_end(code, open_index)]
        if LIST_LIKE.search(body):
            report(match.start(), "timeline-list",
                   "TimelineView around a List, ForEach or Section renders the whole list on every tick")

    debug = debug_lines(lines)
    for match in INSPECTOR.finditer(code):
        name = re.escape(match.group(1))
        for setter in re.finditer(rf"\b{name}\s*=\s*true\b|\b{name}\.toggle\s*\(", code):
            if line_of(code, setter.start()) not in debug:
                report(setter.start(), "debug-only-tool",
                       f"`{match.group(1)}` presents the debug-only inspector; set it inside #if DEBUG")
    return problems


def main(argv):
    if len(argv) >= 2 and argv[0] == "--fixtures":
        return lifecycle.check_fixtures(
            argv[1], lambda fixture: {rule for _, _, rule, _ in lint_file(fixture, library=True)},
            "structure lint fixtures")
    library, app, mode = [], [], None
    for arg in argv:
        if arg in ("--library", "--app"):
            mode = arg
        elif mode == "--library":
            library.append(arg)
        elif mode == "--app":
            app.append(arg)
        else:
            print(__doc__)
            return 2
    problems = [p for f in swift_files(library) for p in lint_file(f, library=True)]
    problems += [p for f in swift_files(app) for p in lint_file(f, library=False)]
    for path, line, rule, message in problems:
        print(f"{path}:{line}: [{rule}] {message}")
    print(f"structure lint: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
