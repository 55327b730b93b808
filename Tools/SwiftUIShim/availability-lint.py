#!/usr/bin/env python3
"""Availability lint: no use of an API newer than the package's deployment floor outside a guard.

    availability-lint.py [--shim DIR ...] PATH...     lint the sources under PATH
    availability-lint.py --shim DIR ... --fixtures DIR  bad_*.swift must fail, pass_*.swift pass

The package supports iOS 17, macOS 14, tvOS 17, watchOS 10 and visionOS 1 (Package.swift). The
shims (Tools/SwiftUIShim/Sources/*, Tools/SwiftUIShim/Apple) carry Apple's `@available(iOS …,
macOS …, …)` attributes as the SDK interfaces write them, on the declaration or on its enclosing
type or extension. Every declaration introduced after the floor on any of the five platforms is
collected (its base name and argument labels), and each use of it in the linted sources must sit in
an `if #available(…)`/`guard #available(…)` block or in a declaration marked `@available(…)` whose
versions reach the declaration's on every platform where it is newer than the floor (`*` stands for
the floor, as the compiler reads it: `if #available(iOS 18, *)` does not cover macOS 15).

A use is found by name: `.name(` with the declaration's labels for functions, `.name` for
properties and cases, `Name` for types. On Linux the compiler ignores Apple availability, so this
lint is what checks it.
"""
import glob
import os
import re
import sys

FLOOR = {"iOS": (17, 0), "macOS": (14, 0), "tvOS": (17, 0), "watchOS": (10, 0), "visionOS": (1, 0)}
PLATFORMS = list(FLOOR)
AVAILABLE = re.compile(r"@available\(([^)]*)\)")
DECL = re.compile(
    r"\b(?P<kind>func|var|let|case|struct|class|enum|protocol|typealias)\s+(?P<name>`?[A-Za-z_][A-Za-z0-9_]*`?)"
)


def version(text):
    parts = [int(p) for p in text.split(".") if p.isdigit()]
    return tuple(parts + [0] * (2 - len(parts)))[:2] if parts else None


def parse_available(args):
    """Introduced versions of an @available/#available argument list; None if it introduces none."""
    result = {}
    items = [a.strip() for a in args.split(",")]
    if items and items[0] in PLATFORMS + ["macCatalyst", "OSX"] and len(items) > 1 and ":" in items[1]:
        for item in items[1:]:  # @available(iOS, introduced: 13.0, deprecated: …)
            if item.startswith("introduced:"):
                result[items[0]] = version(item.split(":", 1)[1].strip())
        return result or None
    for item in items:
        m = re.match(r"(iOS|macOS|tvOS|watchOS|visionOS|OSX)\s+([\d.]+)$", item)
        if m:
            result["macOS" if m.group(1) == "OSX" else m.group(1)] = version(m.group(2))
    return result or None


def newer_than_floor(introduced):
    return {p: v for p, v in introduced.items() if p in FLOOR and v > FLOOR[p]}


def labels_of(signature):
    """Argument labels of a declaration's parameter list `(a b: T, _ c: U = x)`."""
    depth, current, params = 0, "", []
    for ch in signature:
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
        if ch == "," and depth == 0:
            params.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        params.append(current)
    labels = []
    for param in params:
        head = param.split(":")[0].strip().split()
        if not head:
            continue
        label = head[0]
        labels.append((label, "=" in param))
    return labels


def shim_declarations(dirs):
    """Declarations of the shims newer than the floor: (kind, name, labels, newer, where)."""
    found = []
    for directory in dirs:
        for path in sorted(glob.glob(os.path.join(directory, "*.swift"))):
            lines = open(path, encoding="utf-8").read().splitlines()
            scopes = []  # (depth, introduced)
            depth = 0
            pending = {}
            for number, line in enumerate(lines, start=1):
                code = line.split("//")[0]
                for m in AVAILABLE.finditer(code):
                    introduced = parse_available(m.group(1))
                    if introduced:
                        for p, v in introduced.items():
                            pending[p] = max(pending.get(p, (0, 0)), v)
                m = DECL.search(code)
                is_ext = re.search(r"\bextension\b", code)
                if (m or is_ext) and not code.strip().startswith("@"):
                    effective = {}
                    for _, intro in scopes:
                        for p, v in intro.items():
                            effective[p] = max(effective.get(p, (0, 0)), v)
                    for p, v in pending.items():
                        effective[p] = max(effective.get(p, (0, 0)), v)
                    if m and "public" in code or (m and m.group("kind") == "case"):
                        newer = newer_than_floor(effective)
                        if newer:
                            name = m.group("name").strip("`")
                            sig = code[m.end():]
                            labels = None
                            if m.group("kind") == "func":
                                sig = sig[sig.index("("):] if "(" in sig else "()"
                                inner, level = "", 0
                                for ch in sig:
                                    if ch == "(":
                                        level += 1
                                        if level == 1:
                                            continue
                                    if ch == ")":
                                        level -= 1
                                        if level == 0:
                                            break
                                    inner += ch
                                labels = labels_of(inner)
                            found.append((m.group("kind"), name, labels, newer, f"{path}:{number}"))
                    if "{" in code:
                        scopes.append((depth, dict(effective)))
                    pending = {}
                depth += code.count("{") - code.count("}")
                while scopes and depth <= scopes[-1][0]:
                    scopes.pop()
    return found


