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
