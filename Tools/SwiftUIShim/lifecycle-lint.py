#!/usr/bin/env python3
"""Lifecycle lint for SwiftUI code: the mistakes a type-check cannot see.

usage: lifecycle-lint.py <file or directory>...
       lifecycle-lint.py --fixtures <directory>

Rules (each one a mistake the SwiftUI layer once made; see issue 11):
  branch-task      A `.task` in a view that a phase change removes: a branch of a `switch` or
                   `if` in a view body, a view passed as a default view builder (an idle view,
                   a failure view), or any view those contain. SwiftUI cancels the task when
                   the phase moves on, so work started there is cut short or restarted in a
                   loop (mistakes 1 and 3). Forward the event to a controller instead.
  unowned-task     `Task {`, `Task(` or `Task.detached` in view code: a fire-and-forget task that
                   no controller owns.
  state-from-init  `State(initialValue:)` in a view: every parent render runs the initializer
                   and allocates a throwaway value, and a new input is ignored (mistake 5). Use
                   a `LoaderSlot` or an identity parameter.
  empty-no-isempty An initializer that takes an `empty:` view but no `isEmpty:`: the empty
                   view can never show (mistake 6).
  destination-link `NavigationLink(destination:)` or `NavigationLink { … } label:`: builds the
                   destination, and its loader, for every row on every render (mistake 11). Use
                   `NavigationLink(value:)` with `navigationDestination(for:)`.
  view-observes-key `.observe(` of a `LoaderStore` in view code: `onAppear` runs again on every
                   appear and nothing cancels a subscription when SwiftUI drops the view, so the
                   key is observed twice or never leaves the store (issue 12). Use
                   `AsyncView(key:)` or `PagingList(key:)`, or a `KeyedLoader`/`KeyedPagedLoader`
                   that the view's appear, key change and disappear drive (`select`, `stop`).
  read-aloud       `.redacted(reason: .placeholder)` (or a reason that can be `.placeholder`) in
                   a modifier chain that does not hide the placeholder from accessibility:
                   `.redacted` only changes the look, so VoiceOver reads every placeholder row
                   ("Country name", eight times; issue 21). Hide it with
                   `.accessibilityHidden(_:)` in the same chain, directly or in a
                   `.modifier(...)` whose type does, and give VoiceOver one loading element.

Comments and string literals are ignored. A line may opt out of one rule with a trailing
`// lint: allow <rule> (reason)`.

With --fixtures, every `*.swift` file in the directory must make the lint report the rule its
`// LINT-EXPECT: <rule>` line names (and `// LINT-EXPECT-PASS` files must be clean): this is
the test that the lint bites.
"""
import glob
import os
import re
import sys

RULES = (
    "branch-task", "unowned-task", "state-from-init", "empty-no-isempty", "destination-link",
    "view-observes-key", "read-aloud",
)


