#!/usr/bin/env bash
# Records the plugin's thresholds (p90 of each metric) into Thresholds/, keeping only the metrics
# that repeat run to run: malloc counts and bytes and the custom counts. Wall clock (and
# instructions, which this machine cannot count) are dropped, so the check never fails on them.
# Run after a change that moves the figures on purpose, then review the diff.
# Thresholds/instructions.json (callgrind.sh) is edited by hand.
set -euo pipefail
cd "$(dirname "$0")"
find Thresholds -name '*.p90.json' -delete
swift package --allow-writing-to-package-directory benchmark thresholds update --no-progress
python3 - <<'PY'
import glob, json
keep = {
    "mallocCountTotal", "mallocBytesCount", "operations ran", "callers resumed",
    "notifications per entry",
}
for path in sorted(glob.glob("Thresholds/*.p90.json")):
    with open(path) as f:
        values = {k: v for k, v in json.load(f).items() if k in keep}
    with open(path, "w") as f:
        json.dump(values, f, indent=2, sort_keys=True)
        f.write("\n")
    print(path, values)
PY
