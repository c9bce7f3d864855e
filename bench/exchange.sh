#!/usr/bin/env bash
# grocer weight export / import at N entries (default 1,000,000; also
# SIZES="1000000 4000000"), each beside its reference measured in the same
# run on the same rows:
#   export csv   vs  sqlite3 -csv  (the same columns, ISO 8601 by strftime)  goal: at least as fast
#   export json  vs  sqlite3 -json                                           goal: at least as fast
#   import csv   vs  sqlite3 .import --csv of the same file into a plain table  goal: within 3x
# and grocer's peak memory (GNU time's max RSS), goal under 64 MB for both.
# The store is a real grocer store (made by grocer, filled by sqlite3).
# Measured 2026-11-22 at 1,000,000 (release static build, 2 cores shared
# with six other builds, load 12-14; two runs): export csv 2.75-3.07 s vs
# sqlite3 3.78-7.98 s (0.38-0.73x); export json 3.04-5.40 s vs 4.85-6.40 s
# (0.63-0.84x); import 13.8-16.3 s vs .import 4.5-5.7 s (2.86-3.10x); peak
# RSS 18.5-19.1 MB (export), 22.4-23.8 MB (import). At 4,000,000: export
# csv 12.97 s vs 16.55 s (0.78x), json 13.50 s vs 19.88 s (0.68x), import
# 49.7 s vs 15.4 s (3.22x: missed), peak 18.7 MB (export), 23.0 MB (import).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
GROCER_BIN=${GROCER_BIN:-$ROOT/.build/release/grocer}
[[ -x $GROCER_BIN ]] || { echo "no grocer binary at $GROCER_BIN (make build)" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "bench needs sqlite3 (apt-get install sqlite3)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "bench needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 2; }
SIZES=(${SIZES:-${N:-1000000}})
WORK=$(mktemp -d "${TMPDIR:-/tmp}/grocer-exchange.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export XDG_STATE_HOME=$WORK/state TZ=UTC
ISO="strftime('%Y-%m-%dT%H:%M:%SZ', recorded_at, 'unixepoch')"

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
    STORE=$WORK/store-$N.sqlite
    "$GROCER_BIN" weight add 1 --unit kg --store "$STORE" >/dev/null
    sqlite3 "$STORE" <<SQL
DELETE FROM weight_entry;
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $N)
INSERT INTO weight_entry (id, value, unit, recorded_at, note)
  SELECT i, printf('%d.%02d', 60 + i % 40, i % 100), CASE WHEN i % 3 = 0 THEN 'lbs' ELSE 'kg' END, 1700000000 + i * 60,
         CASE WHEN i % 10 = 0 THEN 'after a run' WHEN i % 97 = 0 THEN 'Urlaub, müde' ELSE '' END FROM c;
SQL
    measure "sqlite3 -csv" sh -c "sqlite3 -csv -header '$STORE' \"SELECT $ISO AS recorded_at, value, unit, note FROM weight_entry ORDER BY recorded_at, id\" >'$WORK/sqlite.csv'"
    REF_CSV=$SECS
    measure "grocer weight export --format csv" sh -c "'$GROCER_BIN' weight export --store '$STORE' >'$WORK/grocer.csv'"
    verdict "$(awk -v a="$SECS" -v b="$REF_CSV" 'BEGIN { print (a <= b) }')" "export csv at $(ratio "$SECS" "$REF_CSV") of sqlite3's time (goal <= 1x)"
    verdict "$((KB < 65536))" "export csv peak $KB KB (goal < 65536)"
    measure "sqlite3 -json" sh -c "sqlite3 -json '$STORE' \"SELECT id, $ISO AS recordedAt, value, unit, note FROM weight_entry ORDER BY recorded_at, id\" >'$WORK/sqlite.json'"
    REF_JSON=$SECS
    measure "grocer weight export --format json" sh -c "'$GROCER_BIN' weight export --format json --store '$STORE' >'$WORK/grocer.json'"
    verdict "$(awk -v a="$SECS" -v b="$REF_JSON" 'BEGIN { print (a <= b) }')" "export json at $(ratio "$SECS" "$REF_JSON") of sqlite3's time (goal <= 1x)"
    verdict "$((KB < 65536))" "export json peak $KB KB (goal < 65536)"
    cmp -s <(tr -d '\r' <"$WORK/sqlite.csv") <(tr -d '\r' <"$WORK/grocer.csv") && echo "  csv: the same rows as sqlite3's (line ends aside)"

    rm -f "$WORK/plain.sqlite"
    sqlite3 "$WORK/plain.sqlite" "CREATE TABLE w (recorded_at TEXT, value TEXT, unit TEXT, note TEXT);"
    measure "sqlite3 .import --csv (plain table)" sqlite3 "$WORK/plain.sqlite" ".import --csv --skip 1 $WORK/grocer.csv w"
    REF_IMPORT=$SECS
    EMPTY=$WORK/empty-$N.sqlite
    "$GROCER_BIN" weight add 1 --unit kg --store "$EMPTY" >/dev/null
    sqlite3 "$EMPTY" "DELETE FROM weight_entry;"
    measure "grocer weight import (csv)" sh -c "'$GROCER_BIN' weight import '$WORK/grocer.csv' --store '$EMPTY' >'$WORK/import.txt'"
    sed 's/^/    /' "$WORK/import.txt"
    verdict "$(awk -v a="$SECS" -v b="$REF_IMPORT" 'BEGIN { print (a <= 3 * b) }')" "import csv at $(ratio "$SECS" "$REF_IMPORT") of sqlite3 .import (goal <= 3x)"
    verdict "$((KB < 65536))" "import csv peak $KB KB (goal < 65536)"
    "$GROCER_BIN" weight export --store "$EMPTY" | cmp -s - "$WORK/grocer.csv" && echo "  export -> import -> export: the same bytes"
    measure "grocer weight import again (all dup.)" sh -c "'$GROCER_BIN' weight import '$WORK/grocer.csv' --store '$EMPTY' >'$WORK/import.txt'"
    sed 's/^/    /' "$WORK/import.txt"
    rm -f "$STORE" "$EMPTY" "$WORK"/*.csv "$WORK"/*.json "$WORK/plain.sqlite"
done
