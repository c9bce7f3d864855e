#!/usr/bin/env bash
# Times `grocer store migrate` on a version 2 store against the floor: the
# sqlite3 command-line tool running plain SQL that makes the same end state
# (the current format, version 7) in one pass into a new file: each row
# converted and copied once, no lock, no checks, no backup, no log.
# Prints both times, their ratio and grocer's peak resident memory, at
# 1,000,000 and then 4,000,000 weight entries (200,000 items each time).
# Goals: ratio <= 1.5 at both sizes; peak RSS < 64 MB at both, and the
# larger no more than 10% above the smaller.
# Usage: bench/migration.sh [ENTRIES...]   (default: 1000000 4000000)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
source e2e/legacy-schema.sh
RUNS=${RUNS:-3}
SIZES=("$@")
((${#SIZES[@]})) || SIZES=(1000000 4000000)
ITEMS=${ITEMS:-200000}

if [[ -z ${GROCER_BIN:-} ]]; then
    swift build -c release --static-swift-stdlib >&2
    GROCER_BIN=$ROOT/.build/release/grocer
fi
command -v sqlite3 >/dev/null || { echo "bench needs the sqlite3 command-line tool (apt-get install sqlite3)" >&2; exit 2; }
TIME=/usr/bin/time
[[ -x $TIME ]] || TIME=""

WORK=$(mktemp -d "${TMPDIR:-/tmp}/grocer-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export XDG_STATE_HOME=$WORK/state

now() { date +%s.%N; }

# make_v2 FILE ENTRIES: a version 2 store as STORE-HISTORY.md defines it.
# Weights were typed in kg and kept in pounds (so most need rounding), one a
# day; items point at 50 amounts, some of them missing, some names NULL.
make_v2() {
    sqlite3 "$1" <<SQL
PRAGMA synchronous = OFF;
$LEGACY_V2_SCHEMA
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2)
INSERT INTO weight_entry SELECT i, (55 + (i * 7919 % 5000) * 0.01) / 0.45359237, 300000000 + i * 86400.0 + (i % 1000) * 0.37 FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
INSERT INTO amount SELECT i, CASE i % 7 WHEN 0 THEN NULL WHEN 1 THEN ' kg ' ELSE 'unit ' || i END FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $ITEMS)
INSERT INTO item SELECT i, 'Item ' || i, 1 + i % 7, i % 2, i % 3 = 0, CASE WHEN i % 10 = 0 THEN NULL ELSE 1 + i % 60 END FROM n;
INSERT INTO setting VALUES ('defaultUnits', '1');
COMMIT;
PRAGMA user_version = 2;
SQL
}

# The floor: the same copy and conversion in plain SQL (rounding done on
# the binary value, which is what plain SQL can do), indexes built after.
floor_sql() {
    # The same end state as grocer's migration, the current format (version
    # 6), made in one pass: the final tables (AUTOINCREMENT ids, the note,
    # places, aisles, an item's amount from its whole quantity, the empty
    # per-day table), each row converted and copied once.
    cat <<SQL
ATTACH '$1' AS src;
CREATE TABLE weight_entry (id INTEGER PRIMARY KEY AUTOINCREMENT,
  value TEXT NOT NULL CHECK (value GLOB '[0-9]*' AND value NOT GLOB '*[^0-9.]*'),
  unit TEXT NOT NULL CHECK (unit IN ('lbs', 'kg')), recorded_at INTEGER NOT NULL, note TEXT NOT NULL DEFAULT '');
CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE unit (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'New Unit');
CREATE TABLE place (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE aisle (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, position INTEGER NOT NULL);
CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, quantity INTEGER NOT NULL DEFAULT 1,
  listed INTEGER NOT NULL DEFAULT 1 CHECK (listed IN (0, 1)), collected INTEGER NOT NULL DEFAULT 0 CHECK (collected IN (0, 1)),
  unit_id INTEGER REFERENCES unit(id) ON DELETE SET NULL, place_id INTEGER REFERENCES place(id) ON DELETE SET NULL,
  aisle_id INTEGER REFERENCES aisle(id) ON DELETE SET NULL,
  amount TEXT CHECK (amount IS NULL OR (amount GLOB '[0-9]*' AND amount NOT GLOB '*[^0-9.]*')));
CREATE TABLE quarantine (id INTEGER PRIMARY KEY, source_version INTEGER NOT NULL, source_table TEXT NOT NULL,
  source_id INTEGER, reason TEXT NOT NULL, row_json TEXT NOT NULL);
CREATE TABLE weight_day (day INTEGER NOT NULL, unit TEXT NOT NULL CHECK (unit IN ('lbs', 'kg')), hundredths INTEGER NOT NULL,
  count INTEGER NOT NULL CHECK (count > 0), PRIMARY KEY (day, unit)) WITHOUT ROWID;
CREATE TABLE sync_account (collection TEXT PRIMARY KEY CHECK (collection IN ('list', 'weights')), url TEXT NOT NULL, user TEXT,
  password_command TEXT, token TEXT, last_sync INTEGER) WITHOUT ROWID;
CREATE TABLE sync_record (collection TEXT NOT NULL CHECK (collection IN ('list', 'weights')), uid TEXT NOT NULL, href TEXT, etag TEXT,
  agreed BLOB, local_id INTEGER, UNIQUE (collection, uid));
CREATE UNIQUE INDEX sync_record_by_local_id ON sync_record(collection, local_id);
CREATE TABLE sync_conflict (id INTEGER PRIMARY KEY AUTOINCREMENT, collection TEXT NOT NULL CHECK (collection IN ('list', 'weights')),
  uid TEXT NOT NULL, title TEXT NOT NULL, field TEXT NOT NULL, local_value TEXT, remote_value TEXT,
  kept TEXT NOT NULL CHECK (kept IN ('local', 'remote')), local_record TEXT, remote_record TEXT, at INTEGER NOT NULL);
BEGIN;
INSERT INTO weight_entry (id, value, unit, recorded_at)
  SELECT id, (c / 100) || CASE WHEN c % 100 = 0 THEN '' WHEN c % 10 = 0 THEN '.' || (c % 100 / 10)
                               ELSE '.' || substr('0' || (c % 100), -2) END,
         'lbs', CAST(round(date + 978307200) AS INTEGER)
  FROM (SELECT id, CAST(weight_lbs * 100 + 0.5 AS INTEGER) AS c, date FROM src.weight_entry);
INSERT INTO setting SELECT 'defaultUnit', CASE value WHEN '1' THEN 'kg' ELSE 'lbs' END FROM src.setting WHERE key = 'defaultUnits';
INSERT INTO unit (id, name) SELECT id, coalesce(nullif(trim(xyz, ' ' || char(9, 10, 11, 12, 13)), ''), 'New Unit') FROM src.amount;
INSERT INTO item (id, name, quantity, listed, collected, unit_id, amount)
  SELECT i.id, i.name, i.quantity, i.listed <> 0, i.collected <> 0, (SELECT a.id FROM src.amount a WHERE a.id = i.amount_id),
         CASE WHEN typeof(i.quantity) = 'integer' AND i.quantity >= 0 THEN CAST(i.quantity AS TEXT) END
  FROM src.item i;
CREATE INDEX weight_entry_by_time ON weight_entry(recorded_at, id);
CREATE INDEX item_by_unit ON item(unit_id);
CREATE INDEX item_by_place ON item(place_id);
CREATE INDEX item_by_aisle ON item(aisle_id);
CREATE INDEX aisle_by_position ON aisle(position, id);
PRAGMA application_id = 1196573522;
PRAGMA user_version = 7;
COMMIT;
SQL
}

median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

declare -A RSS
for n in "${SIZES[@]}"; do
    src=$WORK/v2-$n.sqlite
    make_v2 "$src" "$n"
    rows=$((n + ITEMS + 50 + 1))
    g_times=() f_times=() rss_values=()
    for ((r = 0; r < RUNS; r++)); do
        # grocer: a fresh copy of the store each run, its pages warm like the floor's.
        rm -rf "$WORK/g" && mkdir "$WORK/g" && cp "$src" "$WORK/g/grocer.sqlite" && cat "$WORK/g/grocer.sqlite" >/dev/null
        t0=$(now)
        if [[ -n $TIME ]]; then
            $TIME -f %M -o "$WORK/rss" "$GROCER_BIN" store migrate --store "$WORK/g/grocer.sqlite" >/dev/null 2>"$WORK/err" || { cat "$WORK/err" >&2; exit 1; }
            rss_values+=("$(tail -1 "$WORK/rss")")
        else
            "$GROCER_BIN" store migrate --store "$WORK/g/grocer.sqlite" >/dev/null 2>"$WORK/err" || { cat "$WORK/err" >&2; exit 1; }
        fi
        t1=$(now)
        g_times+=("$(echo "$t1 - $t0" | bc -l)")
        # floor
        rm -f "$WORK/floor.sqlite" && cat "$src" >/dev/null
        floor_sql "$src" >"$WORK/floor.sql"
        t0=$(now)
        sqlite3 "$WORK/floor.sqlite" <"$WORK/floor.sql"
        t1=$(now)
        f_times+=("$(echo "$t1 - $t0" | bc -l)")
    done
    g=$(printf '%s\n' "${g_times[@]}" | median)
    f=$(printf '%s\n' "${f_times[@]}" | median)
    ratio=$(echo "$g / $f" | bc -l)
    rss=$(printf '%s\n' "${rss_values[@]:-0}" | sort -g | tail -1)
    RSS[$n]=$rss
    printf 'entries %9d (%d rows): grocer %.3f s, plain SQL %.3f s, ratio %.2f (goal <= 1.5), grocer peak RSS %.1f MB (goal < 64)  [median of %d]\n' \
        "$n" "$rows" "$g" "$f" "$ratio" "$(echo "$rss / 1024" | bc -l)" "$RUNS"
    rm -f "$src"
done
if ((${#SIZES[@]} >= 2)); then
    small=${RSS[${SIZES[0]}]} large=${RSS[${SIZES[-1]}]}
    printf 'peak RSS growth %d -> %d entries: %+.1f%% (goal <= +10%%)\n' "${SIZES[0]}" "${SIZES[-1]}" \
        "$(echo "($large - $small) * 100 / $small" | bc -l)"
fi
