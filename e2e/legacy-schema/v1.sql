-- Version 1 (../shared/STORE-HISTORY.md): weights only. Without
-- user_version: whoever builds a store fills rows, then stamps it.
PRAGMA application_id = 1196573522;
CREATE TABLE weight_entry (
  id         INTEGER PRIMARY KEY,
  weight_lbs REAL NOT NULL,
  date       REAL NOT NULL
);
CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
