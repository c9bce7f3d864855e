#!/usr/bin/env bash
# The grocery list with 10,000 items against the same with 100, measured in
# the same run through an 80x24 pty: F5 to the drawn list, and `/` plus two
# characters to the filtered frame. Prints figures and ratios; asserts
# nothing (these machines are shared and noisy: read the ratio, not a limit).
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"
cc -O2 -Wno-unused-function -o "$out/keyframe" bench/keyframe.c -lutil
BIN=${GROCER_BIN:-.build/release/grocer}
RUNS=${RUNS:-15}
F5=$'\e[15~'
# F5 comes this long after the weight screen is drawn, as a person's would
# (the list is read in the background meanwhile; KEYFRAME_PAUSE_MS=0 shows
# F5 pressed at once, waiting for that read).
export KEYFRAME_PAUSE_MS=${KEYFRAME_PAUSE_MS:-500}

# store N: a store with N items on the list ("azure 00001" ... and one
# "zqmarker", which sorts last and is the only name containing "zq").
store() {
    local n=$1 path="$out/groceries-$1.sqlite"
    if [[ ! -f $path ]] || [[ $(sqlite3 "$path" 'SELECT count(*) FROM item') != "$n" ]]; then
        rm -f "$path"
        GROCER_STORE="$path" "$BIN" items add zqmarker >/dev/null
        sqlite3 "$path" "
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $n - 1)
            INSERT INTO item (name, quantity, listed, collected, amount)
            SELECT printf('azure %05d', i), 1 + i % 3, 1, i % 7 = 0, CAST(1 + i % 3 AS TEXT) FROM n;"
    fi
    echo "$path"
}

measure() {
    GROCER_STORE="$1" LANG=en_US.UTF-8 "$out/keyframe" "Enter Today's Weight" "$RUNS" \
        "$F5" "azure 00001" "/zq" "zqmarker" -- "$BIN"
}

small=$(store 100)
large=$(store 10000)
# Alternate the two so both see the same machine load; best median of 3 rounds.
s_all=() l_all=()
for round in 1 2 3; do
    s_all+=("$(measure "$small")")
    l_all+=("$(measure "$large")")
done
read -r so _ _ _ < <(printf '%s\n' "${s_all[@]}" | sort -n -k1 | head -1)
read -r lo _ _ _ < <(printf '%s\n' "${l_all[@]}" | sort -n -k1 | head -1)
read -r _ _ sf _ < <(printf '%s\n' "${s_all[@]}" | sort -n -k3 | head -1)
read -r _ _ lf _ < <(printf '%s\n' "${l_all[@]}" | sort -n -k3 | head -1)
echo "Grocery list in an 80x24 pty, median of $RUNS runs, best of 3 rounds (F5 ${KEYFRAME_PAUSE_MS} ms after the first frame):"
printf '  %-40s %8s ms   %8s ms\n' "" "100 items" "10,000"
printf '  %-40s %8s ms   %8s ms\n' "F5 to the drawn list" "$so" "$lo"
printf '  %-40s %8s ms   %8s ms\n' "/ and two characters to the filtered frame" "$sf" "$lf"
awk -v a="$so" -v b="$lo" 'BEGIN {printf "  ratio 10,000 / 100, opening:   %.2fx   (goal: at most 1.50x)\n", b / a}'
awk -v a="$sf" -v b="$lf" 'BEGIN {printf "  ratio 10,000 / 100, filtering: %.2fx   (goal: at most 1.50x)\n", b / a}'
