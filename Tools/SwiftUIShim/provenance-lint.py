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
Prints each uncited declaration and exits 1 if there is any; prints the count of cited
declarations (the shim's declaration count) otherwise.
"""
import glob
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "Sources/SwiftUI")
DECL = re.compile(
    r"^(?P<indent>\s*)(?:@[\w().,:\"* ]+\s+)*(?:nonisolated\s+|@?frozen\s+)*(?:@[\w().,:\"* ]+\s+)*"
    r"(?:public\s+)?(?:nonisolated\s+)?(?:static\s+)?(?:mutating\s+)?"
    r"(?P<kind>struct|enum|protocol|func|init|var|let|macro|subscript|typealias|associatedtype|case)\b"
)
URL = "// Apple: https://developer.apple.com/documentation/"
SDK = "// SDK: "
bad = 0
cited = 0
for path in sorted(glob.glob(os.path.join(root, "*.swift"))):
    lines = open(path, encoding="utf-8").read().splitlines()
    for i, line in enumerate(lines):
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
            if prev.startswith(URL) or prev.startswith(SDK):
                ok = True
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
        print(f"{path}:{i + 1}: public declaration without '{URL}...' provenance: {stripped}")
print(f"provenance: {cited} cited declarations, {bad} uncited")
sys.exit(1 if bad else 0)
