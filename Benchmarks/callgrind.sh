#!/usr/bin/env bash
# Counts instructions with callgrind, where hardware counters are unavailable (as on Linux
# VMs): each scenario of CallgrindProbe runs under `valgrind --tool=callgrind`, and a run that
# does everything but the measured loop (n = 0, or paging-setup) is subtracted, so the figures
# measure the loop alone. Instruction counts repeat for the same binary and inputs, whatever
# else the machine does.
#
#   Benchmarks/callgrind.sh           print the figures and check them against
#                                     Thresholds/instructions.json (exit 1 on a violation)
#   Benchmarks/callgrind.sh --json F  also write the measured figures to F
#
# Needs valgrind and python3. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")"

JSON_OUT=""
if [ "${1:-}" = "--json" ]; then JSON_OUT=$2; fi

LOAD_CYCLES=${LOAD_CYCLES:-200}
BARE_AWAITS=${BARE_AWAITS:-10000}
ITEMS=${ITEMS:-100000}
IDLE_LOADERS=10000

command -v valgrind >/dev/null || { echo "error: valgrind is not installed"; exit 1; }

echo "== build CallgrindProbe (release)"
swift build -c release --product CallgrindProbe 2>&1 | tail -n 1
BIN="$(swift build -c release --show-bin-path)/CallgrindProbe"