def strip(text):
    """Blanks out comments and string literals, keeping offsets and line breaks."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            for k in range(i + 3, j - 3):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                out[k] = " "
            i = j + 1
        else:
            i += 1
    return "".join(out)


def block_end(code, open_index):
    """The index just past the brace that closes the one at `open_index`."""
    depth = 0
    for i in range(open_index, len(code)):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(code)


def line_of(code, index):
    return code.count("\n", 0, index) + 1


TYPE_DECL = re.compile(r"\b(?:struct|class|enum)\s+([A-Z]\w*)[^{]*\{")
BODY_DECL = re.compile(
    r"(?:\bvar\s+body\s*:\s*some\s+View|\bfunc\s+body\s*\(\s*content\s*:[^)]*\)\s*->\s*some\s+View"
    r"|@ViewBuilder\s+(?:(?:private|fileprivate|internal|public)\s+)?(?:var|func)\s+\w+[^{]*)\s*\{"
)
TASK = re.compile(r"\.task\s*(?:\(|\{)")
INSTANTIATION = re.compile(r"\b([A-Z]\w*)\s*(?:\(|\{)")
DEFAULT_BUILDER = re.compile(r"=\s*\{\s*([A-Z]\w*)\s*\(")
UNOWNED_TASK = re.compile(r"\bTask\s*(?:\{|\(|\.detached\b)")
STATE_FROM_INIT = re.compile(r"\bState\s*\(\s*initialValue\s*:")
DESTINATION_LINK = re.compile(r"\bNavigationLink\s*(?:\(\s*destination\s*:|\{)")
STORE_OBSERVE = re.compile(r"\.observe\s*\(")
INIT_SIGNATURE = re.compile(r"\bpublic\s+init\s*(?:<[^>]*>)?\s*\(")
REDACTED = re.compile(r"\.\s*redacted\s*\(")
HIDES = re.compile(r"\.\s*accessibilityHidden\s*\(")
MODIFIER_TYPE = re.compile(r"\.\s*modifier\s*\(\s*([A-Z]\w*)\s*[({]")
OPENERS = {"(": ")", "{": "}", "[": "]"}
CLOSERS = {")": "(", "}": "{", "]": "["}


def balanced_end(code, open_index):
    """The index just past the bracket that closes the one at `open_index`."""
    depth = 0
    for i in range(open_index, len(code)):
        if code[i] in OPENERS:
            depth += 1
        elif code[i] in CLOSERS:
            depth -= 1
            if depth == 0:
                return i + 1
    return len(code)


def balanced_start(code, close_index):
    """The index of the bracket that opens the one that closes at `close_index`."""
    depth = 0
    for i in range(close_index, -1, -1):
        if code[i] in CLOSERS:
            depth += 1
        elif code[i] in OPENERS:
            depth -= 1
            if depth == 0:
                return i
    return 0


def chain_span(code, dot):
    """The (start, end) of the modifier chain that holds the modifier whose `.` is at `dot`:
    the view expression it starts from, and every `.modifier(…) { … }` before and after."""
    n = len(code)
    end = dot
    while True:
        name = re.match(r"\.\s*[A-Za-z_]\w*", code[end:])
        if not name:
            break
        end += name.end()
        while True:
            k = end
            while k < n and code[k] in " \t\n":
                k += 1
            if k < n and code[k] in "({":
                end = balanced_end(code, k)
            else:
                break
        k = end
        while k < n and code[k] in " \t\n":
            k += 1
        if k < n and code[k] == ".":
            end = k
        else:
            break
    start = dot
    while True:
        k = start - 1
        while k >= 0 and code[k] in " \t\n":
            k -= 1
        while k >= 0 and code[k] in ")}]":
            k = balanced_start(code, k) - 1
            while k >= 0 and code[k] in " \t\n":
                k -= 1
        while k >= 0 and (code[k].isalnum() or code[k] == "_"):
            k -= 1
        start = k + 1
        j = k
        while j >= 0 and code[j] in " \t\n":
            j -= 1
        if j >= 0 and code[j] == "." and j < start:
            start = j
        else:
            break
    return start, end


def branch_regions(code, start, end):
    """(start, end) spans of `if`/`else` blocks and `switch` cases between start and end."""
    regions = []
    for match in re.finditer(r"\b(?:if|else)\b[^{;\n]*\{", code[start:end]):
        open_index = start + match.end() - 1
        regions.append((open_index, block_end(code, open_index)))
    for match in re.finditer(r"\bswitch\b[^{]*\{", code[start:end]):
        open_index = start + match.end() - 1
        close = block_end(code, open_index)
        cases = [m.start() + open_index for m in re.finditer(r"\b(?:case\b|default\s*:)", code[open_index:close])]
        for index, case_start in enumerate(cases):
            case_end = cases[index + 1] if index + 1 < len(cases) else close - 1
            regions.append((case_start, case_end))
    return regions


def allowed(lines, line, rule):
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return f"lint: allow {rule}" in text


def lint(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(glob.glob(os.path.join(path, "**", "*.swift"), recursive=True))
        else:
            files.append(path)
    files = [f for f in files if os.path.basename(f) != "Package.swift"]
    sources = {}
    for path in files:
        raw = open(path, encoding="utf-8").read()
        sources[path] = (raw.splitlines(), strip(raw))

    problems = []

    def report(path, index, rule, message):
        lines, code = sources[path]
        line = line_of(code, index)
        if not allowed(lines, line, rule):
            problems.append((path, line, rule, message))

    # Types and their declarations, and the views placed in branches.
    declarations = {}  # type name -> [(path, start, end)]
    branch_views = set()
    for path, (_, code) in sources.items():
        for match in TYPE_DECL.finditer(code):
            open_index = match.end() - 1
            declarations.setdefault(match.group(1), []).append((path, open_index, block_end(code, open_index)))
        for match in DEFAULT_BUILDER.finditer(code):
            branch_views.add(match.group(1))
        for body in BODY_DECL.finditer(code):
            open_index = body.end() - 1
            close = block_end(code, open_index)
            for start, end in branch_regions(code, open_index, close):
                segment = code[start:end]
                for task in TASK.finditer(segment):
                    report(path, start + task.start(), "branch-task",
                           "`.task` in a branch that a phase change removes: SwiftUI cancels it when "
                           "the phase moves on; forward the event to a controller instead")
                for name in INSTANTIATION.finditer(segment):
                    branch_views.add(name.group(1))

    # Views inside branch views are removed with them.
    pending = list(branch_views)
    while pending:
        name = pending.pop()
        for path, start, end in declarations.get(name, []):
            for inner in INSTANTIATION.finditer(sources[path][1][start:end]):
                if inner.group(1) not in branch_views and inner.group(1) != name:
                    branch_views.add(inner.group(1))
                    pending.append(inner.group(1))

    for name in sorted(branch_views):
        for path, start, end in declarations.get(name, []):
            code = sources[path][1]
            for task in TASK.finditer(code[start:end]):
                report(path, start + task.start(), "branch-task",
                       f"`.task` in `{name}`, a view that a phase change removes: SwiftUI cancels "
                       "it with the view; forward the event to a controller instead")

    for path, (_, code) in sources.items():
        for match in REDACTED.finditer(code):
            reason = code[match.end() - 1:balanced_end(code, match.end() - 1)]
            if "placeholder" not in reason:
                continue
            start, end = chain_span(code, match.start())
            chain = code[start:end]
            hidden = HIDES.search(chain) or any(
                HIDES.search(sources[where][1][first:last])
                for modifier in MODIFIER_TYPE.finditer(chain)
                for where, first, last in declarations.get(modifier.group(1), [])
            )
            if not hidden:
                report(path, match.start(), "read-aloud",
                       "`.redacted` only changes the look: VoiceOver reads every placeholder row; "
                       "hide the placeholder with `.accessibilityHidden(_:)` in the same chain and "
                       "give VoiceOver one loading element")
        for match in UNOWNED_TASK.finditer(code):
            report(path, match.start(), "unowned-task",
                   "a task that no controller owns; start the work through a controller")
        for match in STATE_FROM_INIT.finditer(code):
            report(path, match.start(), "state-from-init",
                   "`State(initialValue:)`: every parent render makes a throwaway value and a new "
                   "input is ignored; select the loader for an identity (LoaderSlot)")
        for match in STORE_OBSERVE.finditer(code):
            report(path, match.start(), "view-observes-key",
                   "a view that observes a store's key itself observes again on every appear and "
                   "never cancels when SwiftUI drops it; use AsyncView(key:) or PagingList(key:), or "
                   "a KeyedLoader driven by select and stop")
        for match in DESTINATION_LINK.finditer(code):
            report(path, match.start(), "destination-link",
                   "a view-destination NavigationLink builds its destination for every row; use "
                   "NavigationLink(value:) with navigationDestination(for:)")
        for match in INIT_SIGNATURE.finditer(code):
            open_paren = match.end() - 1
            depth, i = 0, open_paren
            while i < len(code):
                if code[i] in "([{":
                    depth += 1
                elif code[i] in ")]}":
                    depth -= 1
                    if depth == 0:
                        break
                i += 1
            signature = code[open_paren:i]
            if re.search(r"(?<![\w.])empty\s*:", signature) and not re.search(r"\bisEmpty\s*:", signature):
                report(path, match.start(), "empty-no-isempty",
                       "an initializer with an `empty:` view but no `isEmpty:`: the empty view can "
                       "never show")
    return problems


def check_fixtures(directory, rules_found, label):
    """Lints every `*.swift` fixture in `directory` with `rules_found` (a fixture's path -> the
    set of rules reported) and checks its `// LINT-EXPECT: rule` or `// LINT-EXPECT-PASS` line.
    Returns the exit status: 1 when a fixture does not bite as expected or there is none."""
    failures = 0
    checked = 0
    for fixture in sorted(glob.glob(os.path.join(directory, "*.swift"))):
        text = open(fixture, encoding="utf-8").read()
        found = rules_found(fixture)
        expect = re.search(r"^// LINT-EXPECT: (\S+)", text, re.M)
        checked += 1
        if "// LINT-EXPECT-PASS" in text:
            ok = not found
            wanted = "no problem"
        elif expect:
            ok = expect.group(1) in found
            wanted = expect.group(1)
        else:
            ok, wanted = False, "a // LINT-EXPECT: line"
        status = "ok  " if ok else "FAIL"
        print(f"{status} {fixture} -> {', '.join(sorted(found)) or 'clean'} (wanted {wanted})")
        failures += 0 if ok else 1
    print(f"{label}: {checked - failures} bite as expected, {failures} failed")
    return 1 if failures or checked == 0 else 0


def main(argv):
    if len(argv) >= 2 and argv[0] == "--fixtures":
        return check_fixtures(
            argv[1], lambda fixture: {rule for _, _, rule, _ in lint([fixture])}, "lint fixtures")
    problems = lint(argv)
    for path, line, rule, message in problems:
        print(f"{path}:{line}: [{rule}] {message}")
    print(f"lifecycle lint: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
