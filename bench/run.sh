#!/usr/bin/env bash
# make bench: every benchmark, each with its reference measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
export GROCER_BIN=${GROCER_BIN:-$PWD/.build/release/grocer}
bash bench/startup.sh
echo
bash bench/first-key.sh
echo
bash bench/cold-start.sh
if [[ -f bench/migration.sh ]]; then
    echo
    bash bench/migration.sh
fi
echo
bash bench/migration-progress.sh
echo
bash bench/exchange.sh
bash bench/history.sh
echo
bash bench/zone-change.sh
if [[ -f bench/groceries.sh ]]; then
    echo
    bash bench/groceries.sh
    echo
    bash bench/recipe.sh
fi
echo
bash bench/follow.sh
echo
bash bench/sync.sh
