#!/usr/bin/env python3
"""Apple-only lines: which lines of the package's sources sit under an Apple-only condition
(`#if canImport(UIKit)`, `canImport(Darwin)`, `os(macOS)`, …) and which of them no check compiles.

    apple-lines.py count [--passes FILE] [--root DIR] [--verbose]
    apple-lines.py rewrite --os NAME --out DIR FILE...   (prints the rewritten files' paths)
    apple-lines.py --fixtures DIR                        (each fixture's expected count)

`count` reads the checks that .ci/swiftui-typecheck runs (apple-passes.json: for each pass, the
files it compiles, the modules it can import, the OS it stands for and its -D flags), evaluates
every `#if`/`#elseif`/`#else` of every file under each pass's configuration, and counts:
- Apple-only lines: lines in a branch that the Linux build leaves out and whose conditions name an
  Apple-only module (one the Linux build cannot import) or an Apple OS;
- of those, the lines that no pass compiles. It exits 1 unless that count is 0.

`rewrite` copies files for a pass that stands for an Apple OS, replacing `os(X)` with `true` or
`false` as that OS would see it (the compiler on Linux answers `os(Linux)`), and `canImport(Glibc)`
and `canImport(Musl)` with `false` (Linux-only modules), line for line.

Directives are matched at the start of a line (after spaces). Conditions: canImport(M), os(X),
arch(X), targetEnvironment(X), compiler(…), swift(…), hasFeature(…), flags, !, &&, ||, ( ).
"""
import glob
import json
import os
import re
import sys

APPLE_OSES = {"iOS", "macOS", "tvOS", "watchOS", "visionOS", "macCatalyst", "OSX"}
# Modules that exist on Linux but not on Apple platforms: false in an Apple pass.
LINUX_ONLY = re.compile(r"\bcanImport\((?:Glibc|Musl)\)")
DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")


class Cond:
    """A parsed #if condition."""

    TOKEN = re.compile(r"\s*(\|\||&&|!|\(|\)|[A-Za-z_][A-Za-z0-9_]*(?:\([^()]*\))?)")

    def __init__(self, text):
        text = text.split("//")[0].strip()
        self.tokens = []
        pos = 0
        while pos < len(text):
            m = self.TOKEN.match(text, pos)
            if not m:
                raise ValueError(f"cannot parse condition: {text!r}")
            self.tokens.append(m.group(1))
            pos = m.end()
            while pos < len(text) and text[pos].isspace():
                pos += 1
        self.text = text

    def atoms(self):
        return [t for t in self.tokens if t not in ("||", "&&", "!", "(", ")")]

    def evaluate(self, config):
        self.pos = 0
        value = self._or(config)
        if self.pos != len(self.tokens):
            raise ValueError(f"trailing tokens in condition: {self.text!r}")
        return value

    def _peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def _or(self, config):
        value = self._and(config)
        while self._peek() == "||":
            self.pos += 1
            value = self._and(config) or value
        return value

    def _and(self, config):
        value = self._not(config)
        while self._peek() == "&&":
            self.pos += 1
            value = self._not(config) and value
        return value

    def _not(self, config):
        if self._peek() == "!":
            self.pos += 1
            return not self._not(config)
        if self._peek() == "(":
            self.pos += 1
            value = self._or(config)
            assert self._peek() == ")", self.text
            self.pos += 1
            return value
        atom = self.tokens[self.pos]
        self.pos += 1
        return atom_value(atom, config)


def atom_value(atom, config):
    m = re.match(r"(\w+)\((.*)\)$", atom)
    if not m:
        if atom in ("true", "false"):
            return atom == "true"
        return atom in config["defines"]
    kind, arg = m.group(1), m.group(2).strip()
    if kind == "canImport":
        return arg in config["modules"]
    if kind == "os":
        return arg == config["os"]
    if kind == "targetEnvironment":
        return False
    if kind in ("compiler", "swift"):
        return True  # Swift 6.3 here, 6.1 or later where the package builds
    if kind == "hasFeature":
        return True
    if kind == "arch":
        return True
    raise ValueError(f"unknown condition {atom}")


def apple_atom(atom, linux):
    m = re.match(r"(\w+)\((.*)\)$", atom)
    if not m:
        return False
    kind, arg = m.group(1), m.group(2).strip()
    if kind == "canImport":
        return arg not in linux["modules"] and arg not in linux.get("not_apple", [])
    if kind == "os":
        return arg in APPLE_OSES
    return False


