#!/usr/bin/env bash
# Measures wall clock as ratios taken in one run, where absolute times would depend on the
# machine and on what else it runs: WallClock pages through the same precomputed pages with
# PagedLoader, with seed 001's rebuild (`dataState = .success(users + newUsers)` per page) and
# with the floor (one Task per page plus Array.append), back to back, at 100,000 items in pages
# of 50 and of 500 and at 1,000,000 in pages of 50. After a warm-up, each repetition times the
# three with the order rotated; the min and median of each time and of each ratio are printed,
# and the median ratios are checked against Thresholds/wallclock.json.
#
#   Benchmarks/wallclock.sh                    print the figures and check the median ratios
#                                              (exit 1 on a violation)
#   Benchmarks/wallclock.sh --json F           also write all figures to F (relative to
#                                              Benchmarks/)
#   Benchmarks/wallclock.sh --repetitions R    R repetitions of every configuration (default
#                                              5, and 3 at 1,000,000 items)
#
# About 1.5 minutes after the build, most of it the rebuild at 1,000,000 items. Run from
# anywhere.
set -euo pipefail
cd "$(dirname "$0")"

echo "== build WallClock (release)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build -c release --product WallClock >"$log" 2>&1 || { tail -n 30 "$log"; exit 1; }
tail -n 1 "$log"
BIN="$(swift build -c release --show-bin-path)/WallClock"

"$BIN" --check Thresholds/wallclock.json "$@"
