#!/usr/bin/env bash
# grocer weight export / import at N entries (default 1,000,000; also
# SIZES="1000000 4000000"), each beside its references measured in the same
# run on the same rows:
#   export csv / json  vs  the C floor (bench/exchange-floor.c: the same
#                          query and the same bytes on the SQLite C API)   goal: within 1.5x
#                      and sqlite3 -csv / -json (for comparison)
#   import csv         vs  the C floor (the same rows, index and per-day
#                          sums into an empty store)                       goal: within 1.5x
#                      and sqlite3 .import --csv into a plain table (for comparison)
#   import into a store already holding the N entries, of N more: later
#   ones (a tracker's newer weigh-ins) and ones between them (another
#   tracker's same years)  vs  the same import into an empty store         goal: within 1.5x
# and grocer's peak memory (GNU time's max RSS), goal under 64 MB.
# The store is a real grocer store (made by grocer, filled by sqlite3).
# Figures: docs/MEASURED.md and the commits that changed them.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
GROCER_BIN=${GROCER_BIN:-$ROOT/.build/release/grocer}
[[ -x $GROCER_BIN ]] || { echo "no grocer binary at $GROCER_BIN (make build)" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "bench needs sqlite3 (apt-get install sqlite3)" >&2; exit 2; }
command -v gcc >/dev/null || { echo "bench needs gcc (apt-get install gcc)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "bench needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 2; }
SIZES=(${SIZES:-${N:-1000000}})
WORK=$(mktemp -d "${TMPDIR:-/tmp}/grocer-exchange.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export XDG_STATE_HOME=$WORK/state TZ=UTC
ISO="strftime('%Y-%m-%dT%H:%M:%SZ', recorded_at, 'unixepoch')"
FLOOR=$WORK/exchange-floor
gcc -O2 -o "$FLOOR" bench/exchange-floor.c -lsqlite3

# measure LABEL command...: prints "LABEL  seconds  peak KB" and sets SECS, KB.
measure() {
    local label=$1
    shift
    /usr/bin/time -f "%e %M" -o "$WORK/time.txt" "$@"
    read -r SECS KB <"$WORK/time.txt"
    printf '  %-36s %7s s  %7s KB peak\n' "$label" "$SECS" "$KB"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "-"; else printf "%.2fx", a / b }'; }
verdict() { # ok-when-true text
    if [[ $1 == 1 ]]; then echo "  met: $2"; else echo "  MISSED: $2"; fi
}

for N in "${SIZES[@]}"; do
    echo "weight export/import at $N entries"
    # One a minute, ending a day before now with the "later" import's rows
    # after them (N more, 20 s apart): at 4,000,000 a fixed start ran into
    # the future, and grocer rightly refused those rows.
    BASE=$(($(date +%s) - N * 80 - 86400))
    STORE=$WORK/store-$N.sqlite
    "$GROCER_BIN" weight add 1 --unit kg --store "$STORE" >/dev/null
    sqlite3 "$STORE" <<SQL
DELETE FROM weight_entry;
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $N)
INSERT INTO weight_entry (id, value, unit, recorded_at, note)
  SELECT i, printf('%d.%02d', 60 + i % 40, i % 100), CASE WHEN i % 3 = 0 THEN 'lbs' ELSE 'kg' END, $BASE + i * 60,
         CASE WHEN i % 10 = 0 THEN 'after a run' WHEN i % 97 = 0 THEN 'Urlaub, müde' ELSE '' END FROM c;
