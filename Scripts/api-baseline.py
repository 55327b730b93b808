#!/usr/bin/env python3
"""Writes the public API of one module as sorted, readable text, from its symbol graphs.

Usage: api-baseline.py MODULE SYMBOL_GRAPH_DIR OUTPUT_FILE [REEXPORTED_GRAPH ...]

REEXPORTED_GRAPH: the symbol graph (MODULE.symbols.json) of a module that MODULE re-exports
(`@_exported import`): the compiler copies its symbols into MODULE's graph, and they are left
out here, being that module's API (AsyncContent re-exports AsyncContentCore).

Reads MODULE.symbols.json (the module's own declarations) and every MODULE@OTHER.symbols.json
(its extensions of OTHER's types) in SYMBOL_GRAPH_DIR, and writes one line per public symbol:

    <path>  <kind>  <declaration>

where the path names the symbol as a user spells it (members under their type; a member of an
extension of another module's type under that module, `Swift.Duration.seconds`), and the
declaration is the symbol graph's declaration fragments joined. Conformances the module declares
are lines too (`LoadPhase  conformance  Equatable`), and so is a class's superclass. Synthesized members (the `==` of a
synthesized Equatable, a protocol's default members copied onto each conforming type) are left
out: a user names them through the protocol, and they would bury the API in noise.

Prints `MODULE <count>`: the number of public top-level types (classes, structs, enums, actors,
protocols and typealiases; extensions do not count). Scripts/api-baseline.sh calls it.
"""

import json
import os
import re
import sys

TYPE_KINDS = {"class", "struct", "enum", "actor", "protocol", "typealias"}
# Conformances every type has, or that the compiler adds to every type; not API decisions.
# (SendableMetatype comes with every Sendable conformance.)
IMPLICIT_CONFORMANCES = {"Copyable", "Escapable", "BitwiseCopyable", "SendableMetatype"}


def kind_of(symbol):
    identifier = symbol["kind"]["identifier"]
    return identifier[len("swift."):] if identifier.startswith("swift.") else identifier


# A setter narrower than its property: `public private(set) var`, `package(set)`.
NARROW_SETTER = re.compile(r"\b(?:private|fileprivate|internal|package)\(set\)")
_source_lines = {}


def source_line(symbol):
    """The source line that declares `symbol` (the symbol graph's location), or ''."""
    location = symbol.get("location") or {}
    uri, line = location.get("uri", ""), location.get("position", {}).get("line")
    if not uri.startswith("file://") or line is None:
        return ""
    path = uri[len("file://") :]
    if path not in _source_lines:
        try:
            _source_lines[path] = open(path, encoding="utf-8").read().split("\n")
        except OSError:
            _source_lines[path] = []
    lines = _source_lines[path]
    return lines[line] if line < len(lines) else ""


def declaration(symbol):
    """The declaration as written, with its access level (`open` matters to a subclass).

    The symbol graph writes `{ get set }` for a property whose setter is narrower than the
    property (`public private(set) var`), which has no public setter: such a property reads
    `{ get }`, found by its declaring line in the source.
    """
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    text = re.sub(r"\s+", " ", text).strip()
    if text.endswith("{ get set }") and NARROW_SETTER.search(source_line(symbol)):
        text = text[: -len("{ get set }")] + "{ get }"
    return f"{symbol.get('accessLevel', 'public')} {text}"


def constraint_text(constraint):
    relation = {"conformance": ":", "superclass": ":", "sameType": "=="}.get(
        constraint["kind"], constraint["kind"]
    )
    return f"{constraint['lhs']} {relation} {constraint['rhs']}"


def main():
    module, directory, output = sys.argv[1:4]
    reexported = set()
    for path in sys.argv[4:]:
        reexported.update(symbol["identifier"]["precise"] for symbol in json.load(open(path))["symbols"])
    graphs = []
    for name in sorted(os.listdir(directory)):
        if name == f"{module}.symbols.json":
            graphs.append((None, os.path.join(directory, name)))
        elif name.startswith(f"{module}@") and name.endswith(".symbols.json"):
            extended = name[len(module) + 1 : -len(".symbols.json")]
            graphs.append((extended, os.path.join(directory, name)))
    if not any(extended is None for extended, _ in graphs):
        sys.exit(f"error: no {module}.symbols.json in {directory}")

    lines = set()
    top_level_types = 0
    loaded = [(extended, json.load(open(path))) for extended, path in graphs]
    # Every symbol's name, so a relationship to a type of this module reads as its name.
    paths = {}
    # Every symbol's own generic constraints, which a conformance's constraints repeat.
    declared = {}
    for extended, graph in loaded:
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            name = ".".join(symbol["pathComponents"])
            paths[precise] = f"{extended}.{name}" if extended else name
            declared[precise] = {
                constraint_text(c) for c in symbol.get("swiftGenerics", {}).get("constraints", [])
            }
    for extended, graph in loaded:
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise or precise in reexported:
                continue
            kind = kind_of(symbol)
            if kind == "extension":
                continue
            components = symbol["pathComponents"]
            name = paths[precise]
            lines.add(f"{name}  {kind}  {declaration(symbol)}")
            if extended is None and len(components) == 1 and kind in TYPE_KINDS:
                top_level_types += 1
        for relationship in graph.get("relationships", []):
            kind = {"conformsTo": "conformance", "inheritsFrom": "superclass"}.get(
                relationship["kind"]
            )
            source = paths.get(relationship["source"])
            if (
                kind is None
                or source is None
                or "::SYNTHESIZED::" in relationship["source"]
                or relationship["source"] in reexported
            ):
                continue
            target = (
                paths.get(relationship["target"])
                or relationship.get("targetFallback")
                or relationship["target"]
            )
            if target.startswith("Swift."):
                target = target[len("Swift."):]
            if target in IMPLICIT_CONFORMANCES:
                continue
            # The conditions of a conditional conformance, without what every type has
            # (Copyable, Escapable) and what the type's own declaration already requires.
            constraints = [
                constraint_text(c)
                for c in relationship.get("swiftConstraints") or []
                if c["rhs"] not in IMPLICIT_CONFORMANCES
            ]
            constraints = [
                c for c in constraints if c not in declared.get(relationship["source"], set())
            ]
            where = " where " + ", ".join(constraints) if constraints else ""
            lines.add(f"{source}  {kind}  {target}{where}")

    with open(output, "w") as file:
        file.write(f"// The public API of {module}: written by Scripts/api-baseline.sh --update.\n")
        file.write("// One line per public symbol: path, kind, declaration. As compiled on Linux (the\n")
        file.write("// SwiftUI layer against the SwiftUI shim): Apple-only branches such as\n")
        file.write("// `#if canImport(Combine)` are not listed.\n")
        for line in sorted(lines, key=lambda line: (line.lower(), line)):
            file.write(line + "\n")
    print(f"{module} {top_level_types}")


if __name__ == "__main__":
    main()
