-- Version 2: version 1's tables unchanged, plus these.
CREATE TABLE amount (id INTEGER PRIMARY KEY, xyz TEXT);
CREATE TABLE item (
  id        INTEGER PRIMARY KEY,
  name      TEXT NOT NULL,
  quantity  INTEGER NOT NULL DEFAULT 1,
  listed    INTEGER NOT NULL DEFAULT 1,
  collected INTEGER NOT NULL DEFAULT 0,
  amount_id INTEGER
);
