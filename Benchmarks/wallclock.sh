#!/usr/bin/env bash
# Measures wall clock as ratios taken in one run, where absolute times would depend on the
# machine and on what else it runs: WallClock pages through the same precomputed pages with
# PagedLoader, with the rebuild of
# kntkymt's "[SwiftUI] enumを用いた画面の状態管理のすすめ" (`dataState = .success(users + newUsers)` per page) and
# with the floor (one Task per page plus Array.append), back to back, at 100,000 items in pages
# of 50 and of 500 and at 1,000,000 in pages of 50. After a warm-up, each repetition times the
# three with the order rotated; the min and median of each time and of each ratio are printed,
# and the median ratios are checked against Thresholds/wallclock.json.
#
#   Benchmarks/wallclock.sh                    print the figures and check the median ratios
#                                              (exit 1 on a violation)
#   Benchmarks/wallclock.sh --json F           also write the figures of the pinned run to F,
#                                              and of the unpinned one to F.unpinned.json
#                                              (relative to Benchmarks/)
#   Benchmarks/wallclock.sh --repetitions R    R repetitions of every configuration (default
#                                              5, and 3 at 1,000,000 items)
#
# It runs twice. First on whatever CPUs the scheduler picks, reported and not checked; then
# pinned to one CPU, checked. Every page of every variant hops off the main actor and back, and
# on a virtual machine waking a thread on an idle virtual CPU costs tens of microseconds,
# which come and go with the host: unpinned, the floor itself (Task + append) takes from 20 to
# 65 microseconds a page from run to run, the same for the loader, and the ratios move with it.
# On one CPU a hop is a context switch, the same on every run, and the ratios measure the code.
# See README.md.
#
# About 2.5 minutes after the build, most of it the rebuild at 1,000,000 items. Run from
# anywhere.
set -euo pipefail
cd "$(dirname "$0")"

echo "== build WallClock (release)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build -c release --product WallClock >"$log" 2>&1 || { tail -n 30 "$log"; exit 1; }
tail -n 1 "$log"
BIN="$(swift build -c release --show-bin-path)/WallClock"
pinned_json=()
rest=()

# The unpinned run writes its figures beside the pinned run's.
unpinned=()
while [ $# -gt 0 ]; do
  case "$1" in
    --json) unpinned+=(--json "$2.unpinned.json"); pinned_json=(--json "$2"); shift 2 ;;
    *) unpinned+=("$1"); rest+=("$1"); shift ;;
  esac
done

echo "== unpinned (reported, not checked)"
"$BIN" ${unpinned[@]+"${unpinned[@]}"}

# The first CPU this process may run on.
cpu=$(python3 -c 'import os; print(min(os.sched_getaffinity(0)))')
echo
echo "== pinned to CPU $cpu (checked)"
taskset -c "$cpu" "$BIN" --check Thresholds/wallclock.json \
  ${pinned_json[@]+"${pinned_json[@]}"} ${rest[@]+"${rest[@]}"}
