import GRDB

/// The current format (version 4). docs/STORE-FORMAT.md is its prose twin.
enum Schema {
    static let tables = """
        CREATE TABLE weight_entry (
          id          INTEGER PRIMARY KEY,
          value       TEXT NOT NULL CHECK (value GLOB '[0-9]*' AND value NOT GLOB '*[^0-9.]*'),
          unit        TEXT NOT NULL CHECK (unit IN ('lbs', 'kg')),
          recorded_at INTEGER NOT NULL
        );
        CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE unit (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'New Unit');
        CREATE TABLE item (
          id        INTEGER PRIMARY KEY,
          name      TEXT NOT NULL,
          quantity  INTEGER NOT NULL DEFAULT 1,
          listed    INTEGER NOT NULL DEFAULT 1 CHECK (listed IN (0, 1)),
          collected INTEGER NOT NULL DEFAULT 0 CHECK (collected IN (0, 1)),
          unit_id   INTEGER REFERENCES unit(id) ON DELETE SET NULL
        );
        CREATE TABLE quarantine (
          id             INTEGER PRIMARY KEY,
          source_version INTEGER NOT NULL,
          source_table   TEXT NOT NULL,
          source_id      INTEGER,
          reason         TEXT NOT NULL,
          row_json       TEXT NOT NULL
        );
        """

    /// Built after bulk copies, which is faster than keeping them up to date.
    static let indexes = """
        CREATE INDEX weight_entry_by_time ON weight_entry(recorded_at, id);
        CREATE INDEX item_by_unit ON item(unit_id);
        """

    static let stamp = """
        PRAGMA application_id = \(StoreFormat.applicationID);
        PRAGMA user_version = \(StoreFormat.currentVersion);
        """

    /// Creates the whole format in one transaction: a crash leaves an empty
    /// file, which is judged `missing` and created again.
    static func create(_ db: Database) throws {
        try db.execute(sql: tables)
        try db.execute(sql: indexes)
        try db.execute(sql: stamp)
    }

    /// Table names and what `store status` counts.
    static let countedTables = ["weight_entry", "item", "unit", "quarantine"]
}
