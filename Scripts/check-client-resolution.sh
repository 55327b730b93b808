#!/usr/bin/env bash
# Fails when a client of this package would resolve any package but this one and GRDB.swift.
#
# SwiftPM resolves, for a client, every dependency of every product of a package it depends on
# (a platform-conditional one too, on every platform); the dependencies of test targets, and of
# an executable target that is not declared as a product, are not resolved. This script checks
# the outcome as a client sees it: for each library product below it writes a throwaway client
# package in a temporary directory that depends on this repository by path and links that
# product, runs `swift package show-dependencies`, prints the tree, and fails if anything but
# this package and GRDB.swift is in it.
#
# GRDB.swift: the product AsyncContentPersistence (the persisted cache) depends on GRDB, so
# SwiftPM resolves GRDB for every client of this package, whichever product it links; it links
# GRDB (and the system's SQLite) only into a client of AsyncContentPersistence. A package trait
# cannot keep the clients of the other products from resolving it and still let a plain
# `swift build` here build everything: a trait enabled by default is enabled for every client
# that does not turn the default traits off, and one disabled by default leaves the persistence
# target out of `swift build` and `swift test`. So the check allows GRDB.swift and nothing else:
# a new dependency of any product still fails it.
#
# Usage: bash Scripts/check-client-resolution.sh [PACKAGE_DIR]
#   PACKAGE_DIR defaults to this repository; pass another checkout (an older commit, say) to
#   measure it. `.ci/run` runs it; it resolves only (nothing is built), so it takes seconds.
set -euo pipefail
PACKAGE_DIR=$(cd "${1:-$(dirname "$0")/..}" && pwd)
PRODUCTS=(AsyncContent AsyncContentCore AsyncContentTestSupport AsyncContentPersistence)
# The packages a client may resolve besides this one (see above).
ALLOWED=(grdb.swift)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/client-resolution.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# A path dependency's identity is the last component of its path, lowercased.
IDENTITY=$(basename "$PACKAGE_DIR" | tr '[:upper:]' '[:lower:]')

status=0
for product in "${PRODUCTS[@]}"; do
  client="$WORK/client-$product"
  mkdir -p "$client/Sources/Client"
  cat >"$client/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Client",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [.package(path: "$PACKAGE_DIR")],
  targets: [
    .target(name: "Client", dependencies: [.product(name: "$product", package: "$IDENTITY")])
  ]
)
EOF
  echo "import $product" >"$client/Sources/Client/Client.swift"

  echo "== a client that links $product resolves:"
  if ! swift package --package-path "$client" show-dependencies >"$WORK/tree.txt" 2>"$WORK/err.txt"; then
    cat "$WORK/tree.txt" "$WORK/err.txt"
    echo "error: the client of $product does not resolve"
    exit 1
  fi
  # `swift package` may print progress (fetching, computing versions) before the tree.
  sed -n '/^\./,$p' "$WORK/tree.txt"
  swift package --package-path "$client" show-dependencies --format json >"$WORK/tree.json" \
    2>/dev/null
  extra=$(python3 - "$WORK/tree.json" "$IDENTITY" "${ALLOWED[@]}" <<'PY'
import json, sys

tree = json.load(open(sys.argv[1]))
ours = {sys.argv[2], *sys.argv[3:]}
found = set()

def walk(node):
    for dependency in node.get("dependencies", []):
        found.add(dependency["identity"])
        walk(dependency)

walk(tree)
print(" ".join(sorted(found - ours)))
PY
  )
  if [ -n "$extra" ]; then
    echo "error: a client that links $product resolves other packages: $extra"
    status=1
  else
    echo "ok: a client that links $product resolves this package and ${ALLOWED[*]} alone"
  fi
done
exit "$status"
