#!/usr/bin/env bash
# Times `grocer store migrate` on a version 2 store against the floor: the
# sqlite3 command-line tool running plain SQL that makes the same end state
# (the current format, version 8) in one pass into a new file: each row
# converted and copied once, the rows grocer quarantines (times past the
# year 9999, at 4,000,000) put in `quarantine` as grocer words them, and
# the per-day table `weight_day` filled as grocer's migration fills it (each
# local day's sum of hundredths and count, per unit, in the zone of $TZ,
# and the setting `weight_day.zone` naming it); no lock, no checks, no
# backup, no log. After the runs of each size, the two files are compared
# table by table, rows and all (weight_day on its own first): a difference
# stops the bench, since the floor would then not be making the same file.
# Prints both times, their ratio and grocer's peak resident memory, at
# 1,000,000 and then 4,000,000 weight entries (200,000 items each time).
# Goals (issue 18): ratio <= 1.25 at both sizes; peak RSS < 64 MB at both,
# and the larger no more than 10% above the smaller.
# The zone is America/New_York unless MIGRATION_TZ names another (one with
# summer time, so both sides look the offset up; grocer writes the zone's
# identifier, so it must be a name such as Europe/Paris, not a POSIX rule).
# Usage: bench/migration.sh [ENTRIES...]   (default: 1000000 4000000)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
source e2e/legacy-schema.sh
RUNS=${RUNS:-3}
SIZES=("$@")
((${#SIZES[@]})) || SIZES=(1000000 4000000)
ITEMS=${ITEMS:-200000}
export TZ=${MIGRATION_TZ:-America/New_York}
[[ -f /usr/share/zoneinfo/$TZ ]] || { echo "bench: no zone $TZ in /usr/share/zoneinfo (apt-get install tzdata)" >&2; exit 2; }

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
    # 8), made in one pass: the final tables (AUTOINCREMENT ids, the note,
    # places, aisles, an item's amount from its whole quantity and its name
    # key: the generator's names are ASCII, whose key is SQLite's lower()), each row
    # converted and copied once; the weights whose time is past what the
    # format holds quarantined with grocer's reason and JSON (the
    # generator's times grow with the id, so those are the rows after the
    # last one carried: the floor reads only them); then the per-day table
    # from the new weight_entry, grouped by local day ('localtime': the
    # C library's zone, $TZ) and unit, and the zone it was built for.
    # (For years outside 1970-2037 SQLite asks the C library about an
    # equivalent year; the generator's times, about 05:20 UTC, fall on the
    # same New York day under either offset, and same_file checks every day.)
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
  amount TEXT CHECK (amount IS NULL OR (amount GLOB '[0-9]*' AND amount NOT GLOB '*[^0-9.]*')), name_key TEXT);
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
  FROM (SELECT id, CAST(weight_lbs * 100 + 0.5 AS INTEGER) AS c, date FROM src.weight_entry
        WHERE date > -63113904000.5 AND date < 252423993599.5);
INSERT INTO quarantine (source_version, source_table, source_id, reason, row_json)
  SELECT 2, 'weight_entry', id, 'time is out of range', json_object('id', id, 'weight_lbs', weight_lbs, 'date', date)
  FROM src.weight_entry WHERE id > (SELECT coalesce(max(id), -1) FROM main.weight_entry)
                          AND NOT (date > -63113904000.5 AND date < 252423993599.5);
INSERT INTO setting SELECT 'defaultUnit', CASE value WHEN '1' THEN 'kg' ELSE 'lbs' END FROM src.setting WHERE key = 'defaultUnits';
INSERT INTO unit (id, name) SELECT id, coalesce(nullif(trim(xyz, ' ' || char(9, 10, 11, 12, 13)), ''), 'New Unit') FROM src.amount;
INSERT INTO item (id, name, quantity, listed, collected, unit_id, amount, name_key)
  SELECT i.id, i.name, i.quantity, i.listed <> 0, i.collected <> 0, (SELECT a.id FROM src.amount a WHERE a.id = i.amount_id),
         CASE WHEN typeof(i.quantity) = 'integer' AND i.quantity >= 0 THEN CAST(i.quantity AS TEXT) END,
         CASE WHEN typeof(i.name) = 'text' THEN lower(i.name) END
  FROM src.item i;
CREATE INDEX weight_entry_by_time ON weight_entry(recorded_at, id);
CREATE INDEX item_by_unit ON item(unit_id);
CREATE INDEX item_by_place ON item(place_id);
CREATE INDEX item_by_aisle ON item(aisle_id);
CREATE INDEX aisle_by_position ON aisle(position, id);
CREATE INDEX item_by_name_key ON item(name_key);
CREATE TRIGGER item_name_key_follows_name AFTER UPDATE OF name ON item
  WHEN NEW.name_key IS OLD.name_key AND NEW.name IS NOT OLD.name AND NOT (lower(NEW.name) IS lower(OLD.name))
BEGIN
  UPDATE item SET name_key = NULL WHERE id = NEW.id;
END;
INSERT INTO weight_day (day, unit, hundredths, count)
  SELECT (s - (s < 0) * 86399) / 86400 AS day, unit, sum(CAST(round(value * 100) AS INTEGER)), count(*)
  FROM (SELECT unixepoch(recorded_at, 'unixepoch', 'localtime') AS s, unit, value FROM weight_entry)
  GROUP BY day, unit;
INSERT INTO setting VALUES ('weight_day.zone', '$TZ');
PRAGMA application_id = 1196573522;
PRAGMA user_version = 8;
COMMIT;
SQL
}

# same_file GROCER FLOOR: the two files hold the same rows, table by table
# (weight_day first, shown when it differs); a difference ends the bench.
same_file() {
    local a=$1 b=$2 t order
    local days="SELECT * FROM weight_day ORDER BY day, unit"
    if ! cmp -s <(sqlite3 "$a" "$days") <(sqlite3 "$b" "$days"); then
        echo "bench: weight_day differs between grocer's file (<) and the floor's (>); the floor is not making the same file:" >&2
        diff <(sqlite3 "$a" "$days") <(sqlite3 "$b" "$days") | head -20 >&2
        exit 1
    fi
    local tables="SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    if [[ $(sqlite3 "$a" "$tables") != "$(sqlite3 "$b" "$tables")" ]]; then
        echo "bench: the tables differ: grocer $(sqlite3 "$a" "$tables" | tr '\n' ' '), floor $(sqlite3 "$b" "$tables" | tr '\n' ' ')" >&2
        exit 1
    fi
    for t in $(sqlite3 "$a" "$tables"); do
        order=$(sqlite3 "$a" "SELECT group_concat(cid + 1, ', ') FROM pragma_table_info('$t')")
        if ! cmp -s <(sqlite3 "$a" "SELECT * FROM \"$t\" ORDER BY $order") <(sqlite3 "$b" "SELECT * FROM \"$t\" ORDER BY $order"); then
            echo "bench: table $t differs between grocer's file (<) and the floor's (>):" >&2
            diff <(sqlite3 "$a" "SELECT * FROM \"$t\" ORDER BY $order") <(sqlite3 "$b" "SELECT * FROM \"$t\" ORDER BY $order") | head -20 >&2
            exit 1
        fi
    done
    for p in user_version application_id; do
        [[ $(sqlite3 "$a" "PRAGMA $p") == "$(sqlite3 "$b" "PRAGMA $p")" ]] || { echo "bench: PRAGMA $p differs" >&2; exit 1; }
    done
}

median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
# phases: the median of each of grocer's phases over the runs, from the
# lines "phases: copy 1.234 s, indexes ..." of its migration log.
phases() {
    grep -o 'phases: .*' "$XDG_STATE_HOME/grocer/migration.log" | sed 's/^phases: //; s/Migration Progress.*//' | awk -F', ' '
        { for (i = 1; i <= NF; i++) { n = split($i, w, " "); name = w[1]; for (j = 2; j < n - 1; j++) name = name " " w[j]
              if (!(name in seen)) { seen[name] = 1; order[++names] = name }; v[name, ++c[name]] = w[n - 1] } }
        END { for (k = 1; k <= names; k++) { name = order[k]; m = c[name]
                  for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[name, j] < v[name, i]) { t = v[name, i]; v[name, i] = v[name, j]; v[name, j] = t }
                  printf "%s%s %.2f s", (k > 1 ? ", " : ""), name, v[name, int((m + 1) / 2)] } print "" }'
}

