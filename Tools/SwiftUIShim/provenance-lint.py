#!/usr/bin/env python3
"""Provenance lint for the SwiftUI interface shim.

Every public declaration (type, protocol, func, init, var, let, case, subscript,
typealias, associatedtype) in Sources/SwiftUI/*.swift must have a
`// Apple: https://developer.apple.com/documentation/...` comment on the line(s)
directly above it (attributes and other comments may sit in between), unless it is
 - a member of a type whose own declaration is cited (members of an `extension`
   always need their own URL), or
 - a `typealias Body = Never` (primitive-view plumbing), or
 - shim plumbing: named `_Shim...` or marked `@_spi(ShimInternal)`.
Top-level `extension` lines are not declarations and need no URL.
A `// SDK: <interface file> (<SDK version>): <declaration as written there>` line counts as
provenance too: the declaration transcribed from Apple's SDK interface (issue 31).

With `--require-sdk` (the Apple interface shims, Tools/SwiftUIShim/Apple), only `// SDK:` lines
count: every declaration there names its interface file and SDK version. The one exception is a
declaration whose header the SDK mirror lacks: its comment block says `NOT IN THE SDK MIRROR`
and cites the documentation page (`// Apple: https://…`), which prints the Swift declaration.

Everywhere: an `@available(…)` attribute that introduces a declaration (or an extension) after
the package's floor (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1) must sit under a comment
block with an `// SDK:` line and the marker `NEWER THAN THE FLOOR`, so that a reader sees it may
be used only under `if #available` (availability-lint.py enforces the uses).
Prints each problem and exits 1 if there is any; prints the counts (declarations cited, and of
them cited from an SDK interface) otherwise.
"""
import glob
import os
import re
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
REQUIRE_SDK = "--require-sdk" in sys.argv
root = args[0] if args else os.path.join(os.path.dirname(__file__), "Sources/SwiftUI")
FLOOR = {"iOS": (17, 0), "macOS": (14, 0), "tvOS": (17, 0), "watchOS": (10, 0), "visionOS": (1, 0)}


def newer_than_floor(attribute):
    """Platforms on which an @available attribute introduces something after the floor."""
    newer = []
    for m in re.finditer(r"\b(iOS|macOS|tvOS|watchOS|visionOS)\s+(\d+)(?:\.(\d+))?", attribute):
        v = (int(m.group(2)), int(m.group(3) or 0))
        if v > FLOOR[m.group(1)]:
            newer.append(f"{m.group(1)} {m.group(2)}")
    return newer


def comment_block_above(lines, i):
    """The comment and attribute lines directly above line i."""
    block = []
    j = i - 1
    while j >= 0 and (lines[j].strip().startswith("//") or lines[j].strip().startswith("@")):
        block.append(lines[j].strip())
        j -= 1
    return block
DECL = re.compile(
    r"^(?P<indent>\s*)(?:@[\w().,:\"* ]+\s+)*(?:nonisolated\s+|@?frozen\s+)*(?:@[\w().,:\"* ]+\s+)*"
    r"(?:public\s+)?(?:nonisolated\s+)?(?:static\s+)?(?:mutating\s+)?"
    r"(?P<kind>struct|enum|protocol|func|init|var|let|macro|subscript|typealias|associatedtype|case)\b"
)
URL = "// Apple: https://developer.apple.com/documentation/"
SDK = "// SDK: "
bad = 0
cited = 0
from_sdk = 0
for path in sorted(glob.glob(os.path.join(root, "*.swift"))):
    lines = open(path, encoding="utf-8").read().splitlines()
    for i, line in enumerate(lines):
        attribute = re.match(r"\s*@available\((.*)\)\s*$", line)
        if attribute and newer_than_floor(attribute.group(1)):
            block = comment_block_above(lines, i)
            if not any(b.startswith(SDK) for b in block) or not any("NEWER THAN THE FLOOR" in b for b in block):
                bad += 1
                print(f"{path}:{i + 1}: introduced after the floor ({', '.join(newer_than_floor(attribute.group(1)))}) "
                      "without an '// SDK:' line and the marker 'NEWER THAN THE FLOOR' above it")
        m = DECL.match(line)
        if not m:
            continue
        stripped = line.strip()
        # only public API (top-level public decls, protocol requirements, enum cases)
        in_protocol_or_enum = m.group("kind") in ("associatedtype", "case")
        if "public" not in line and not in_protocol_or_enum and not re.match(r"^\s+(@\S+\s+)*(var|func|init|associatedtype|static var)\b", line):
            continue
        if "private" in line or "internal" in line or "fileprivate" in line:
            continue
        declared = line[m.end():].split("(")[0].split(":")[0].split("<")[0].strip()
        if "typealias Body = Never" in line or declared.startswith("_Shim"):
            continue
        # walk up over attributes/comments directly above
        j = i - 1
        ok = False
        while j >= 0:
            prev = lines[j].strip()
            not_mirrored = prev.startswith(URL) and any(
                "NOT IN THE SDK MIRROR" in b for b in comment_block_above(lines, i))
            if prev.startswith(SDK) or (prev.startswith(URL) and (not REQUIRE_SDK or not_mirrored)):
                ok = True
                if prev.startswith(SDK):
                    from_sdk += 1
                break
            if prev.startswith("//") or prev.startswith("@") or prev.startswith("///"):
                if "shim-internal" in prev or "ShimInternal" in prev:
                    ok = True
                    break
                j -= 1
                continue
            break
        if ok:
            cited += 1
            continue
        if len(m.group("indent")) > 0 and m.group("kind") not in ("struct", "enum", "protocol"):
            # member of a cited type: tolerated. Members of extensions are not: an extension
            # line cites nothing, so each of its public members needs its own URL.
            k = i - 1
            while k >= 0 and (not lines[k].strip() or lines[k][0] in " \t}/"):
                k -= 1
            opener = re.sub(r"^(@\S+\s+|nonisolated\s+)*", "", lines[k].strip()) if k >= 0 else ""
            if not opener.startswith("extension"):
                continue
        bad += 1
        wanted = SDK if REQUIRE_SDK else f"{URL}... or {SDK}"
        print(f"{path}:{i + 1}: public declaration without '{wanted}' provenance: {stripped}")
print(f"provenance: {cited} cited declarations ({from_sdk} with their SDK interface declaration), {bad} problem(s)")
sys.exit(1 if bad else 0)
