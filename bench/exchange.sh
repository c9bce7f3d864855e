#!/usr/bin/env bash
# Export and import of N weight entries (default 1,000,000): grocer's
# writers and readers (bench/exchange-bench, release) beside the sqlite3
# tool's own -csv / -json output and .import of the same rows, one run,
# side by side; peak memory from GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-1000000}
OUT=${OUT:-bench/out/exchange}
mkdir -p "$OUT"
swift build -c release --product exchange-bench >/dev/null
BIN=.build/release/exchange-bench
DB=$OUT/weights.sqlite
rm -f "$DB"
sqlite3 "$DB" <<SQL
CREATE TABLE weight_entry (id INTEGER PRIMARY KEY, value TEXT NOT NULL, unit TEXT NOT NULL, recorded_at INTEGER NOT NULL);
CREATE INDEX weight_entry_by_time ON weight_entry(recorded_at, id);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $N)
INSERT INTO weight_entry SELECT i, printf('%d.%02d', 60 + i % 40, i % 100), CASE WHEN i % 3 = 0 THEN 'lbs' ELSE 'kg' END, 1700000000 + i * 60 FROM c;
SQL
ISO="strftime('%Y-%m-%dT%H:%M:%SZ', recorded_at, 'unixepoch')"
measure() { # label command...
    local label=$1; shift
    /usr/bin/time -f "%e s, %M KB peak" -o "$OUT/time.txt" "$@" 2>/dev/null
    printf '%-34s %s\n' "$label" "$(cat "$OUT/time.txt")"
}
measure "sqlite3 -csv" sh -c "sqlite3 -csv -header '$DB' \"SELECT $ISO AS recorded_at, value, unit FROM weight_entry ORDER BY recorded_at, id\" > $OUT/sqlite.csv"
measure "grocer export csv" "$BIN" export csv "$DB" "$OUT/grocer.csv"
measure "sqlite3 -json" sh -c "sqlite3 -json '$DB' \"SELECT id, $ISO AS recordedAt, value, unit FROM weight_entry ORDER BY recorded_at, id\" > $OUT/sqlite.json"
measure "grocer export json" "$BIN" export json "$DB" "$OUT/grocer.json"
measure "grocer writer alone csv" "$BIN" write csv "$N" "$OUT/written.csv"
measure "grocer writer alone json" "$BIN" write json "$N" "$OUT/written.json"
rm -f "$OUT/import.sqlite"
measure "sqlite3 .import csv" sqlite3 "$OUT/import.sqlite" ".import --csv $OUT/grocer.csv w"
measure "grocer read csv (no store)" "$BIN" import "$OUT/grocer.csv"
measure "grocer read json (no store)" "$BIN" import "$OUT/grocer.json"
cmp <(tr -d '\r' < "$OUT/sqlite.csv") <(tr -d '\r' < "$OUT/grocer.csv") && echo "csv: same bytes as sqlite3's (line ends aside)"
# Where the reading time goes: CSV.swift's fields alone (not used: too slow),
# and Weight(digits:unit:) alone, which every imported row pays.
measure "CSV.swift 2.5.2 fields alone" "$BIN" scan "$OUT/grocer.csv"
measure "Weight(digits:unit:) x N alone" "$BIN" weights "$N"