declare -A RSS
for n in "${SIZES[@]}"; do
    src=$WORK/v2-$n.sqlite
    make_v2 "$src" "$n"
    rows=$((n + ITEMS + 50 + 1))
    g_times=() f_times=() rss_values=() g_cpu=() f_cpu=()
    rm -f "$XDG_STATE_HOME/grocer/migration.log"
    for ((r = 0; r < RUNS; r++)); do
        # grocer: a fresh copy of the store each run, its pages warm like the floor's.
        rm -rf "$WORK/g" && mkdir "$WORK/g" && cp "$src" "$WORK/g/grocer.sqlite" && cat "$WORK/g/grocer.sqlite" >/dev/null
        t0=$(now)
        if [[ -n $TIME ]]; then
            $TIME -f '%M %U %S' -o "$WORK/rss" "$GROCER_BIN" store migrate --store "$WORK/g/grocer.sqlite" >/dev/null 2>"$WORK/err" || { cat "$WORK/err" >&2; exit 1; }
            read -r kb user sys < <(tail -1 "$WORK/rss")
            rss_values+=("$kb")
            g_cpu+=("$(echo "$user + $sys" | bc -l)")
        else
            "$GROCER_BIN" store migrate --store "$WORK/g/grocer.sqlite" >/dev/null 2>"$WORK/err" || { cat "$WORK/err" >&2; exit 1; }
        fi
        t1=$(now)
        g_times+=("$(echo "$t1 - $t0" | bc -l)")
        # floor
        rm -f "$WORK/floor.sqlite" && cat "$src" >/dev/null
        floor_sql "$src" >"$WORK/floor.sql"
        t0=$(now)
        if [[ -n $TIME ]]; then
            $TIME -f '%U %S' -o "$WORK/cpu" sqlite3 "$WORK/floor.sqlite" <"$WORK/floor.sql"
            read -r user sys < <(tail -1 "$WORK/cpu")
            f_cpu+=("$(echo "$user + $sys" | bc -l)")
        else
            sqlite3 "$WORK/floor.sqlite" <"$WORK/floor.sql"
        fi
        t1=$(now)
        f_times+=("$(echo "$t1 - $t0" | bc -l)")
    done
    same_file "$WORK/g/grocer.sqlite" "$WORK/floor.sqlite"
    g=$(printf '%s\n' "${g_times[@]}" | median)
    f=$(printf '%s\n' "${f_times[@]}" | median)
    ratio=$(echo "$g / $f" | bc -l)
    rss=$(printf '%s\n' "${rss_values[@]:-0}" | sort -g | tail -1)
    RSS[$n]=$rss
    printf 'entries %9d (%d rows, %d days in weight_day, zone %s): grocer %.3f s, plain SQL %.3f s, ratio %.2f (goal <= 1.25: %s), grocer peak RSS %.1f MB (goal < 64: %s)  [median of %d, alternating; the files compared: the same rows]\n' \
        "$n" "$rows" "$(sqlite3 "$WORK/floor.sqlite" 'SELECT count(*) FROM weight_day')" "$TZ" "$g" "$f" "$ratio" \
        "$(awk -v r="$ratio" 'BEGIN { print (r <= 1.25) ? "met" : "missed" }')" "$(echo "$rss / 1024" | bc -l)" \
        "$(awk -v k="$rss" 'BEGIN { print (k < 64 * 1024) ? "met" : "missed" }')" "$RUNS"
    # CPU time (user + system) beside the wall time: on a shared machine
    # it moves less with the others' load (the goal is the wall time's).
    if [[ -n $TIME ]]; then
        gc=$(printf '%s\n' "${g_cpu[@]}" | median) fc=$(printf '%s\n' "${f_cpu[@]}" | median)
        printf '  CPU time (user + system, medians): grocer %.2f s, plain SQL %.2f s, ratio %.2f\n' "$gc" "$fc" "$(echo "$gc / $fc" | bc -l)"
    fi
    # "steps" ends with the build of weight_day (Migrator.buildDays).
    echo "  grocer's phases (medians): $(phases)"
    rm -f "$src"
done
if ((${#SIZES[@]} >= 2)); then
    small=${RSS[${SIZES[0]}]} large=${RSS[${SIZES[-1]}]}
    growth=$(echo "($large - $small) * 100 / $small" | bc -l)
    printf 'peak RSS growth %d -> %d entries: %+.1f%% (goal <= +10%%: %s)\n' "${SIZES[0]}" "${SIZES[-1]}" "$growth" \
        "$(awk -v g="$growth" 'BEGIN { print (g <= 10) ? "met" : "missed" }')"
fi
