#!/usr/bin/env python3
"""USR check: compare the shim's symbol graph with Apple's doc identifiers, offline.

usage: usr-check.py <dir with the built SwiftUI.swiftmodule and Accessibility.swiftmodule>

Extracts the symbol graph of the shim module (`swift symbolgraph-extract`), then checks
every row of usr-table.tsv. A USR mangles the full signature (labels, generic
requirements, @Sendable/async/isolation), so an exact match is strong evidence that the
shim declaration has Apple's signature.
  match   -> the USR must be in the shim's symbol graph
  cgfloat -> must be there once `14CoreFoundation7CGFloatV` reads `10Foundation7CGFloatV`
  foundation -> must be there once Foundation's `Date` and `Locale` read as FoundationEssentials'
             and the Objective-C `NSAttributedString` as Foundation's Swift class (Linux)
  drift   -> known SDK drift, documented in the reason column: reported, never failed
Exits 1 if a `match`/`cgfloat` row is missing (undocumented drift), 0 otherwise.
"""
import csv
import glob
import json
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
modules = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, ".build-shim/debug/Modules")
out = tempfile.mkdtemp(prefix="shim-symbolgraph-")
# The C module of the shim's OpenCombine dependency (COpenCombineHelpers), which loading the
# shim's module needs: its module map sits in the build folder next to Modules.
module_maps = []
for path in sorted(glob.glob(os.path.join(os.path.dirname(modules), "*.build", "module.modulemap"))):
    module_maps += ["-Xcc", f"-fmodule-map-file={path}"]
# The SwiftUI module, and the Accessibility module beside it (VoiceOver announcements).
for module in ("SwiftUI", "Accessibility"):
    subprocess.run(
        ["swift", "symbolgraph-extract", "-module-name", module, "-I", modules, *module_maps,
         "-target", "x86_64-unknown-linux-gnu" if os.uname().machine == "x86_64" else "aarch64-unknown-linux-gnu",
         "-minimum-access-level", "public", "-output-dir", out],
        check=True,
    )
usrs = {}
for f in glob.glob(os.path.join(out, "*.symbols.json")):
    for s in json.load(open(f))["symbols"]:
        usrs[s["identifier"]["precise"]] = s["pathComponents"]


def normalize(usr):
    return usr.replace("::OverloadGroup", "")


rows = [r for r in csv.reader((l for l in open(os.path.join(here, "usr-table.tsv")) if not l.startswith("#")), delimiter="\t")][1:]
counts = {"match": 0, "cgfloat": 0, "foundation": 0, "drift": 0, "fail": 0}
for page, usr, status, reason in rows:
    usr = normalize(usr)
    linux = usr.replace("14CoreFoundation7CGFloatV", "10Foundation7CGFloatV")
    # Foundation's value types live in FoundationEssentials on Linux, and NSAttributedString is
    # a Swift class of Foundation there rather than an Objective-C class.
    linux_foundation = (
        usr.replace("10Foundation4DateV", "20FoundationEssentials4DateV")
        .replace("10Foundation6LocaleV", "20FoundationEssentials6LocaleV")
        .replace("So18NSAttributedStringC", "10Foundation18NSAttributedStringC")
    )
    if status == "match" and usr in usrs:
        counts["match"] += 1
        print("MATCH    ", page)
    elif status == "cgfloat" and linux in usrs:
        counts["cgfloat"] += 1
        print("MATCH-CG ", page)
    elif status == "foundation" and linux_foundation in usrs:
        counts["foundation"] += 1
        print("MATCH-FD ", page)
    elif status == "drift":
        counts["drift"] += 1
        found = "found anyway" if usr in usrs else "not in shim"
        print(f"DRIFT    {page} ({found}): {reason}")
    else:
        counts["fail"] += 1
        print(f"NO-MATCH {page} {usr} (status {status}: undocumented drift)")
        name = page.rstrip("/").split("/")[-1].split("(")[0].split("-")[0].lower()
        for cand, path in usrs.items():
            if path and path[-1].split("(")[0].lower() == name:
                print("           shim has:", cand)
total = len(rows)
print(
    f"usr-check: {counts['match']} exact + {counts['cgfloat']} CGFloat-module + {counts['foundation']} Foundation-module "
    f"matches of {total} Apple USRs; "
    f"{counts['drift']} documented drift; {counts['fail']} undocumented mismatches"
)
sys.exit(1 if counts["fail"] else 0)