# valgrind 3.19 cannot read the DWARF 5 that Swift 6.3 emits: run a copy without debug info
# (the symbol table stays, so callgrind_annotate still names functions).
WORK=$(mktemp -d "${TMPDIR:-/tmp}/callgrind.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cp "$BIN" "$WORK/CallgrindProbe"
strip --strip-debug "$WORK/CallgrindProbe"
PROBE="$WORK/CallgrindProbe"

# instructions SCENARIO N: the total instructions of one run.
instructions() {
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$PROBE" "$1" "$2" 2>&1) || {
    echo "$out" | tail -n 20 >&2
    echo "error: $1 $2 failed under callgrind" >&2
    exit 1
  }
  echo "$out" | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo "== callgrind (instructions; about 5 minutes)"
declare -A I
for run in "load-cycle 0" "load-cycle $LOAD_CYCLES" "bare-await 0" "bare-await $BARE_AWAITS" \
  "paging-setup $ITEMS" "paging-append $ITEMS" "paging-loader $ITEMS" "paging-rebuild $ITEMS" \
  "paging-await-append $ITEMS" "paging-identified $ITEMS" \
  "merge-setup $ITEMS" "merge-append $ITEMS" "merge-ascending $ITEMS" \
  "merge-identified-array $ITEMS" "merge-setup-random $ITEMS" "merge-random $ITEMS" \
  "merge-trivial-ascending $ITEMS" "merge-trivial-setup-random $ITEMS" \
  "merge-trivial-random $ITEMS" \
  "observe-generic 0" "observe-generic 1000" "observe-concrete 1000" "observe-cached 1000"; do
  start=$SECONDS
  I[$run]=$(instructions $run)
  printf '  %-24s %14s instructions  (%ss)\n' "$run" "${I[$run]}" $((SECONDS - start))
done

# mallocs SCENARIO N: the heap allocations of one run, from memcheck's summary.
mallocs() {
  valgrind --tool=memcheck --leak-check=no "$PROBE" "$1" "$2" 2>&1 \
    | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}

# The plugin's LoadCycle hangs in the benchmark harness on Linux (see README.md): count a
# cycle's mallocs here, under memcheck, with the main actor on the main run loop.
echo "== memcheck (mallocs)"
M0=$(mallocs load-cycle 0)
MN=$(mallocs load-cycle "$LOAD_CYCLES")
echo "  load-cycle 0: $M0 mallocs, load-cycle $LOAD_CYCLES: $MN mallocs"

echo "== observation notifications per cycle"
NOTIFY_LINE=$("$BIN" notifications 100)
echo "  100 cycles: $NOTIFY_LINE"
read -r N_LOAD N_RELOAD N_RESET < <(echo "$NOTIFY_LINE" | sed -n \
  's/notifications: load \([0-9]*\), reload \([0-9]*\), reset \([0-9]*\)/\1 \2 \3/p')

echo "== heap of idle loaders (mallinfo2, chunk overhead included)"
IDLE_LINE=$("$BIN" idle-memory "$IDLE_LOADERS")
echo "  $IDLE_LINE"
IDLE_BYTES=$(echo "$IDLE_LINE" | sed -n 's/.*heap bytes: \([0-9]*\).*/\1/p')

python3 - "$JSON_OUT" <<PY
import json, sys

runs = {
    "cycle0": ${I["load-cycle 0"]}, "cycleN": ${I["load-cycle $LOAD_CYCLES"]},
    "bare0": ${I["bare-await 0"]}, "bareN": ${I["bare-await $BARE_AWAITS"]},
    "setup": ${I["paging-setup $ITEMS"]}, "append": ${I["paging-append $ITEMS"]},
    "loader": ${I["paging-loader $ITEMS"]}, "rebuild": ${I["paging-rebuild $ITEMS"]},
    "awaitAppend": ${I["paging-await-append $ITEMS"]},
    "identified": ${I["paging-identified $ITEMS"]},
    "mergeSetup": ${I["merge-setup $ITEMS"]}, "mergeAppend": ${I["merge-append $ITEMS"]},
    "mergeAscending": ${I["merge-ascending $ITEMS"]},
    "mergeIdentifiedArray": ${I["merge-identified-array $ITEMS"]},
    "mergeSetupRandom": ${I["merge-setup-random $ITEMS"]},
    "mergeRandom": ${I["merge-random $ITEMS"]},
    "trivialAscending": ${I["merge-trivial-ascending $ITEMS"]},
    "trivialSetupRandom": ${I["merge-trivial-setup-random $ITEMS"]},
    "trivialRandom": ${I["merge-trivial-random $ITEMS"]},
    "observe0": ${I["observe-generic 0"]}, "generic": ${I["observe-generic 1000"]},
    "concrete": ${I["observe-concrete 1000"]}, "cached": ${I["observe-cached 1000"]},
}
cycles, awaits, items, pages = $LOAD_CYCLES, $BARE_AWAITS, $ITEMS, -(-$ITEMS // 50)
cycle = (runs["cycleN"] - runs["cycle0"]) / cycles
bare = (runs["bareN"] - runs["bare0"]) / awaits
loader = runs["loader"] - runs["setup"]
rebuild = runs["rebuild"] - runs["setup"]
append = runs["append"] - runs["setup"]
# The merge alone (issue 10, target 1), per item: entries of an Int id, a short String and an
# Int, and the paging scenarios' two-Int items, each against Array.append of the same pages.
merge_append = (runs["mergeAppend"] - runs["mergeSetup"]) / items
merge_ascending = (runs["mergeAscending"] - runs["mergeSetup"]) / items
merge_random = (runs["mergeRandom"] - runs["mergeSetupRandom"]) / items
trivial_append = append / items
trivial_ascending = (runs["trivialAscending"] - runs["setup"]) / items
trivial_random = (runs["trivialRandom"] - runs["trivialSetupRandom"]) / items
figures = {
    "mallocsPerLoadCycle": round(($MN - $M0) / cycles, 1),
    # idle → loading → loaded (load), → reloading → loaded (reload), → idle (reset).
    "notificationsPerLoadCycle": ($N_LOAD + $N_RELOAD + $N_RESET) / 100,
    "notificationsPerLoad": $N_LOAD / 100,
    "notificationsPerReload": $N_RELOAD / 100,
    "instructionsPerLoadCycle": round(cycle),
    "instructionsPerBareAwait": round(bare, 1),
    # A cycle runs the operation twice (load and reload): compare it with two bare awaits.
    "loadCycleVsTwoBareAwaits": round(cycle / (2 * bare), 2),
    "pagingLoaderInstructions": loader,
    "pagingLoaderInstructionsPerPage": round(loader / pages),
    "pagingRebuildInstructions": rebuild,
    "pagingAppendInstructions": append,
    "pagingLoaderVsAppend": round(loader / append, 2),
    "pagingRebuildVsLoader": round(rebuild / loader, 2),
    "idleLoaderHeapBytes": round($IDLE_BYTES / $IDLE_LOADERS),
    "mergeAscendingVsAppend": round(merge_ascending / merge_append, 2),
    "mergeRandomVsAppend": round(merge_random / merge_append, 2),
    "mergeTrivialAscendingVsAppend": round(trivial_ascending / trivial_append, 2),
    "mergeTrivialRandomVsAppend": round(trivial_random / trivial_append, 2),
    "mergeAppendInstructionsPerItem": round(merge_append, 1),
    "mergeAscendingInstructionsPerItem": round(merge_ascending, 1),
    "mergeRandomInstructionsPerItem": round(merge_random, 1),
    "mergeTrivialAppendInstructionsPerItem": round(trivial_append, 1),
    "mergeTrivialAscendingInstructionsPerItem": round(trivial_ascending, 1),
    "mergeTrivialRandomInstructionsPerItem": round(trivial_random, 1),
    # For the record: today's default merge, IdentifiedArray.updateOrAppend per entry.
    "mergeIdentifiedArrayInstructionsPerItem": round(
        (runs["mergeIdentifiedArray"] - runs["mergeSetup"]) / items, 1),
    # Decomposition, not checked: what a page costs an awaiting pager and IdentifiedArray.
    "pagingAwaitAppendInstructionsPerPage": round((runs["awaitAppend"] - runs["setup"]) / pages),
    "identifiedArrayInstructionsPerItem": round((runs["identified"] - runs["setup"]) / items),
    # One read and one write of an observed property: a generic @Observable class forms its
    # key path anew each time; a non-generic one, or one that caches it, does not.
    "observedAccessGenericInstructions": round((runs["generic"] - runs["observe0"]) / 1000),
    "observedAccessConcreteInstructions": round((runs["concrete"] - runs["observe0"]) / 1000),
    "observedAccessCachedKeyPathInstructions": round((runs["cached"] - runs["observe0"]) / 1000),
}
print("== figures")
for key, value in figures.items():
    print(f"  {key:42} {value:>16,}")
if sys.argv[1]:
    with open(sys.argv[1], "w") as f:
        json.dump(figures, f, indent=2)

limits = json.load(open("Thresholds/instructions.json"))["limits"]
failed = False
print("== check against Thresholds/instructions.json")
for key, limit in limits.items():
    value = figures[key]
    ok = limit.get("min", value) <= value <= limit.get("max", value)
    bound = " ".join(f"{k} {limit[k]:,}" for k in ("min", "max") if k in limit)
    target = limit.get("target", "")
    met = ""
    if target:
        reached = value >= target if key == "pagingRebuildVsLoader" else value <= target
        met = "target met" if reached else f"target {target:,} NOT met"
    print(f"  {'ok  ' if ok else 'FAIL'} {key:42} {value:>14,} {bound:>22}   {met}")
    failed |= not ok
if failed:
    print("error: an instruction figure exceeds its committed threshold")
    sys.exit(1)
print("instruction thresholds: all within limits")
PY
