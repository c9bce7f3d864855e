# shellcheck shell=bash
# The tables older releases wrote (../shared/STORE-HISTORY.md), for the shell
# tests and benchmarks that build old stores. The SQL lives once, in
# e2e/legacy-schema/*.sql, which the Swift tests read too. Each ends without
# user_version: the caller fills rows, then stamps the version.
LEGACY_SCHEMA_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/legacy-schema" && pwd)
LEGACY_V1_SCHEMA=$(cat "$LEGACY_SCHEMA_DIR/v1.sql")
LEGACY_V2_SCHEMA="$LEGACY_V1_SCHEMA
$(cat "$LEGACY_SCHEMA_DIR/v2-additions.sql")"
LEGACY_V3_SCHEMA=$(cat "$LEGACY_SCHEMA_DIR/v3.sql")
export LEGACY_V1_SCHEMA LEGACY_V2_SCHEMA LEGACY_V3_SCHEMA

# dirty_v2_store FILE WEIGHTS ITEMS: a version 2 store with dirty rows among
# clean ones: 3 weights quarantined (negative, text, time out of range), 1
# item quarantined (quantity 2.5), item 5 points at a missing amount, amount
# 3 has no name.
dirty_v2_store() {
    local file=$1 weights=$2 items=$3
    sqlite3 "$file" <<SQL
$LEGACY_V2_SCHEMA
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 4 UNION ALL SELECT i + 1 FROM n WHERE i < $weights)
INSERT INTO weight_entry SELECT i, 150 + (i % 500) * 0.0123, 700000000 + i * 86400.0 FROM n;
INSERT INTO weight_entry VALUES (1, -4, 700000000), (2, 'heavy', 700000000), (3, 150, 1e300);
INSERT INTO amount VALUES (1, 'kg'), (2, ' bottle '), (3, NULL);
INSERT INTO item VALUES (1, 'Milk', 2, 1, 0, 2), (2, 'Crème fraîche ½ kg', 1, 0, 1, 1), (3, 'Half', 2.5, 1, 0, 1),
  (4, 'Tea', 1, 1, 0, 3), (5, 'Ghost', 1, 7, 0, 99);
WITH RECURSIVE n(i) AS (SELECT 6 UNION ALL SELECT i + 1 FROM n WHERE i < $items)
INSERT INTO item SELECT i, 'Item ' || i, 1 + i % 5, i % 2, 0, 1 + i % 3 FROM n;
INSERT INTO setting VALUES ('defaultUnits', '1');
COMMIT;
PRAGMA user_version = 2;
SQL
}
