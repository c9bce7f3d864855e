-- Version 3: units replace amounts; weights as typed.
PRAGMA application_id = 1196573522;
CREATE TABLE weight_entry (
  id          INTEGER PRIMARY KEY,
  value       TEXT NOT NULL,
  unit        TEXT NOT NULL,
  recorded_at INTEGER NOT NULL
);
CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE unit (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'New Unit');
CREATE TABLE item (
  id        INTEGER PRIMARY KEY,
  name      TEXT NOT NULL,
  quantity  INTEGER NOT NULL DEFAULT 1,
  listed    INTEGER NOT NULL DEFAULT 1,
  collected INTEGER NOT NULL DEFAULT 0,
  unit_id   INTEGER
);
