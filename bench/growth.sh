#!/usr/bin/env bash
# How grocer's commands and keys grow with the store: every command and key
# that reads the store, at 10k, 100k and 1M weight entries (SIZES=... adds
# 4000000) and at 100, 1k, 10k and 100k grocery items (ITEMS=...), printed
# as a Markdown table with each figure's ratio to the smallest size. Linear
# growth is 10x per row here; a figure growing faster than its size is a
# finding. Medians of RUNS runs (default 5), the sizes alternated within
# each round so they share the machine's load; asserts nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"
cc -O2 -Wno-unused-function -o "$out/keyframe" bench/keyframe.c -lutil
BIN=${GROCER_BIN:-.build/release/grocer}
RUNS=${RUNS:-5}
read -r -a SIZES <<<"${SIZES-10000 100000 1000000}"
read -r -a ITEMS <<<"${ITEMS-100 1000 10000 100000}"
export TZ=UTC LANG=en_US.UTF-8 XDG_STATE_HOME="$out/growth-state"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/grocer-growth.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# weights N: a store with N entries, one every 6 hours from 2023 on, kg and
# lbs, some with notes; the per-day table built by grocer.
weights() {
    local n=$1 path="$out/growth-weights-$1.sqlite"
    if [[ ! -f $path ]] || [[ $(sqlite3 "$path" 'SELECT count(*) FROM weight_entry') != "$n" ]] \
        || ! "$BIN" store status --store "$path" | grep -q '^state: *current$'; then
        rm -f "$path" "$path-wal" "$path-shm"
        "$BIN" unit kg --store "$path" >/dev/null
        sqlite3 "$path" "
            WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < $n - 1)
            INSERT INTO weight_entry (value, unit, recorded_at, note)
            SELECT printf('%d.%d', 70 + i % 20, i % 10), CASE i % 4 WHEN 0 THEN 'lbs' ELSE 'kg' END, 1700000000 + i * 21600,
                   CASE WHEN i % 10 = 0 THEN 'après la course' ELSE '' END FROM c;
            DELETE FROM setting WHERE key = 'weight_day.zone';"
        "$BIN" weight trend --store "$path" >/dev/null
    fi
    echo "$path"
}

# items N: N items with accented names, a place and an aisle each.
items() {
    local n=$1 path="$out/growth-items-$1.sqlite"
    if [[ ! -f $path ]] || [[ $(sqlite3 "$path" 'SELECT count(*) FROM item') != "$n" ]] \
        || ! "$BIN" store status --store "$path" | grep -q '^state: *current$'; then
        rm -f "$path" "$path-wal" "$path-shm"
        "$BIN" items add zqmarker --store "$path" >/dev/null
        sqlite3 "$path" "
            INSERT INTO place (name) VALUES ('Réfrigérateur'), ('Garde-manger'), ('Congélateur');
            INSERT INTO aisle (name, position) VALUES ('Fruits et légumes', 1), ('Crèmerie', 2), ('Épicerie', 3);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $n - 1)
            INSERT INTO item (name, quantity, listed, collected, place_id, aisle_id, amount)
            SELECT printf('crème brûlée %05d', i), 1 + i % 3, 1, i % 7 = 0, 1 + i % 3, 1 + i % 3, CAST(1 + i % 3 AS TEXT) FROM c;"
        # Rows written by sqlite3 have no name key (format 8); grocer's next
        # lookup keys them, as it would a person's list after such an edit.
        # The list a person meets was written by grocer: keyed, as here.
        "$BIN" items add zqmarker --store "$path" >/dev/null
    fi
    echo "$path"
}

# time_ms CMD: wall milliseconds of one run of a shell command.
time_ms() {
    local start end
    start=$(date +%s%N)
    sh -c "$1" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
commas() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }

# row LABEL SIZES-ARRAY PATHS-ARRAY MEASURE: one table row; MEASURE SIZE
# PATH prints one sample in ms. Sizes alternate within each round.
row() {
    local label=$1 measure=$4 i round first="" m
    local -n sizes_=$2 paths_=$3
    local -a samples=()
    for ((round = 0; round < RUNS; round++)); do
        for i in "${!sizes_[@]}"; do samples[i]+="$($measure "${sizes_[$i]}" "${paths_[$i]}") "; done
    done
    printf '| %s |' "$label"
    for i in "${!sizes_[@]}"; do
        # shellcheck disable=SC2086
        m=$(median ${samples[i]})
        if [[ -z $first ]]; then
            first=$m
            printf ' %s ms |' "$m"
        else
            printf ' %s ms (%sx) |' "$m" "$(awk -v a="$m" -v b="$first" 'BEGIN { if (b == 0) b = 1; printf "%.1f", a / b }')"
        fi
    done
    echo
}
header() {
    local -n sizes_=$2
    echo
    echo "$1"
    printf '| what |'
    for size in "${sizes_[@]}"; do printf ' %s |' "$(commas "$size")"; done
    printf '\n|---|'
    for _ in "${sizes_[@]}"; do printf -- '---|'; done
    echo
}