def call_labels(text, start):
    """Labels of the call whose `(` is at text[start]."""
    depth, current, args = 0, "", []
    i = start
    while i < len(text):
        ch = text[i]
        if ch in "([{":
            depth += 1
            if depth == 1:
                i += 1
                continue
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                break
        if ch == "," and depth == 1:
            args.append(current)
            current = ""
        else:
            current += ch
        i += 1
    if current.strip():
        args.append(current)
    labels = []
    for arg in args:
        m = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*:(?!:)", arg)
        labels.append(m.group(1) if m else "_")
    return labels


def matches(decl_labels, used):
    required = [label for label, defaulted in decl_labels if not defaulted]
    names = [label for label, _ in decl_labels]
    if used is None:
        return True
    if any(u not in names for u in used):
        return False
    return all(r in used for r in required) and used == [n for n in names if n in used]


def guards(text):
    """(start, end, introduced) of each `if/guard #available` block and `@available` declaration."""
    spans = []
    for m in re.finditer(r"(#available|@available)\(([^)]*)\)", text):
        introduced = parse_available(m.group(2)) or {}
        brace = text.find("{", m.end())
        if brace < 0:
            continue
        if text[m.start() - 6:m.start()].strip().endswith("guard"):
            # guard #available … else { … }: covers the rest of the enclosing scope
            depth, i = 0, m.start()
            while i > 0 and depth >= 0:
                i -= 1
                depth += {"}": 1, "{": -1}.get(text[i], 0)
            end = closing(text, i) if i > 0 else len(text)
            spans.append((m.end(), end, introduced))
            continue
        spans.append((brace, closing(text, brace), introduced))
    return spans


def closing(text, brace):
    depth = 0
    for i in range(brace, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return len(text)


def covered(position, newer, spans):
    reach = {p: FLOOR[p] for p in FLOOR}
    for start, end, introduced in spans:
        if start <= position <= end:
            for p, v in introduced.items():
                if p in reach:
                    reach[p] = max(reach[p], v)
    return all(reach[p] >= v for p, v in newer.items())


def strip_comments(text):
    return re.sub(r"//[^\n]*", lambda m: " " * len(m.group(0)), text)


def lint(paths, declarations):
    problems = []
    files = []
    for path in paths:
        files += [path] if path.endswith(".swift") else glob.glob(os.path.join(path, "**/*.swift"), recursive=True)
    for path in sorted(set(files)):
        text = strip_comments(open(path, encoding="utf-8").read())
        spans = guards(text)
        for kind, name, labels, newer, where in declarations:
            if kind in ("struct", "class", "enum", "protocol", "typealias"):
                pattern = re.compile(r"\b" + re.escape(name) + r"\b")
            elif kind == "func":
                pattern = re.compile(r"\." + re.escape(name) + r"\s*\(")
            else:
                pattern = re.compile(r"\." + re.escape(name) + r"\b")
            for m in pattern.finditer(text):
                if kind == "func":
                    if not matches(labels, call_labels(text, m.end() - 1)):
                        continue
                if covered(m.start(), newer, spans):
                    continue
                line = text.count("\n", 0, m.start()) + 1
                need = ", ".join(f"{p} {'.'.join(map(str, v))}" for p, v in newer.items())
                problems.append(f"{path}:{line}: '{name}' is newer than the package's floor ({need}; {where}): use it under if #available or @available")
    return problems


def main(argv):
    shims = []
    while "--shim" in argv:
        i = argv.index("--shim")
        shims.append(argv[i + 1])
        del argv[i:i + 2]
    declarations = shim_declarations(shims)
    if argv[:1] == ["--fixtures"]:
        failed = 0
        for path in sorted(glob.glob(os.path.join(argv[1], "*.swift"))):
            problems = lint([path], declarations)
            want_bad = os.path.basename(path).startswith("bad_")
            ok = bool(problems) == want_bad
            failed += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {os.path.basename(path)}: {len(problems)} unguarded use(s)")
        return 1 if failed else 0
    problems = lint(argv, declarations)
    for problem in problems:
        print(problem)
    print(f"availability: {len(declarations)} shim declarations newer than the floor "
          f"(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1); {len(problems)} unguarded use(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
