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

# Steady state: each per-operation figure is the difference of two runs of different lengths,
# divided by the difference in operations, so the costs that come once (the first dynamic cast
# of a type scans the conformance tables, a first Task starts the thread pool, caches fill) are
# left out of both the loaders and their floors.
CYCLES_FROM=20; CYCLES_TO=520            # load cycles
AWAITS_FROM=40; AWAITS_TO=1040           # Task { await op() }.value, two per load cycle
ITEMS_FROM=10000; ITEMS=${ITEMS:-100000} # paging, in pages of 50 and of 500
BARE_AWAITS=10000
IDLE_LOADERS=10000
STORE_LOOKUPS=100000                       # in a store of 10,000 live keys (CallgrindProbe)
EVICT_FROM=1000; EVICT_TO=10000          # unobserved entries evicted after gcAfter
STORE_ENTRIES=10000                       # heap per cached entry
INVALIDATED=1000                          # observed entries invalidated
POLLED=1000                               # observed keys polling at one interval
SELECT_CHANGES=1000                       # edits of a field a selection reads, and of another
PERSISTED=10000                           # entries in the persistent cache's prepared database
RESTORE_FROM=200; RESTORE_TO=1200         # restores from it (loader(for:)), and GRDB fetches
PERSIST_CHANGES=1000                      # changes of one persisted key within one second

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
# The persistent cache's databases (PersistenceScenarios.swift): made in the run, deleted after.
export PERSIST_DIR="$WORK/persist"
mkdir -p "$PERSIST_DIR"

# The store's scenarios run with Swift's hashing seeded the same in every process: with a seed
# of its own each run, the probing of the store's dictionary of 10,000 keys, and so a lookup or
# an eviction, moved from run to run (a lookup 5,607 to 5,768 instructions, an eviction 7,048
# to 8,605); seeded alike, two runs differ by a few instructions in 300 million.
#
# hashing SCENARIO: the command prefix that sets it for a store scenario, none otherwise.
hashing() {
  case $1 in
    store-* | persist-*) echo "env SWIFT_DETERMINISTIC_HASHING=1" ;;
    *) echo "" ;;
  esac
}

