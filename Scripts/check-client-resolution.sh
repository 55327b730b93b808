#!/usr/bin/env bash
# Fails when a client of this package resolves more than it links.
#
# SwiftPM resolves, for a client, every dependency of every product of a package it depends on
# (a platform-conditional one too, on every platform), except the dependencies of test targets,
# of an executable target that is not declared as a product, and of a package trait the client
# does not enable. GRDB.swift serves only the trait "Persistence" (off by default; see
# Package.swift). This script checks the outcome as a client sees it. For each client below it
# writes a throwaway package in a temporary directory that depends on this repository by path,
# runs `swift package show-dependencies`, and fails on anything but the expected packages:
#   - a client of AsyncContent, AsyncContentCore or AsyncContentTestSupport resolves no package
#     but this one;
#   - a client of AsyncContentPersistence with `traits: ["Persistence"]` resolves this package
#     and GRDB.swift, nothing else.
# Then it builds a client that links AsyncContentPersistence without the trait: the build must
# fail with exactly one error, the one that names the trait (TraitCheck.swift).
#
# Usage: bash Scripts/check-client-resolution.sh [--resolve-only] [PACKAGE_DIR]
#   PACKAGE_DIR defaults to this repository; pass another checkout to measure it.
#   --resolve-only skips the build (seconds instead of a minute or two).
set -euo pipefail
BUILD=1
if [ "${1:-}" = "--resolve-only" ]; then
  BUILD=0
  shift
fi
PACKAGE_DIR=$(cd "${1:-$(dirname "$0")/..}" && pwd)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/client-resolution.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# A path dependency's identity is the last component of its path, lowercased: the throwaway
# clients name it so, whatever the clone's folder is called.
IDENTITY=$(basename "$PACKAGE_DIR" | tr '[:upper:]' '[:lower:]')

# write_client NAME PRODUCT TRAITS: a client package in $WORK/NAME that links PRODUCT, with the
# dependency's traits argument TRAITS (empty for the default traits).
write_client() {
  local client="$WORK/$1" product=$2 traits=$3
  mkdir -p "$client/Sources/Client"
  cat >"$client/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Client",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [.package(path: "$PACKAGE_DIR"$traits)],
  targets: [
    .target(name: "Client", dependencies: [.product(name: "$product", package: "$IDENTITY")])
  ]
)
MANIFEST
  echo "import $product" >"$client/Sources/Client/Client.swift"
}

status=0
# check_resolution NAME PRODUCT TRAITS ALLOWED...: the client resolves this package and ALLOWED.
check_resolution() {
  local name=$1 product=$2 traits=$3
  shift 3
  local allowed=("$@")
  write_client "$name" "$product" "$traits"
  local client="$WORK/$name"
  echo "== a client that links $product${traits:+ ($traits)} resolves:"
  if ! swift package --package-path "$client" show-dependencies >"$WORK/tree.txt" 2>"$WORK/err.txt"; then
    cat "$WORK/tree.txt" "$WORK/err.txt"
    echo "error: the client of $product does not resolve"
    exit 1
  fi
  # `swift package` may print progress (fetching, computing versions) before the tree.
  sed -n '/^\./,$p' "$WORK/tree.txt"
  swift package --package-path "$client" show-dependencies --format json >"$WORK/tree.json" \
    2>/dev/null
  local found
  found=$(python3 - "$WORK/tree.json" "$IDENTITY" <<'PY'
import json, sys

tree = json.load(open(sys.argv[1]))
found = set()

def walk(node):
    for dependency in node.get("dependencies", []):
        found.add(dependency["identity"])
        walk(dependency)

walk(tree)
print(" ".join(sorted(found - {sys.argv[2]})))
PY
  )
  local expected
  expected=$(printf '%s\n' "${allowed[@]}" | sort | tr '\n' ' ' | sed 's/ $//')
  # What `swift package resolve` leaves on disk: one checkout per resolved remote package.
  local checkouts
  checkouts=$(ls "$client/.build/checkouts" 2>/dev/null | tr '[:upper:]' '[:lower:]' | sort |
    tr '\n' ' ' | sed 's/ $//')
  echo "checkouts: [${checkouts}]"
  if [ "$found" != "$expected" ] || [ "$checkouts" != "$expected" ]; then
    echo "error: a client that links $product resolves [${found}], expected [${expected}]"
    status=1
  else
    echo "ok: a client that links $product resolves ${expected:-no package} besides this one"
  fi
}

for product in AsyncContent AsyncContentCore AsyncContentTestSupport; do
  check_resolution "client-$product" "$product" ""
done
check_resolution client-persistence AsyncContentPersistence ', traits: ["Persistence"]' grdb.swift

if [ "$BUILD" = 1 ]; then
  echo "== a client that links AsyncContentPersistence without the trait fails to build with one error"
  write_client client-no-trait AsyncContentPersistence ""
  if swift build --package-path "$WORK/client-no-trait" >"$WORK/build.txt" 2>&1; then
    echo "error: the client built without the trait"
    exit 1
  fi
  errors=$(grep -c 'error: ' "$WORK/build.txt" || true)
  named=$(grep -c 'error: AsyncContentPersistence needs the package trait "Persistence"' \
    "$WORK/build.txt" || true)
  grep 'error: ' "$WORK/build.txt" | sort -u
  if [ "$named" -lt 1 ] || [ "$(grep 'error: ' "$WORK/build.txt" | grep -v 'needs the package trait' | grep -vc 'fatalError\|emit-module command failed\|compile command failed' || true)" != 0 ]; then
    echo "error: expected only the trait's error ($errors error lines)"
    status=1
  else
    echo "ok: the only error names the trait"
  fi
fi
exit "$status"
