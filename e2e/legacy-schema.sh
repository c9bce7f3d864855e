# shellcheck shell=bash
# The tables older releases wrote (../shared/STORE-HISTORY.md), once, for the
# shell tests and benchmarks that build old stores. Each ends without
# user_version: the caller fills rows, then stamps the version.
LEGACY_V1_SCHEMA="
PRAGMA application_id = 1196573522;
CREATE TABLE weight_entry (id INTEGER PRIMARY KEY, weight_lbs REAL NOT NULL, date REAL NOT NULL);
CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
LEGACY_V2_SCHEMA="$LEGACY_V1_SCHEMA
CREATE TABLE amount (id INTEGER PRIMARY KEY, xyz TEXT);
CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, quantity INTEGER NOT NULL DEFAULT 1,
  listed INTEGER NOT NULL DEFAULT 1, collected INTEGER NOT NULL DEFAULT 0, amount_id INTEGER);"
