import GRDB
import GrocerCore

/// The format's SQL. Version 4 is frozen here as it was released: these
/// texts are never edited again (sqlite_master keeps them verbatim, and a
/// fresh store must match a migrated one). Later versions are in-place
/// steps (`FormatStep.released`), applied after version 4 by both creation
/// and migration. docs/STORE-FORMAT.md is the prose twin.
enum Schema {
    static let version4Number = 4

    /// Version 4's tables, frozen.
    static let version4Tables = """
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

    /// Version 4's indexes, frozen. Built after bulk copies, which is
    /// faster than keeping them up to date.
    static let version4Indexes = """
        CREATE INDEX weight_entry_by_time ON weight_entry(recorded_at, id);
        CREATE INDEX item_by_unit ON item(unit_id);
        """

    /// The (recorded_at, id) index exactly as `version4Indexes` makes it:
    /// a bulk import into an empty store drops it and builds it at the end.
    static let weightTimeIndex = "CREATE INDEX weight_entry_by_time ON weight_entry(recorded_at, id)"

    /// Version 4's stamp, frozen (0x47524352, "GRCR").
    static let version4Stamp = """
        PRAGMA application_id = 1196573522;
        PRAGMA user_version = 4;
        """

    /// Creates the whole current format in the caller's transaction: version
    /// 4, then every released step. A crash leaves an empty file, which is
    /// judged `missing` and created again.
    static func create(_ db: Database, steps: [FormatStep] = FormatStep.released) throws {
        try db.execute(sql: version4Tables)
        try db.execute(sql: version4Indexes)
        try db.execute(sql: version4Stamp)
        for step in steps { try step.apply(db) }
    }

    /// A fresh store offers the common units from the start (the person
    /// may rename or delete them); a migrated store keeps only its own.
    static func offerCommonUnits(_ db: Database) throws {
        for name in CommonUnits.names {
            try db.execute(sql: "INSERT INTO unit (name) VALUES (?)", arguments: [name])
        }
    }

    /// A fresh store's aisles, in that order (the person may rename,
    /// reorder or delete them); a migrated store keeps only its own.
    static func offerAisles(_ names: [String], _ db: Database) throws {
        for (offset, name) in names.enumerated() {
            try db.execute(sql: "INSERT INTO aisle (name, position) VALUES (?, ?)", arguments: [name, offset + 1])
        }
    }

    /// Table names and what `store status` counts.
    static let countedTables = ["weight_entry", "item", "unit", "quarantine"]
}
