#!/usr/bin/env bash
# The public API baseline (swift-nio's habit): API/<Module>.txt holds the public symbols of each
# library module, one readable line each (path, kind, declaration), generated from the symbol
# graphs by Scripts/api-baseline.py. A change to the public API shows in review as a change to
# these files, and CI fails when the API changes without one.
#
#   bash Scripts/api-baseline.sh            check: regenerate into a temporary directory and fail
#   bash Scripts/api-baseline.sh --check    with a unified diff when API/ differs
#   bash Scripts/api-baseline.sh --update   rewrite API/ from the current sources
#
# AsyncContentTestSupport comes from `swift package --enable-all-traits dump-symbol-graph` (the
# ordinary .build with every trait on, so after `swift build --enable-all-traits --build-tests` it
# only extracts). AsyncContentCore and AsyncContentPersistence come from the
# type-check's iOS pass (.build-typecheck/symbolgraph/apple-ios), which compiles their Apple-only
# branches against the Apple interface shims, so the baseline holds their Apple-only public API
# (`AsyncLoader(publisher:)`, `NetworkStatus.updates()`, the UIKit hooks) too; the script also
# prints how many lines that adds to the Linux build's API. AsyncContent, the SwiftUI
# layer, cannot be built by SwiftPM on Linux: its symbol graph comes from the type-check against
# the SwiftUI shim (`.ci/swiftui-typecheck --module-only`, run here unless
# `--swiftui-symbols DIR` names a directory that already holds AsyncContent.symbols.json, as
# `.ci/run` does after the full type-check).
#
# It also prints the number of public top-level types (classes, structs, enums, actors,
# protocols, typealiases; extensions don't count) of each module, and their total.
set -euo pipefail
cd "$(dirname "$0")/.."

MODE=check
SWIFTUI_SYMBOLS=
while [ $# -gt 0 ]; do
  case "$1" in
    --check) MODE=check ;;
    --update) MODE=update ;;
    --swiftui-symbols)
      SWIFTUI_SYMBOLS=${2:?--swiftui-symbols needs a directory}
      shift
      ;;
    *)
      echo "usage: $0 [--check | --update] [--swiftui-symbols DIR]" >&2
      exit 2
      ;;
  esac
  shift
done

BASELINE=API
LINUX_MODULES=(AsyncContentCore AsyncContentTestSupport AsyncContentPersistence)
OUT=$(mktemp -d "${TMPDIR:-/tmp}/api-baseline.XXXXXX")
trap 'rm -rf "$OUT"' EXIT

# The Linux modules. SwiftPM writes the graphs of every module of the package to
# .build/<triple>/symbolgraph; clear it first, so no graph of an extension since removed lingers.
SYMBOLGRAPH="$(dirname "$(swift build --enable-all-traits --show-bin-path)")/symbolgraph"
rm -rf "$SYMBOLGRAPH"
if ! swift package --enable-all-traits dump-symbol-graph --minimum-access-level public \
  --skip-synthesized-members \
  >"$OUT/dump.log" 2>&1; then
  cat "$OUT/dump.log"
  echo "error: swift package dump-symbol-graph failed"
  exit 1
fi
test -d "$SYMBOLGRAPH" || { cat "$OUT/dump.log"; echo "error: no $SYMBOLGRAPH"; exit 1; }

# The SwiftUI layer.
if [ -z "$SWIFTUI_SYMBOLS" ]; then
  if ! bash .ci/swiftui-typecheck --module-only >"$OUT/swiftui.log" 2>&1; then
    cat "$OUT/swiftui.log"
    echo "error: the SwiftUI layer's module could not be emitted"
    exit 1
  fi
  SWIFTUI_SYMBOLS=.build-typecheck/symbolgraph/AsyncContent
fi
test -f "$SWIFTUI_SYMBOLS/AsyncContent.symbols.json" ||
  { echo "error: no AsyncContent.symbols.json in $SWIFTUI_SYMBOLS"; exit 1; }
# The core and the persistence as an Apple client sees them: the iOS pass of the type-check
# compiles their Apple-only branches (`AsyncLoader(publisher:)`, `NetworkStatus.updates()`,
# `RefetchEvent.appActivations()`, …) against the Apple interface shims and writes their graphs
# beside the layer's. Their public API is the Linux build's and that.
APPLE_SYMBOLS="$(dirname "$SWIFTUI_SYMBOLS")/apple-ios"
for module in AsyncContentCore AsyncContentPersistence; do
  test -f "$APPLE_SYMBOLS/$module.symbols.json" ||
    { echo "error: no $module.symbols.json in $APPLE_SYMBOLS (run .ci/swiftui-typecheck)"; exit 1; }
done

mkdir -p "$OUT/API"
: >"$OUT/counts.txt"
for module in "${LINUX_MODULES[@]}"; do
  graphs=$SYMBOLGRAPH
  case "$module" in AsyncContentCore | AsyncContentPersistence) graphs=$APPLE_SYMBOLS ;; esac
  python3 Scripts/api-baseline.py "$module" "$graphs" "$OUT/API/$module.txt" \
    >>"$OUT/counts.txt"
  # What the Apple build adds to the Linux build's API (the Apple-only branches), for the log.
  if [ "$graphs" = "$APPLE_SYMBOLS" ]; then
    python3 Scripts/api-baseline.py "$module" "$SYMBOLGRAPH" "$OUT/$module-linux.txt" >/dev/null
    added=$(comm -13 <(sort "$OUT/$module-linux.txt") <(sort "$OUT/API/$module.txt") | wc -l)
    echo "$module: $added public symbol line(s) only in the Apple build"
  fi
done
# AsyncContent re-exports AsyncContentCore, whose symbols its graph repeats: they are the core's.
python3 Scripts/api-baseline.py AsyncContent "$SWIFTUI_SYMBOLS" "$OUT/API/AsyncContent.txt" \
  "$SYMBOLGRAPH/AsyncContentCore.symbols.json" "$APPLE_SYMBOLS/AsyncContentCore.symbols.json" \
  >>"$OUT/counts.txt"

echo "public top-level types (types, protocols and typealiases; extensions don't count):"
total=0
while read -r module count; do
  printf '  %-24s %3d\n' "$module" "$count"
  total=$((total + count))
done <"$OUT/counts.txt"
budget=$(awk '$1 == "AsyncContentCore" || $1 == "AsyncContent" { sum += $2 } END { print sum }' \
  "$OUT/counts.txt")
printf '  %-24s %3d\n' "total" "$total"
printf '  %-24s %3d (AsyncContentCore + AsyncContent: at most 45 from 1.0 on)\n' "apps' modules" \
  "$budget"

if [ "$MODE" = update ]; then
  rm -rf "$BASELINE"
  mkdir -p "$BASELINE"
  cp "$OUT"/API/*.txt "$BASELINE"/
  echo "api-baseline: wrote $(ls "$BASELINE"/*.txt | tr '\n' ' ')"
  exit 0
fi

if ! diff -ru "$BASELINE" "$OUT/API" >"$OUT/diff.txt"; then
  # The regenerated files are shown as current/<Module>.txt.
  sed -e "s#$OUT/API#current#g" "$OUT/diff.txt"
  echo
  echo "error: the public API changed: review it, then run Scripts/api-baseline.sh --update"
  exit 1
fi
echo "api-baseline: the public API matches $BASELINE/"
