#!/usr/bin/env bash
# The history screen at 2,000,000 entries against 10,000 over the same
# 1,000 days, measured in the same run: F3 (from today's weight) to the
# drawn graph and list, and End to the drawn oldest page. Prints both and
# the ratio; asserts nothing (the machine is shared and noisy).
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"
cc -O2 -o "$out/historyframe" bench/historyframe.c -lutil
BIN=${GROCER_BIN:-.build/release/grocer}
RUNS=${RUNS:-15}
export TZ=UTC LANG=en_US.UTF-8 XDG_STATE_HOME="$out/history-state"

# fill FILE N: N entries spread evenly over the same 1,000 days, written by
# sqlite3; weight_day is then rebuilt by grocer on its first read (the
# warm-up run below).
fill() {
    local store=$1 n=$2
    # A store kept from an earlier run, if it is still of the current format.
    if [[ -f $store ]] && [[ $(sqlite3 "$store" 'SELECT count(*) FROM weight_entry') == "$n" ]] \
        && "$BIN" store status --store "$store" | grep -q '^state: *current$'; then return; fi
    rm -f "$store" "$store-wal" "$store-shm"
    GROCER_STORE="$store" "$BIN" unit kg >/dev/null
    sqlite3 "$store" "
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $n - 1)
        INSERT INTO weight_entry (value, unit, recorded_at)
        SELECT printf('%d.%d', 70 + i % 20, i % 10), CASE i % 4 WHEN 0 THEN 'lbs' ELSE 'kg' END,
               1700000000 + i * (86400000 / $n) FROM n;
        DELETE FROM setting WHERE key = 'weight_day.zone';"
}

big="$out/history-2m.sqlite"
small="$out/history-10k.sqlite"
fill "$big" 2000000
fill "$small" 10000
echo "stores: $(sqlite3 "$big" 'SELECT count(*) FROM weight_entry') and $(sqlite3 "$small" 'SELECT count(*) FROM weight_entry') weight entries over 1,000 days"

measure() {  # STORE COUNT-TEXT RUNS
    GROCER_STORE="$1" "$out/historyframe" "$3" "Enter Today's Weight" $'\eOR' "of $2" $'\eOF' "$2" -- "$BIN"
}
# Warm-up: the first F3 on each store rebuilds weight_day (once).
measure "$big" 2,000,000 1 >/dev/null
measure "$small" 10,000 1 >/dev/null

# Alternate the two stores so both see the same machine load.
b_all=() s_all=()
for round in 1 2 3; do
    b_all+=("$(measure "$big" 2,000,000 "$RUNS")")
    s_all+=("$(measure "$small" 10,000 "$RUNS")")
done
# The round with the lowest F3 median, per store.
best() { printf '%s\n' "$@" | sort -n -k1,1 | head -1; }
read -r bf bfm be bem < <(best "${b_all[@]}")
read -r sf sfm se sem < <(best "${s_all[@]}")
echo
echo "History screen in an 80x24 pty, key to the last byte of its frame, median of $RUNS runs, best of 3 rounds:"
printf '  %-30s %8s ms  (fastest %s ms)\n' "F3, 10,000 entries" "$sf" "$sfm"
printf '  %-30s %8s ms  (fastest %s ms)\n' "F3, 2,000,000 entries" "$bf" "$bfm"
awk -v b="$bf" -v s="$sf" 'BEGIN {printf "  ratio F3 2,000,000 / 10,000: %.2fx   (goal: at most 1.25x)\n", b / s}'
printf '  %-30s %8s ms  (fastest %s ms)\n' "End, 10,000 entries" "$se" "$sem"
printf '  %-30s %8s ms  (fastest %s ms)\n' "End, 2,000,000 entries" "$be" "$bem"
awk -v b="$be" -v s="$se" 'BEGIN {printf "  ratio End 2,000,000 / 10,000: %.2fx   (goal: at most 1.25x)\n", b / s}'
