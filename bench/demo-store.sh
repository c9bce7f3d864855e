# The demo store (issue 35's "2,000,003-row demo store"), for the benches
# that migrate it: make_demo_store PATH N writes a version 1 store at PATH
# with N daily weight entries in pounds (floats, as version 1 kept them),
# two rows version 1 allowed and the current format cannot hold (a
# negative weight, a text one), and the old unit setting. Needs
# e2e/legacy-schema.sh sourced first (LEGACY_V1_SCHEMA).
make_demo_store() {
    sqlite3 "$1" <<SQL
PRAGMA synchronous = OFF;
$LEGACY_V1_SCHEMA
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2)
INSERT INTO weight_entry SELECT i, (55 + (i * 7919 % 5000) * 0.01) / 0.45359237, 300000000 + i * 86400.0 FROM n;
INSERT INTO weight_entry VALUES ($2 + 1, -1, 300000000), ($2 + 2, 'heavy', 300000000);
INSERT INTO setting VALUES ('defaultUnits', '1');
COMMIT;
PRAGMA user_version = 1;
SQL
}