# The weight rows: commands, then F3 and End in the history (to the last
# byte of each frame: bench/historyframe.c).
cc -O2 -o "$out/historyframe" bench/historyframe.c -lutil
list() { time_ms "'$BIN' weight list --store '$2'"; }
list_json() { time_ms "'$BIN' weight list --json --store '$2'"; }
trend() { time_ms "'$BIN' weight trend --store '$2'"; }
export_csv() { time_ms "'$BIN' weight export --store '$2'"; }
status() { time_ms "'$BIN' store status --store '$2'"; }
history_keys() { GROCER_STORE="$2" "$out/historyframe" 1 "Enter Today's Weight" $'\eOR' "of $(commas "$1")" $'\eOF' "$(commas "$1")" -- "$BIN"; }
f3() { history_keys "$@" | awk '{print int($1 + 0.5)}'; }
end_key() { history_keys "$@" | awk '{print int($3 + 0.5)}'; }

# The item rows: commands, then F5 and a filter (bench/keyframe.c), on the
# store as launched and on a store changed since.
items_list() { time_ms "'$BIN' items list --store '$2'"; }
items_add() {
    cp "$2" "$WORK/add.sqlite"
    time_ms "'$BIN' items add 'pâte feuilletée' --store '$WORK/add.sqlite'"
}
grocery_keys() { GROCER_STORE="$2" KEYFRAME_PAUSE_MS=300 "$out/keyframe" "Enter Today's Weight" 1 $'\e[15~' "crème" "/zq" "zqmarker" -- "$BIN"; }
f5() { grocery_keys "$@" | awk '{print int($1 + 0.5)}'; }
filter() { grocery_keys "$@" | awk '{print int($3 + 0.5)}'; }
# The same on a list another grocer changed: on a copy of the store, a
# second process ticks an item half a second after the weight screen shows
# (the store is open and its list read by then); F5 comes PAUSE_MS later
# (1500: after the watch's tick has seen the write; 150: before it), then
# `/` and three letters.
changed_keys() {
    local copy="$WORK/changed.sqlite"
    rm -f "$copy" "$copy-wal" "$copy-shm"
    cp "$2" "$copy"
    GROCER_STORE="$copy" KEYFRAME_PAUSE_MS=$3 \
        KEYFRAME_BEFORE="sleep 0.5; sqlite3 '$copy' 'UPDATE item SET collected = 1 - collected WHERE id = 2'" \
        "$out/keyframe" "Enter Today's Weight" 1 $'\e[15~' "crème" "/zqm" "zqmarker" -- "$BIN"
}
f5_changed() { changed_keys "$1" "$2" 1500 | awk '{print int($1 + 0.5)}'; }
filter_changed() { changed_keys "$1" "$2" 1500 | awk '{print int($3 + 0.5)}'; }
f5_changed_at_once() { changed_keys "$1" "$2" 150 | awk '{print int($1 + 0.5)}'; }

weight_paths=()
for size in "${SIZES[@]}"; do weight_paths+=("$(weights "$size")"); done
item_paths=()
for size in "${ITEMS[@]}"; do item_paths+=("$(items "$size")"); done

echo "grocer's growth: median of $RUNS runs (ms), and the ratio to the smallest size"
# SIZES= (empty) leaves the weights out, ITEMS= the items.
if ((${#SIZES[@]})); then
    header "Weight entries (one every 6 hours; 10% with a note)" SIZES
    row "weight list" SIZES weight_paths list
    row "weight list --json" SIZES weight_paths list_json
    row "weight trend" SIZES weight_paths trend
    row "weight export" SIZES weight_paths export_csv
    row "store status" SIZES weight_paths status
    row "F3 to the drawn history" SIZES weight_paths f3
    row "End to the oldest page" SIZES weight_paths end_key
fi
if ((${#ITEMS[@]})); then
    header "Grocery items on the list (accented names, places and aisles)" ITEMS
    row "items list" ITEMS item_paths items_list
    row "items add (a new name)" ITEMS item_paths items_add
    row "F5 to the drawn list" ITEMS item_paths f5
    row "/zq to the filtered list" ITEMS item_paths filter
    row "F5 after another grocer's write (1.5 s before)" ITEMS item_paths f5_changed
    row "then /zqm to the filtered list" ITEMS item_paths filter_changed
    row "F5 at once after another grocer's write" ITEMS item_paths f5_changed_at_once
fi
