#!/usr/bin/env bash
# Builds a large version 1 store (2,000,000 weights by default) in a
# temporary folder and starts grocer on it, so anyone can watch the
# migration progress screen. `make demo-migration` calls it.
# Usage: bench/demo-migration.sh [ENTRIES]
set -euo pipefail
cd "$(dirname "$0")/.."
source e2e/legacy-schema.sh
source bench/demo-store.sh
N=${1:-2000000}
GROCER_BIN=${GROCER_BIN:-}
if [[ -z $GROCER_BIN ]]; then
    swift build -c release --static-swift-stdlib >&2
    GROCER_BIN=$PWD/.build/release/grocer
fi
DIR=$(mktemp -d "${TMPDIR:-/tmp}/grocer-demo.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
STORE=$DIR/grocer.sqlite
echo "Building a version 1 store with $N weight entries in $DIR ..." >&2
make_demo_store "$STORE" "$N"
# The TUI launch shows the migration screen first (GROCER_TEST_BATCH_PAUSE_MS=N
# slows each batch by N ms, to watch it longer).
XDG_STATE_HOME=$DIR/state "$GROCER_BIN" --store "$STORE"