SQL
    measure "sqlite3 -csv" sh -c "sqlite3 -csv -header '$STORE' \"SELECT $ISO AS recorded_at, value, unit, note FROM weight_entry ORDER BY recorded_at, id\" >'$WORK/sqlite.csv'"
    REF_CSV=$SECS
    measure "grocer weight export --format csv" sh -c "'$GROCER_BIN' weight export --store '$STORE' >'$WORK/grocer.csv'"
    EXPORT_CSV=$SECS
    verdict "$(awk -v a="$SECS" -v b="$REF_CSV" 'BEGIN { print (a <= b) }')" "export csv at $(ratio "$SECS" "$REF_CSV") of sqlite3's time (goal <= 1x)"
    verdict "$((KB < 65536))" "export csv peak $KB KB (goal < 65536)"
    measure "sqlite3 -json" sh -c "sqlite3 -json '$STORE' \"SELECT id, $ISO AS recordedAt, value, unit, note FROM weight_entry ORDER BY recorded_at, id\" >'$WORK/sqlite.json'"
    REF_JSON=$SECS
    measure "grocer weight export --format json" sh -c "'$GROCER_BIN' weight export --format json --store '$STORE' >'$WORK/grocer.json'"
    EXPORT_JSON=$SECS
    verdict "$(awk -v a="$SECS" -v b="$REF_JSON" 'BEGIN { print (a <= b) }')" "export json at $(ratio "$SECS" "$REF_JSON") of sqlite3's time (goal <= 1x)"
    verdict "$((KB < 65536))" "export json peak $KB KB (goal < 65536)"
    cmp -s <(tr -d '\r' <"$WORK/sqlite.csv") <(tr -d '\r' <"$WORK/grocer.csv") && echo "  csv: the same rows as sqlite3's (line ends aside)"
    measure "C floor export csv" sh -c "'$FLOOR' export-csv '$STORE' >'$WORK/floor.csv'"
    FLOOR_CSV=$SECS
    measure "C floor export json" sh -c "'$FLOOR' export-json '$STORE' >'$WORK/floor.json'"
    FLOOR_JSON=$SECS
    cmp -s "$WORK/floor.csv" "$WORK/grocer.csv" && cmp -s "$WORK/floor.json" "$WORK/grocer.json" \
        && echo "  the C floor wrote the same bytes as grocer, csv and json" || echo "  MISSED: the C floor's export differs from grocer's"
    verdict "$(awk -v a="$EXPORT_CSV" -v b="$FLOOR_CSV" 'BEGIN { print (a <= 1.5 * b) }')" "export csv at $(ratio "$EXPORT_CSV" "$FLOOR_CSV") of the C floor (goal <= 1.5x)"
    verdict "$(awk -v a="$EXPORT_JSON" -v b="$FLOOR_JSON" 'BEGIN { print (a <= 1.5 * b) }')" "export json at $(ratio "$EXPORT_JSON" "$FLOOR_JSON") of the C floor (goal <= 1.5x)"

    rm -f "$WORK/plain.sqlite"
    sqlite3 "$WORK/plain.sqlite" "CREATE TABLE w (recorded_at TEXT, value TEXT, unit TEXT, note TEXT);"
    measure "sqlite3 .import --csv (plain table)" sqlite3 "$WORK/plain.sqlite" ".import --csv --skip 1 $WORK/grocer.csv w"
    REF_IMPORT=$SECS
    EMPTY=$WORK/empty-$N.sqlite
    "$GROCER_BIN" weight add 1 --unit kg --store "$EMPTY" >/dev/null
    sqlite3 "$EMPTY" "DELETE FROM weight_entry; DELETE FROM weight_day;"
    cp "$EMPTY" "$WORK/floor-$N.sqlite"
    measure "C floor import (csv)" "$FLOOR" import-csv "$WORK/floor-$N.sqlite" "$WORK/grocer.csv"
    FLOOR_IMPORT=$SECS
    measure "grocer weight import (csv)" sh -c "'$GROCER_BIN' weight import '$WORK/grocer.csv' --store '$EMPTY' >'$WORK/import.txt'"
    IMPORT_EMPTY=$SECS
    sed 's/^/    /' "$WORK/import.txt"
    verdict "$(awk -v a="$SECS" -v b="$FLOOR_IMPORT" 'BEGIN { print (a <= 1.5 * b) }')" "import csv at $(ratio "$SECS" "$FLOOR_IMPORT") of the C floor (goal <= 1.5x; $(ratio "$SECS" "$REF_IMPORT") of sqlite3 .import)"
    verdict "$((KB < 65536))" "import csv peak $KB KB (goal < 65536)"
    [[ $(sqlite3 "$EMPTY" "SELECT * FROM weight_day ORDER BY 1, 2; SELECT value, unit, recorded_at, note FROM weight_entry ORDER BY id" | md5sum) == \
        $(sqlite3 "$WORK/floor-$N.sqlite" "SELECT * FROM weight_day ORDER BY 1, 2; SELECT value, unit, recorded_at, note FROM weight_entry ORDER BY id" | md5sum) ]] \
        && echo "  the C floor's import left the same rows and per-day sums as grocer's" || echo "  MISSED: the C floor's import differs from grocer's"
    # Into a store that already holds the N entries: N later ones (every
    # 20 s after the last: still in the past at 1,000,000), and N between
    # them (each 30 s after one), each against the empty import.
    for shape in later between; do
        if [[ $shape == later ]]; then at="$BASE + $N * 60 + (recorded_at - $BASE) / 3"; else at="recorded_at + 30"; fi
        { printf 'recorded_at,value,unit,note\r\n'; sqlite3 -csv "$STORE" "SELECT strftime('%Y-%m-%dT%H:%M:%SZ', $at, 'unixepoch'), value, unit, note FROM weight_entry ORDER BY recorded_at, id"; } >"$WORK/$shape.csv"
        cp "$STORE" "$WORK/full-$N.sqlite"
        measure "grocer weight import ($shape, into $N)" sh -c "'$GROCER_BIN' weight import '$WORK/$shape.csv' --store '$WORK/full-$N.sqlite' >'$WORK/import.txt'"
        sed 's/^/    /' "$WORK/import.txt"
        verdict "$(awk -v a="$SECS" -v b="$IMPORT_EMPTY" 'BEGIN { print (a <= 1.5 * b) }')" "import of $N $shape entries into a store holding $N at $(ratio "$SECS" "$IMPORT_EMPTY") of into an empty one (goal <= 1.5x)"
        verdict "$((KB < 65536))" "import into $N peak $KB KB (goal < 65536)"
        rm -f "$WORK/full-$N.sqlite"
    done
    "$GROCER_BIN" weight export --store "$EMPTY" | cmp -s - "$WORK/grocer.csv" && echo "  export -> import -> export: the same bytes"
    measure "grocer weight import again (all dup.)" sh -c "'$GROCER_BIN' weight import '$WORK/grocer.csv' --store '$EMPTY' >'$WORK/import.txt'"
    sed 's/^/    /' "$WORK/import.txt"
    rm -f "$STORE" "$EMPTY" "$WORK"/*.csv "$WORK"/*.json "$WORK/plain.sqlite" "$WORK/floor-$N.sqlite"
done
