#!/usr/bin/env bash
# Runs every e2e/test_*.sh against $GROCER_BIN (make e2e: the release test
# build with the fault-injection hooks, .build-test/release/grocer; test_install.sh
# installs the plain build itself) and prints one
# closing line: "E2E: N passed, M failed".
set -u
cd "$(dirname "$0")/.."
tally=$(mktemp)
status=0
for t in e2e/test_*.sh; do
    echo "== $t"
    E2E_TALLY=$tally bash "$t" || status=1
done
read -r p f < <(awk '{p+=$1; f+=$2} END {print p+0, f+0}' "$tally")
rm -f "$tally"
echo "E2E: $p passed, $f failed"
[[ $status == 0 && $f == 0 && $p -gt 0 ]]