def branches(lines):
    """For each line, the chain of (condition, negated-previous) clauses that governs it."""
    stack = []  # each: {"conds": [Cond...] of the chain so far, "current": index}
    governed = []
    for line in lines:
        m = DIRECTIVE.match(line)
        if m:
            kind, rest = m.group(1), m.group(2)
            if kind == "if":
                stack.append({"conds": [Cond(rest)], "else": False})
            elif kind == "elseif":
                stack[-1]["conds"].append(Cond(rest))
            elif kind == "else":
                stack[-1]["else"] = True
            elif kind == "endif":
                stack.pop()
            governed.append(None)  # directive lines are not code
            continue
        governed.append([(list(frame["conds"]), frame["else"]) for frame in stack])
    return governed


def active(chain, config):
    for conds, is_else in chain:
        previous = conds if is_else else conds[:-1]
        if any(c.evaluate(config) for c in previous):
            return False
        if not is_else and not conds[-1].evaluate(config):
            return False
    return True


def is_apple_only(chain, linux):
    return any(apple_atom(a, linux) for conds, _ in chain for c in conds for a in c.atoms())


def files_of(patterns, root):
    out = []
    for pattern in patterns:
        out += [
            p for p in glob.glob(os.path.join(root, pattern), recursive=True)
            if p.endswith(".swift") and ".docc/" not in p
        ]
    return sorted(set(os.path.relpath(p, root) for p in out))


def count(passes, root, verbose=False):
    linux = dict(passes["linux"], not_apple=passes.get("not_apple", []))
    checks = passes["passes"]
    universe = files_of(passes["sources"], root)
    apple_lines = 0
    covered_lines = 0
    uncovered = []
    for path in universe:
        lines = open(os.path.join(root, path), encoding="utf-8").read().splitlines()
        governed = branches(lines)
        configs = [p for p in checks if path in files_of(p["files"], root)]
        for number, chain in enumerate(governed, start=1):
            if chain is None or not lines[number - 1].strip():
                continue
            if active(chain, linux) or not is_apple_only(chain, linux):
                continue
            apple_lines += 1
            if any(active(chain, c) for c in configs):
                covered_lines += 1
            else:
                uncovered.append((path, number, lines[number - 1].strip()))
    return apple_lines, covered_lines, uncovered


def rewrite(target_os, out, files):
    os.makedirs(out, exist_ok=True)
    pattern = re.compile(r"\bos\((\w+)\)")
    for path in files:
        text = open(path, encoding="utf-8").read()
        lines = []
        for line in text.splitlines(keepends=True):
            if DIRECTIVE.match(line):
                line = pattern.sub(lambda m: "true" if m.group(1) == target_os else "false", line)
                line = LINUX_ONLY.sub("false", line)
            lines.append(line)
        dest = os.path.join(out, path.replace("/", "__"))
        with open(dest, "w", encoding="utf-8") as f:
            f.write("".join(lines))
        print(dest)


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    if argv[:1] == ["rewrite"]:
        target_os = argv[argv.index("--os") + 1]
        out = argv[argv.index("--out") + 1]
        files = argv[argv.index("--out") + 2:]
        rewrite(target_os, out, files)
        return 0
    if argv[:1] == ["--fixtures"]:
        fixtures = argv[1]
        failed = 0
        for spec in sorted(glob.glob(os.path.join(fixtures, "*.json"))):
            passes = json.load(open(spec))
            expected = passes["expect_uncovered"]
            _, _, uncovered = count(passes, fixtures)
            ok = len(uncovered) == expected
            failed += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {os.path.basename(spec)}: {len(uncovered)} uncovered Apple-only line(s), expected {expected}")
        return 1 if failed else 0
    passes_file = os.path.join(here, "apple-passes.json")
    root = os.getcwd()
    if "--passes" in argv:
        passes_file = argv[argv.index("--passes") + 1]
    if "--root" in argv:
        root = argv[argv.index("--root") + 1]
    passes = json.load(open(passes_file))
    apple_lines, covered, uncovered = count(passes, root, verbose="--verbose" in argv)
    for path, number, text in uncovered:
        print(f"{path}:{number}: Apple-only line that no check compiles: {text}")
    print(f"apple-lines: {apple_lines} Apple-only lines, {covered} type-checked by a pass, {len(uncovered)} never type-checked")
    return 1 if uncovered else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
