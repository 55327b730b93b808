#!/usr/bin/env bash
# Fails when user-facing text names the articles AsyncContent learned from by this repository's
# internal labels ("seed 000" and so on, "a seed's states", "the seed patterns") or by the
# articles' own case labels ("kntkymt's Case EX", "Case 4") instead of by their titles and
# authors, or by what the case describes. It reads Sources/, Tests/, Benchmarks/, Examples/,
# Tools/SwiftUIShim/ (without build folders), .ci/, Scripts/ (without this script), Package.swift,
# README.md and CHANGELOG.md, ignoring case, and prints every hit as file:line: text. A label
# wrapped over two lines ("seed" at the end of one line, "000" at the start of the next) is found
# too.
#
#   bash Scripts/check-no-seed-names.sh              check the repository
#   bash Scripts/check-no-seed-names.sh --self-test  prove the check fires on a fixture with
#                                                    known hits and passes on a clean one
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SCANNED=(
  Sources Tests Benchmarks Examples Tools/SwiftUIShim .ci Scripts Package.swift README.md
  CHANGELOG.md
)

# Prints the hits under the folder $1 as file:line: text; fails when there is any.
scan() {
  local paths=() path
  cd "$1"
  for path in "${SCANNED[@]}"; do
    if [ -e "$path" ]; then paths+=("$path"); fi
  done
  [ ${#paths[@]} -gt 0 ] || return 0
  # Text files only (-I), outside build folders.
  grep -rlI --exclude-dir=.build --exclude-dir='.build-*' --exclude-dir=.swiftpm \
    --exclude-dir=DerivedData --exclude=check-no-seed-names.sh -e '' "${paths[@]}" |
    LC_ALL=C sort | tr '\n' '\0' |
    xargs -0 -r awk '
      function named(text) {
        return text ~ /seeds?[[:space:]]+0/ || index(text, "seed patterns") ||
          index(text, "comingfromtheseedpatterns") || index(text, "seed\047s") ||
          text ~ /\047s case (ex|[0-9])/
      }
      FNR == 1 { previous = ""; previousHit = 1 }
      {
        line = tolower($0)
        if (named(line)) {
          printf "%s:%d: %s\n", FILENAME, FNR, $0
          hits++
          previousHit = 1
        } else {
          # The same label wrapped: the end of the previous line, then this one without its
          # comment or list marker.
          rest = line
          sub(/^[[:space:]]*((\/\/\/?|\*|#+|-|>)[[:space:]]*)?/, "", rest)
          if (!previousHit && named(previous " " rest)) {
            printf "%s:%d: %s (continued on the next line)\n", FILENAME, FNR - 1, previousText
            hits++
          }
          previousHit = 0
        }
        previous = line
        previousText = $0
      }
      END { exit hits > 0 }'
}

fixture=""
self_test() {
  fixture=$(mktemp -d "${TMPDIR:-/tmp}/seed-names-fixture.XXXXXX")
  trap 'rm -rf "$fixture"' EXIT
  mkdir -p "$fixture/Sources/Core/.build" "$fixture/Sources/.build-docs" "$fixture/Examples" \
    "$fixture/Tools/SwiftUIShim" "$fixture/Scripts" "$fixture/.ci" "$fixture/Vendor"
  printf '%s\n' "/// Like seed 000's AsyncView." "let seed: UInt64 = 0" \
    "server.reseed(0)  // seed 7" "/// Redacted rows (kntkymt's Case EX)." \
    "case 0...5: break  // a Swift case is no label" >"$fixture/Sources/Core/A.swift"
  printf '%s\n' "# Coming from the Seed Patterns" "" "- <doc:ComingFromTheSeedPatterns>" \
    >"$fixture/Examples/B.md"
  printf '%s\n' "The paging list of" "/// seed" "/// 001, in four styles." "fine" \
    >"$fixture/Tools/SwiftUIShim/C.swift"
  printf '%s\n' "Fixed: a reload in SEED 004's LoadableObject" "maps every seed's states" \
    >"$fixture/CHANGELOG.md"
  printf '%s\n' "# against seed" "# 001's rebuild" >"$fixture/.ci/run"
  printf '%s\n' "seed 002" >"$fixture/Scripts/G.sh"
  # This script names the labels it looks for, and is not scanned.
  printf '%s\n' "seed 000" >"$fixture/Scripts/check-no-seed-names.sh"
  printf '%s\n' "# Title" "Named by title: Ralf Ebert, \"AsyncView\"." >"$fixture/README.md"
  # Ignored: build folders, and folders outside the scanned ones.
  printf '%s\n' "seed 000" >"$fixture/Sources/Core/.build/D.swift"
  printf '%s\n' "seed 000" >"$fixture/Sources/.build-docs/E.md"
  printf '%s\n' "seed 000" >"$fixture/Vendor/F.sh"

  local expected actual
  expected=$(printf '%s\n' .ci/run:1 CHANGELOG.md:1 CHANGELOG.md:2 Examples/B.md:1 Examples/B.md:3 \
    Scripts/G.sh:1 Sources/Core/A.swift:1 Sources/Core/A.swift:4 Tools/SwiftUIShim/C.swift:2)
  if actual=$(scan "$fixture"); then
    echo "self-test failed: the check passed on a fixture with hits" >&2
    exit 1
  fi
  actual=$(printf '%s\n' "$actual" | cut -d: -f1,2 | LC_ALL=C sort)
  if [ "$actual" != "$expected" ]; then
    echo "self-test failed: expected the hits" >&2
    echo "$expected" >&2
    echo "but found" >&2
    echo "$actual" >&2
    exit 1
  fi

  # The same fixture without the labels passes and prints nothing.
  printf '%s\n' "/// Like Ralf Ebert's AsyncView." >"$fixture/Sources/Core/A.swift"
  printf '%s\n' "# Migrating from common loading patterns" >"$fixture/Examples/B.md"
  printf '%s\n' "/// kntkymt's PagingList" >"$fixture/Tools/SwiftUIShim/C.swift"
  printf '%s\n' "Fixed: a reload in LoadableObject" >"$fixture/CHANGELOG.md"
  printf '%s\n' "# against the rebuild" >"$fixture/.ci/run"
  printf '%s\n' "echo ok" >"$fixture/Scripts/G.sh"
  if ! actual=$(scan "$fixture") || [ -n "$actual" ]; then
    echo "self-test failed: the check fired on a clean fixture:" >&2
    echo "$actual" >&2
    exit 1
  fi
  echo "self-test: the check finds the 9 planted labels and passes the clean fixture"
}

case "${1:-}" in
  --self-test) self_test ;;
  "")
    if ! scan "$ROOT"; then
      echo "error: the lines above name a source article by an internal label; name it by its" \
        "title and author instead" >&2
      exit 1
    fi
    echo "seed names: none in ${SCANNED[*]}"
    ;;
  *) echo "usage: $0 [--self-test]" >&2; exit 2 ;;
esac