# instructions SCENARIO N [PAGE SIZE]: the total instructions of one run.
instructions() {
  local out
  # shellcheck disable=SC2046
  out=$($(hashing "$1") valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$PROBE" "$@" 2>&1) || {
    echo "$out" | tail -n 20 >&2
    echo "error: $* failed under callgrind" >&2
    exit 1
  }
  echo "$out" | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# The database that persist-restore reads, written natively before the callgrind runs: 10,000
# countries through a store's setValue and the cache's flush, then PRAGMA
# wal_checkpoint(TRUNCATE). The restores only read it, so every run reads the same file.
echo "== the persistent cache: a database of $PERSISTED entries, bytes on disk"
PREPARE_LINE=$(SWIFT_DETERMINISTIC_HASHING=1 "$PROBE" persist-prepare "$PERSISTED")
echo "  $PREPARE_LINE"
read -r P_ENTRIES P_FILE_BYTES P_ENCODED_BYTES < <(echo "$PREPARE_LINE" | sed -n \
  's/persisted entries: \([0-9]*\), file bytes: \([0-9]*\), encoded value bytes: \([0-9]*\)/\1 \2 \3/p')

echo "== callgrind (instructions; about 7 minutes)"
declare -A I
for run in "load-cycle $CYCLES_FROM" "load-cycle $CYCLES_TO" \
  "task-await $AWAITS_FROM" "task-await $AWAITS_TO" "bare-await 0" "bare-await $BARE_AWAITS" \
  "paging-setup $ITEMS_FROM 50" "paging-setup $ITEMS 50" \
  "paging-loader $ITEMS_FROM 50" "paging-loader $ITEMS 50" \
  "paging-task-append $ITEMS_FROM 50" "paging-task-append $ITEMS 50" \
  "paging-setup $ITEMS_FROM 500" "paging-setup $ITEMS 500" \
  "paging-loader $ITEMS_FROM 500" "paging-loader $ITEMS 500" \
  "paging-task-append $ITEMS_FROM 500" "paging-task-append $ITEMS 500" \
  "paging-rebuild $ITEMS 50" "paging-append $ITEMS 50" "paging-identified $ITEMS 50" \
  "merge-setup $ITEMS" "merge-append $ITEMS" "merge-ascending $ITEMS" \
  "merge-identified-array $ITEMS" "merge-setup-random $ITEMS" "merge-random $ITEMS" \
  "merge-trivial-ascending $ITEMS" "merge-trivial-setup-random $ITEMS" \
  "merge-trivial-random $ITEMS" \
  "observe-generic 0" "observe-generic 1000" "observe-concrete 1000" "observe-cached 1000" \
  "store-lookup 0" "store-lookup $STORE_LOOKUPS" \
  "store-dictionary-lookup 0" "store-dictionary-lookup $STORE_LOOKUPS" \
  "store-int-dictionary-lookup 0" "store-int-dictionary-lookup $STORE_LOOKUPS" \
  "store-evict-setup $EVICT_FROM" "store-evict $EVICT_FROM" \
  "store-evict-setup $EVICT_TO" "store-evict $EVICT_TO" \
  "persist-restore $RESTORE_FROM" "persist-restore $RESTORE_TO" \
  "persist-restore-floor $RESTORE_FROM" "persist-restore-floor $RESTORE_TO" \
  "persist-launch 0" "persist-launch 1" "persist-launch-floor 0" "persist-launch-floor 1"; do
  start=$SECONDS
  I[$run]=$(instructions $run)
  printf '  %-28s %14s instructions  (%ss)\n' "$run" "${I[$run]}" $((SECONDS - start))
done

# mallocs SCENARIO N: the heap allocations of one run, from memcheck's summary.
mallocs() {
  # shellcheck disable=SC2046
  $(hashing "$1") valgrind --tool=memcheck --leak-check=no "$PROBE" "$1" "$2" 2>&1 \
    | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}

# The plugin's LoadCycle hangs in the benchmark harness on Linux (see README.md): count a
# cycle's mallocs here, under memcheck, with the main actor on the main run loop, against the
# mallocs of its floor, two Task { await op() }.value.
echo "== memcheck (mallocs)"
M_CYCLES_FROM=$(mallocs load-cycle $CYCLES_FROM)
M_CYCLES_TO=$(mallocs load-cycle $CYCLES_TO)
M_AWAITS_FROM=$(mallocs task-await $AWAITS_FROM)
M_AWAITS_TO=$(mallocs task-await $AWAITS_TO)
echo "  load-cycle $CYCLES_FROM: $M_CYCLES_FROM, $CYCLES_TO: $M_CYCLES_TO;" \
  "task-await $AWAITS_FROM: $M_AWAITS_FROM, $AWAITS_TO: $M_AWAITS_TO"

M_LOOKUP_0=$(mallocs store-lookup 0)
M_LOOKUP_N=$(mallocs store-lookup $STORE_LOOKUPS)
echo "  store-lookup 0: $M_LOOKUP_0, $STORE_LOOKUPS: $M_LOOKUP_N"

M_RESTORE_FROM=$(mallocs persist-restore $RESTORE_FROM)
M_RESTORE_TO=$(mallocs persist-restore $RESTORE_TO)
M_FETCH_FROM=$(mallocs persist-restore-floor $RESTORE_FROM)
M_FETCH_TO=$(mallocs persist-restore-floor $RESTORE_TO)
echo "  persist-restore $RESTORE_FROM: $M_RESTORE_FROM, $RESTORE_TO: $M_RESTORE_TO;" \
  "persist-restore-floor $RESTORE_FROM: $M_FETCH_FROM, $RESTORE_TO: $M_FETCH_TO"

echo "== observation notifications per cycle"
NOTIFY_LINE=$("$BIN" notifications 100)
echo "  100 cycles: $NOTIFY_LINE"
read -r N_LOAD N_RELOAD N_RESET < <(echo "$NOTIFY_LINE" | sed -n \
  's/notifications: load \([0-9]*\), reload \([0-9]*\), reset \([0-9]*\)/\1 \2 \3/p')

echo "== heap of idle loaders (mallinfo2, chunk overhead included)"
IDLE_LINE=$("$BIN" idle-memory "$IDLE_LOADERS")
echo "  $IDLE_LINE"
IDLE_BYTES=$(echo "$IDLE_LINE" | sed -n 's/.*heap bytes: \([0-9]*\).*/\1/p')

echo "== the store: heap per entry (mallinfo2), invalidation of observed entries"
STORE_LINE=$(SWIFT_DETERMINISTIC_HASHING=1 "$BIN" store-memory "$STORE_ENTRIES")
echo "  $STORE_LINE"
STORE_BYTES=$(echo "$STORE_LINE" | sed -n 's/.*heap bytes: \([0-9]*\).*/\1/p')
LOADED_LINE=$(SWIFT_DETERMINISTIC_HASHING=1 "$BIN" store-loaded-memory "$STORE_ENTRIES")
echo "  $LOADED_LINE"
LOADED_BYTES=$(echo "$LOADED_LINE" | sed -n 's/.*heap bytes: \([0-9]*\).*/\1/p')
PREFETCHED_LINE=$(SWIFT_DETERMINISTIC_HASHING=1 "$BIN" store-prefetched-memory "$STORE_ENTRIES")
echo "  $PREFETCHED_LINE"
PREFETCHED_BYTES=$(echo "$PREFETCHED_LINE" | sed -n 's/.*heap bytes: \([0-9]*\).*/\1/p')
# The probe checks with a precondition that each entry's key was fetched exactly once.
INVALIDATE_LINE=$(SWIFT_DETERMINISTIC_HASHING=1 "$BIN" store-invalidate "$INVALIDATED")
echo "  $INVALIDATE_LINE"
read -r INV_RELOADS INV_NOTIFICATIONS < <(echo "$INVALIDATE_LINE" | sed -n \
  's/.*reloads \([0-9]*\), notifications \([0-9]*\)/\1 \2/p')

echo "== the store: wake-ups of polling keys (a counting clock)"
# The probe checks with a precondition that each key was fetched once per interval.
POLL_LINE=$(SWIFT_DETERMINISTIC_HASHING=1 "$BIN" store-poll "$POLLED")
echo "  $POLL_LINE"
read -r POLL_INTERVALS POLL_WAKEUPS < <(echo "$POLL_LINE" | sed -n \
  's/.*intervals \([0-9]*\), wake-ups \([0-9]*\)/\1 \2/p')

echo "== selections: notifications of a reader of one field (value(for:select:))"
SELECT_LINE=$("$BIN" select-notifications "$SELECT_CHANGES")
echo "  $SELECT_CHANGES edits of each field: $SELECT_LINE"
read -r SELECT_UNREAD SELECT_READ < <(echo "$SELECT_LINE" | sed -n \
  's/select notifications: unread field \([0-9]*\), read field \([0-9]*\)/\1 \2/p')

echo "== the persistent cache: transactions for $PERSIST_CHANGES changes of one key in a second"
# The probe counts the commit frames its WAL gained, checks that no checkpoint restarted the WAL
# meanwhile, and checks that the file holds the last value.
WRITES_LINE=$(SWIFT_DETERMINISTIC_HASHING=1 "$PROBE" persist-writes "$PERSIST_CHANGES")
echo "  $WRITES_LINE"
read -r W_CHANGES W_TRANSACTIONS W_FRAMES < <(echo "$WRITES_LINE" | sed -n \
  's/persist writes: changes \([0-9]*\), transactions \([0-9]*\), frames \([0-9]*\)/\1 \2 \3/p')
[ "$W_CHANGES" = "$PERSIST_CHANGES" ] || { echo "error: persist-writes made $W_CHANGES changes"; exit 1; }

python3 - "$JSON_OUT" <<PY
import json, sys

runs = {
    "load-cycle/from": ${I["load-cycle $CYCLES_FROM"]},
    "load-cycle/to": ${I["load-cycle $CYCLES_TO"]},
    "task-await/from": ${I["task-await $AWAITS_FROM"]},
    "task-await/to": ${I["task-await $AWAITS_TO"]},
    "bare-await/0": ${I["bare-await 0"]},
    "bare-await/n": ${I["bare-await $BARE_AWAITS"]},
    "paging-setup/from/50": ${I["paging-setup $ITEMS_FROM 50"]},
    "paging-setup/to/50": ${I["paging-setup $ITEMS 50"]},
    "paging-loader/from/50": ${I["paging-loader $ITEMS_FROM 50"]},
    "paging-loader/to/50": ${I["paging-loader $ITEMS 50"]},
    "paging-task-append/from/50": ${I["paging-task-append $ITEMS_FROM 50"]},
    "paging-task-append/to/50": ${I["paging-task-append $ITEMS 50"]},
    "paging-setup/from/500": ${I["paging-setup $ITEMS_FROM 500"]},
    "paging-setup/to/500": ${I["paging-setup $ITEMS 500"]},
    "paging-loader/from/500": ${I["paging-loader $ITEMS_FROM 500"]},
    "paging-loader/to/500": ${I["paging-loader $ITEMS 500"]},
    "paging-task-append/from/500": ${I["paging-task-append $ITEMS_FROM 500"]},
    "paging-task-append/to/500": ${I["paging-task-append $ITEMS 500"]},
    "paging-rebuild/to/50": ${I["paging-rebuild $ITEMS 50"]},
    "paging-append/to/50": ${I["paging-append $ITEMS 50"]},
    "paging-identified/to/50": ${I["paging-identified $ITEMS 50"]},
    "merge-setup/to": ${I["merge-setup $ITEMS"]},
    "merge-append/to": ${I["merge-append $ITEMS"]},
    "merge-ascending/to": ${I["merge-ascending $ITEMS"]},
    "merge-identified-array/to": ${I["merge-identified-array $ITEMS"]},
    "merge-setup-random/to": ${I["merge-setup-random $ITEMS"]},
    "merge-random/to": ${I["merge-random $ITEMS"]},
    "merge-trivial-ascending/to": ${I["merge-trivial-ascending $ITEMS"]},
    "merge-trivial-setup-random/to": ${I["merge-trivial-setup-random $ITEMS"]},
    "merge-trivial-random/to": ${I["merge-trivial-random $ITEMS"]},
    "observe-generic/0": ${I["observe-generic 0"]},
    "observe-generic/1000": ${I["observe-generic 1000"]},
    "observe-concrete/1000": ${I["observe-concrete 1000"]},
    "observe-cached/1000": ${I["observe-cached 1000"]},
    "store-lookup/0": ${I["store-lookup 0"]},
    "store-lookup/n": ${I["store-lookup $STORE_LOOKUPS"]},
    "store-dictionary-lookup/0": ${I["store-dictionary-lookup 0"]},
    "store-dictionary-lookup/n": ${I["store-dictionary-lookup $STORE_LOOKUPS"]},
    "store-int-dictionary-lookup/0": ${I["store-int-dictionary-lookup 0"]},
    "store-int-dictionary-lookup/n": ${I["store-int-dictionary-lookup $STORE_LOOKUPS"]},
    "store-evict-setup/from": ${I["store-evict-setup $EVICT_FROM"]},
    "store-evict/from": ${I["store-evict $EVICT_FROM"]},
    "store-evict-setup/to": ${I["store-evict-setup $EVICT_TO"]},
    "store-evict/to": ${I["store-evict $EVICT_TO"]},
    "persist-restore/from": ${I["persist-restore $RESTORE_FROM"]},
    "persist-restore/to": ${I["persist-restore $RESTORE_TO"]},
    "persist-restore-floor/from": ${I["persist-restore-floor $RESTORE_FROM"]},
    "persist-restore-floor/to": ${I["persist-restore-floor $RESTORE_TO"]},
    "persist-launch/0": ${I["persist-launch 0"]},
    "persist-launch/1": ${I["persist-launch 1"]},
    "persist-launch-floor/0": ${I["persist-launch-floor 0"]},
    "persist-launch-floor/1": ${I["persist-launch-floor 1"]},
}
cycles = $CYCLES_TO - $CYCLES_FROM
awaits = $AWAITS_TO - $AWAITS_FROM
items, items_from = $ITEMS, $ITEMS_FROM


def pages(count, size):
    return -(-count // size)


def per_page(scenario, size):
    """Instructions a page in steady state: the run of ITEMS minus the run of ITEMS_FROM, each
    without its setup (building the pages), divided by the difference in pages."""
    long = runs[f"{scenario}/to/{size}"] - runs[f"paging-setup/to/{size}"]
    short = runs[f"{scenario}/from/{size}"] - runs[f"paging-setup/from/{size}"]
    return (long - short) / (pages(items, size) - pages(items_from, size))


cycle = (runs["load-cycle/to"] - runs["load-cycle/from"]) / cycles
task_await = (runs["task-await/to"] - runs["task-await/from"]) / awaits
bare = (runs["bare-await/n"] - runs["bare-await/0"]) / $BARE_AWAITS
loader50, floor50 = per_page("paging-loader", 50), per_page("paging-task-append", 50)
loader500, floor500 = per_page("paging-loader", 500), per_page("paging-task-append", 500)
loader_whole = runs["paging-loader/to/50"] - runs["paging-setup/to/50"]
rebuild_whole = runs["paging-rebuild/to/50"] - runs["paging-setup/to/50"]
append_whole = runs["paging-append/to/50"] - runs["paging-setup/to/50"]
mallocs_cycle = ($M_CYCLES_TO - $M_CYCLES_FROM) / cycles
# A cycle runs two loads (load and reload): its floor is two Tasks.
mallocs_floor = 2 * ($M_AWAITS_TO - $M_AWAITS_FROM) / awaits
# The merge alone (issue 10, target 1), per item: entries of an Int id, a short String and an
# Int, and the paging scenarios' two-Int items, each against Array.append of the same pages.
merge_append = (runs["merge-append/to"] - runs["merge-setup/to"]) / items
merge_ascending = (runs["merge-ascending/to"] - runs["merge-setup/to"]) / items
merge_random = (runs["merge-random/to"] - runs["merge-setup-random/to"]) / items
trivial_append = append_whole / items
trivial_ascending = (runs["merge-trivial-ascending/to"] - runs["paging-setup/to/50"]) / items
trivial_random = (runs["merge-trivial-random/to"] - runs["merge-trivial-setup-random/to"]) / items
store_lookup = (runs["store-lookup/n"] - runs["store-lookup/0"]) / $STORE_LOOKUPS
dictionary_lookup = (
    runs["store-dictionary-lookup/n"] - runs["store-dictionary-lookup/0"]) / $STORE_LOOKUPS
int_dictionary_lookup = (
    runs["store-int-dictionary-lookup/n"] - runs["store-int-dictionary-lookup/0"]) / $STORE_LOOKUPS
restores = $RESTORE_TO - $RESTORE_FROM
restore = (runs["persist-restore/to"] - runs["persist-restore/from"]) / restores
restore_floor = (runs["persist-restore-floor/to"] - runs["persist-restore-floor/from"]) / restores
launch = runs["persist-launch/1"] - runs["persist-launch/0"]
launch_floor = runs["persist-launch-floor/1"] - runs["persist-launch-floor/0"]
bytes_per_entry = $P_FILE_BYTES / $P_ENTRIES
encoded_per_entry = $P_ENCODED_BYTES / $P_ENTRIES
figures = {
    # Target 4: a load cycle (load, reload, reset) against two Task { await op() }.value.
    "instructionsPerLoadCycle": round(cycle),
    "instructionsPerTaskAwait": round(task_await),
    "loadCycleVsTaskFloor": round(cycle / (2 * task_await), 3),
    "mallocsPerLoadCycle": round(mallocs_cycle, 2),
    "mallocsPerTaskFloor": round(mallocs_floor, 2),
    "mallocsPerLoadCycleOverFloor": round(mallocs_cycle - mallocs_floor, 2),
    # idle → loading → loaded (load), → reloading → loaded (reload), → idle (reset).
    "notificationsPerLoadCycle": ($N_LOAD + $N_RELOAD + $N_RESET) / 100,
    "notificationsPerLoad": $N_LOAD / 100,
    "notificationsPerReload": $N_RELOAD / 100,
    # Target 2: a page of PagedLoader against one Task per page plus Array.append.
    "pagingLoaderInstructionsPerPage50": round(loader50),
    "pagingTaskAppendInstructionsPerPage50": round(floor50),
    "pagingLoaderVsTaskAppend50": round(loader50 / floor50, 3),
    "pagingLoaderInstructionsPerPage500": round(loader500),
    "pagingTaskAppendInstructionsPerPage500": round(floor500),
    "pagingLoaderVsTaskAppend500": round(loader500 / floor500, 3),
    # For the record, whole runs of 100,000 items in pages of 50 (one-time costs included):
    # the rebuild of a popular tutorial against the loader, and the loader against a bare
    # Array.append with no Task and no await.
    "pagingRebuildVsLoader": round(rebuild_whole / loader_whole, 2),
    "pagingLoaderVsAppend": round(loader_whole / append_whole, 2),
    "idleLoaderHeapBytes": round($IDLE_BYTES / $IDLE_LOADERS),
    # Target 1: the merge alone.
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
    # For the record: IdentifiedArray.updateOrAppend per entry, the merge PagedLoader used.
    "mergeIdentifiedArrayInstructionsPerItem": round(
        (runs["merge-identified-array/to"] - runs["merge-setup/to"]) / items, 1),
    "identifiedArrayInstructionsPerItem": round(
        (runs["paging-identified/to/50"] - runs["paging-setup/to/50"]) / items),
    # A bare await of the hopping operation, no Task: what a load could cost if it did not have
    # to outlive its caller.
    "instructionsPerBareAwait": round(bare),
    # One read and one write of an observed property: a generic @Observable class forms its
    # key path anew each time; a non-generic one, or one that caches it, does not.
    "observedAccessGenericInstructions": round(
        (runs["observe-generic/1000"] - runs["observe-generic/0"]) / 1000),
    "observedAccessConcreteInstructions": round(
        (runs["observe-concrete/1000"] - runs["observe-generic/0"]) / 1000),
    "observedAccessCachedKeyPathInstructions": round(
        (runs["observe-cached/1000"] - runs["observe-generic/0"]) / 1000),
    # The keyed store (issue 12). A get-or-create lookup (loader(for:)) of a key the store
    # holds, among 10,000 live keys: instructions and mallocs (memcheck) per lookup.
    "storeLookupInstructions": round(store_lookup, 1),
    # Its floor, in the same run: a lookup in a Dictionary keyed by the same key type, of the
    # same 10,000 keys, each holding an object (issue 23: at most 3x).
    "storeDictionaryLookupInstructions": round(dictionary_lookup, 1),
    "storeLookupVsDictionaryFloor": round(store_lookup / dictionary_lookup, 3),
    # Issue 32's floor: the same keys in a [StoreKey: Int], no object to retain.
    "storeIntDictionaryLookupInstructions": round(int_dictionary_lookup, 1),
    "storeLookupVsIntDictionaryFloor": round(store_lookup / int_dictionary_lookup, 3),
    "storeLookupMallocs": round(($M_LOOKUP_N - $M_LOOKUP_0) / $STORE_LOOKUPS, 3),
    # Heap bytes per cached entry (entry, loader, key, the dictionary's share), mallinfo2
    # (uordblks + hblkhd: the dictionary's storage is mapped on its own at 10,000 entries).
    "storeEntryHeapBytes": round($STORE_BYTES / $STORE_ENTRIES),
    # The same with each entry loaded once (an Int value): what an entry that holds a value costs.
    "storeLoadedEntryHeapBytes": round($LOADED_BYTES / $STORE_ENTRIES),
    # ... and loaded by the store itself (prefetch), with no caller waiting on a loader.
    "storePrefetchedEntryHeapBytes": round($PREFETCHED_BYTES / $STORE_ENTRIES),
    # invalidateAll() over observed, loaded entries: fetches and notifications per entry.
    "storeInvalidateReloadsPerEntry": $INV_RELOADS / $INVALIDATED,
    "storeInvalidateNotificationsPerEntry": $INV_NOTIFICATIONS / $INVALIDATED,
    # $POLLED observed keys polling at one interval: the store's wake-ups per interval.
    "pollingWakeupsPerInterval": $POLL_WAKEUPS / $POLL_INTERVALS,
    # The collection of unobserved entries after gcAfter, per evicted entry: each run without
    # its setup (the same entries, the clock not advanced), the short run from the long.
    "storeEvictionInstructionsPerEntry": round(
        ((runs["store-evict/to"] - runs["store-evict-setup/to"])
         - (runs["store-evict/from"] - runs["store-evict-setup/from"]))
        / ($EVICT_TO - $EVICT_FROM), 1),
    # Selections (issue 23): notifications per edit heard by a reader of one field, for edits
    # of another field and for edits of its own.
    "selectNotificationsForUnreadField": $SELECT_UNREAD / $SELECT_CHANGES,
    "selectNotificationsForReadField": $SELECT_READ / $SELECT_CHANGES,
    # The persistent cache (issue 22). A restore: loader(for:) of a key with a row in a database
    # of 10,000 entries and no entry in the store (a new entry, its row read, decoded, landed),
    # against one GRDB primary-key fetch of the same row (pool.read { Row.fetchOne }), in the
    # same run; instructions and mallocs (memcheck) per restore.
    "persistRestoreInstructions": round(restore),
    "persistRestoreFetchFloorInstructions": round(restore_floor),
    "persistRestoreVsFetchFloor": round(restore / restore_floor, 3),
    "persistRestoreMallocs": round(($M_RESTORE_TO - $M_RESTORE_FROM) / restores, 2),
    "persistRestoreFetchFloorMallocs": round(($M_FETCH_TO - $M_FETCH_FROM) / restores, 2),
    # The transactions that reached the file (commit frames of its WAL) for 1,000 changes of
    # one key while the store's clock advances one second, and the pages they wrote.
    "persistTransactionsFor1000Changes": $W_TRANSACTIONS,
    "persistWalFramesFor1000Changes": $W_FRAMES,
    # The database file of 10,000 entries after a checkpoint, per entry, beside the value's own
    # JSON (its floor).
    "persistBytesPerEntry": round(bytes_per_entry, 1),
    "persistEncodedValueBytes": round(encoded_per_entry, 1),
    "persistBytesPerEntryVsEncoded": round(bytes_per_entry / encoded_per_entry, 3),
    # A launch: a store, a cache opened on a new file, persist(in:), one lookup (and the cache's
    # trim after opening, awaited), against a store and one lookup; the first in the process,
    # so what happens once (SQLite's initialization, the first casts) is in both.
    "persistLaunchInstructions": launch,
    "persistLaunchNoPersistenceInstructions": launch_floor,
    "persistLaunchVsNoPersistence": round(launch / launch_floor, 1),
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
        reached = value >= target if "min" in limit else value <= target
        met = "target met" if reached else f"target {target:,} NOT met"
    print(f"  {'ok  ' if ok else 'FAIL'} {key:42} {value:>14,} {bound:>22}   {met}")
    failed |= not ok
if failed:
    print("error: an instruction figure exceeds its committed threshold")
    sys.exit(1)
print("instruction thresholds: all within limits")
PY
