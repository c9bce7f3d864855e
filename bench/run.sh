#!/usr/bin/env bash
# make bench: every benchmark, each with its reference measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash bench/startup.sh
if [[ -f bench/migration.sh ]]; then
    echo
    bash bench/migration.sh
fi
