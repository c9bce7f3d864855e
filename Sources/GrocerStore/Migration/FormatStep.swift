import GRDB

/// One in-place change of the format from `version - 1` to `version`,
/// registered once like a GRDB migration but keyed by `user_version`
/// (GRDB's DatabaseMigrator keeps a table of its own): plain SQL, never
/// edited once released, never depending on application types or
/// constants (a step must do tomorrow exactly what it did the day it
/// shipped). The Migrator runs each pending one, on the copy of the store
/// it will swap in, in one transaction that also sets the new version and
/// checks foreign keys (`apply`); `Schema.create` runs every one for a
/// fresh store; a rebuild of versions 1-3 makes the tables as the steps
/// do, then runs their `rowsSQL` over the rows it copied.
public struct FormatStep: Sendable {
    /// The version the store has after this step.
    public let version: Int
    /// What the step does, as SQL.
    public let sql: String
    /// What the step does to the rows that were there before it, for a
    /// rebuild of an older store (versions 1-3), which makes the current
    /// tables empty (version 4 and every step, each over no rows) and
    /// copies each row once, into the table it stays in: "" when the step
    /// changes no row (it adds tables, columns with a default, or makes a
    /// table again with the same rows). nil when not known: the rebuild
    /// then runs this step, and every later one, over the copied rows, as
    /// a store of version 4 takes them. A test holds the two ways to the
    /// same file.
    public let rowsSQL: String?

    public init(version: Int, sql: String, rowsSQL: String? = nil) {
        self.version = version
        self.sql = sql
        self.rowsSQL = rowsSQL
    }

    /// The released steps after version 4, in order. Append only; never
    /// edit or remove one.
    public static let released: [FormatStep] = [
        version5, version6, version7, version8, version9, version10, version11, version12, version13, version14, version15,
    ]

    /// Version 5: places at home and aisles at the shop (in the person's
    /// order), which an item may name (deleting one leaves its items without
    /// it); an item's exact quantity as decimal text (`amount`, filled from
    /// the whole-number `quantity` of every row that has a sensible one);
    /// and `weight_day`, each local calendar day's entries summed per unit
    /// in hundredths (exact: a weight has at most 2 fraction digits),
    /// which the store keeps current with every write and rebuilds when the
    /// time zone it was built for (setting `weight_day.zone`) is not the
    /// person's, or it is missing.
    static let version5 = FormatStep(
        version: 5,
        sql: """
            CREATE TABLE place (
              id   INTEGER PRIMARY KEY,
              name TEXT NOT NULL UNIQUE
            );
            CREATE TABLE aisle (
              id       INTEGER PRIMARY KEY,
              name     TEXT NOT NULL UNIQUE,
              position INTEGER NOT NULL
            );
            ALTER TABLE item ADD COLUMN place_id INTEGER REFERENCES place(id) ON DELETE SET NULL;
            ALTER TABLE item ADD COLUMN aisle_id INTEGER REFERENCES aisle(id) ON DELETE SET NULL;
            ALTER TABLE item ADD COLUMN amount TEXT CHECK (amount IS NULL OR (amount GLOB '[0-9]*' AND amount NOT GLOB '*[^0-9.]*'));
            UPDATE item SET amount = CAST(quantity AS TEXT) WHERE typeof(quantity) = 'integer' AND quantity >= 0;
            CREATE INDEX item_by_place ON item(place_id);
            CREATE INDEX item_by_aisle ON item(aisle_id);
            CREATE INDEX aisle_by_position ON aisle(position, id);
            CREATE TABLE weight_day (
              day   INTEGER NOT NULL,
              unit  TEXT NOT NULL CHECK (unit IN ('lbs', 'kg')),
              hundredths INTEGER NOT NULL,
              count INTEGER NOT NULL CHECK (count > 0),
              PRIMARY KEY (day, unit)
            ) WITHOUT ROWID;
            DELETE FROM setting WHERE key = 'weight_day.zone';
            """,
        rowsSQL: """
            UPDATE item SET amount = CAST(quantity AS TEXT) WHERE typeof(quantity) = 'integer' AND quantity >= 0;
            DELETE FROM setting WHERE key = 'weight_day.zone';
            """)

    /// Version 6: ids are never used twice. `weight_entry` and `item` are
    /// made again with AUTOINCREMENT (SQLite's only way to add it), their
    /// rows copied with their ids, so an id freed by a delete is never given
    /// to a new row, and an undo that puts a deleted row back, or another
    /// grocer that still holds the id, can never meet someone else's row
    /// under it. A weight entry gains its note (empty when it has none).
    /// Both are leaves (no table refers to them), so dropping the old table
    /// runs no foreign key action; their indexes are made again as version 4
    /// and 5 made them.
    static let version6 = FormatStep(
        version: 6,
        sql: """
            CREATE TABLE weight_entry_v6 (
              id          INTEGER PRIMARY KEY AUTOINCREMENT,
              value       TEXT NOT NULL CHECK (value GLOB '[0-9]*' AND value NOT GLOB '*[^0-9.]*'),
              unit        TEXT NOT NULL CHECK (unit IN ('lbs', 'kg')),
              recorded_at INTEGER NOT NULL,
              note        TEXT NOT NULL DEFAULT ''
            );
            INSERT INTO weight_entry_v6 (id, value, unit, recorded_at)
              SELECT id, value, unit, recorded_at FROM weight_entry ORDER BY id;
            DROP TABLE weight_entry;
            ALTER TABLE weight_entry_v6 RENAME TO weight_entry;
            CREATE INDEX weight_entry_by_time ON weight_entry(recorded_at, id);
            CREATE TABLE item_v6 (
              id        INTEGER PRIMARY KEY AUTOINCREMENT,
              name      TEXT NOT NULL,
              quantity  INTEGER NOT NULL DEFAULT 1,
              listed    INTEGER NOT NULL DEFAULT 1 CHECK (listed IN (0, 1)),
              collected INTEGER NOT NULL DEFAULT 0 CHECK (collected IN (0, 1)),
              unit_id   INTEGER REFERENCES unit(id) ON DELETE SET NULL,
              place_id  INTEGER REFERENCES place(id) ON DELETE SET NULL,
              aisle_id  INTEGER REFERENCES aisle(id) ON DELETE SET NULL,
              amount    TEXT CHECK (amount IS NULL OR (amount GLOB '[0-9]*' AND amount NOT GLOB '*[^0-9.]*'))
            );
            INSERT INTO item_v6 (id, name, quantity, listed, collected, unit_id, place_id, aisle_id, amount)
              SELECT id, name, quantity, listed, collected, unit_id, place_id, aisle_id, amount FROM item ORDER BY id;
            DROP TABLE item;
            ALTER TABLE item_v6 RENAME TO item;
            CREATE INDEX item_by_unit ON item(unit_id);
            CREATE INDEX item_by_place ON item(place_id);
            CREATE INDEX item_by_aisle ON item(aisle_id);
            """,
        // The same rows, each note empty (the column's default).
        rowsSQL: "")

    /// Version 7: what sync with a CalDAV server keeps (issue 16), in three
    /// new tables. `sync_account`: each collection's server (the list's,
    /// the weights'), its user and the command that prints the password
    /// (never the password), the server's sync-token and when a sync last
    /// ended. `sync_record`: each calendar object grocer knows, by
    /// collection and UID, with its href, ETag, the copy both sides last
    /// agreed on (the merge's base) and the item's or entry's id here.
    /// `local_id` is deliberately no foreign key: a record outlives its item
    /// or entry, so that a delete here can still be sent to the server. Its
    /// index is unique (NULLs aside): one item or entry is one object on the
    /// server, never two.
    /// `sync_conflict`: each conflict the merge recorded, both values and
    /// both whole records, so nothing is lost. Times are Unix seconds, UTC.
    static let version7 = FormatStep(
        version: 7,
        sql: """
            CREATE TABLE sync_account (
              collection       TEXT PRIMARY KEY CHECK (collection IN ('list', 'weights')),
              url              TEXT NOT NULL,
              user             TEXT,
              password_command TEXT,
              token            TEXT,
              last_sync        INTEGER
            ) WITHOUT ROWID;
            CREATE TABLE sync_record (
              collection TEXT NOT NULL CHECK (collection IN ('list', 'weights')),
              uid        TEXT NOT NULL,
              href       TEXT,
              etag       TEXT,
              agreed     BLOB,
              local_id   INTEGER,
              UNIQUE (collection, uid)
            );
            CREATE UNIQUE INDEX sync_record_by_local_id ON sync_record(collection, local_id);
            CREATE TABLE sync_conflict (
              id            INTEGER PRIMARY KEY AUTOINCREMENT,
              collection    TEXT NOT NULL CHECK (collection IN ('list', 'weights')),
              uid           TEXT NOT NULL,
              title         TEXT NOT NULL,
              field         TEXT NOT NULL,
              local_value   TEXT,
              remote_value  TEXT,
              kept          TEXT NOT NULL CHECK (kept IN ('local', 'remote')),
              local_record  TEXT,
              remote_record TEXT,
              at            INTEGER NOT NULL
            );
            """,
        // New tables only: no row changes.
        rowsSQL: "")

    /// Version 8: each item's `name_key` (`ItemNameKey`: the name folded
    /// the same in every locale), indexed, so that quick entry and sync
    /// find the item a name means by one lookup instead of comparing it
    /// with every name. The column starts NULL: the migration fills it after
    /// the steps (it is grocer's folding, which SQL cannot do), grocer
    /// writes it with every name, and a NULL key means "not known": the
    /// lookup compares those items by hand and keys them.
    /// The trigger keeps a key from outliving its name when something other
    /// than grocer renames an item (the sqlite3 tool): a new name that
    /// comes without a new key, and is not the same name in other ASCII
    /// case (which folds to the same key), leaves the key NULL. A later
    /// step that makes `item` again must make the trigger again.
    static let version8 = FormatStep(
        version: 8,
        sql: """
            ALTER TABLE item ADD COLUMN name_key TEXT;
            CREATE INDEX item_by_name_key ON item(name_key);
            CREATE TRIGGER item_name_key_follows_name AFTER UPDATE OF name ON item
              WHEN NEW.name_key IS OLD.name_key AND NEW.name IS NOT OLD.name AND NOT (lower(NEW.name) IS lower(OLD.name))
            BEGIN
              UPDATE item SET name_key = NULL WHERE id = NEW.id;
            END;
            """,
        // A new column, NULL in every row: no row changes (the keys are
        // filled after the steps either way).
        rowsSQL: "")

    /// Version 9: each sync record's `previous`, the copy agreed on
    /// before `agreed`, kept when the agreement moved to another value, so
    /// that a server copy going back to it (a client writing without
    /// If-Match from a stale copy: Tasks.org, Thunderbird's "overwrite")
    /// is seen as a stale write, and grocer's newer change is kept as a
    /// conflict instead of lost. And its `sort_order`, the
    /// X-APPLE-SORT-ORDER grocer made for a list item as of the last
    /// agreement, so that an aisle moved here is written again and a
    /// phone's own order is kept otherwise. NULL: none known (every
    /// record before this step).
    static let version9 = FormatStep(
        version: 9,
        sql: """
            ALTER TABLE sync_record ADD COLUMN previous BLOB;
            ALTER TABLE sync_record ADD COLUMN sort_order INTEGER;
            """,
        // New columns, NULL in every row: no row changes.
        rowsSQL: "")

    /// Version 10: shops (issue 33). `shop`: each shop the person buys at,
    /// by name. `shop_aisle`: a shop's own order of the person's aisles
    /// (`position`, 1 first; NULL for an aisle it does not order) and the
    /// aisles it does not have (`hidden`); aisles with no row come after
    /// the ordered ones, in the default order. `item_shop`: the shops an
    /// item is bought at (none: anywhere). Deleting a shop, an aisle or an
    /// item deletes its rows here. `item` is no longer a leaf: a later step
    /// that makes `item` again must copy `item_shop` around it (dropping
    /// `item` with foreign keys on deletes these rows).
    static let version10 = FormatStep(
        version: 10,
        sql: """
            CREATE TABLE shop (
              id   INTEGER PRIMARY KEY AUTOINCREMENT,
              name TEXT NOT NULL UNIQUE
            );
            CREATE TABLE shop_aisle (
              shop_id  INTEGER NOT NULL REFERENCES shop(id) ON DELETE CASCADE,
              aisle_id INTEGER NOT NULL REFERENCES aisle(id) ON DELETE CASCADE,
              position INTEGER,
              hidden   INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
              PRIMARY KEY (shop_id, aisle_id)
            ) WITHOUT ROWID;
            CREATE INDEX shop_aisle_by_aisle ON shop_aisle(aisle_id);
            CREATE TABLE item_shop (
              item_id INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
              shop_id INTEGER NOT NULL REFERENCES shop(id) ON DELETE CASCADE,
              PRIMARY KEY (item_id, shop_id)
            ) WITHOUT ROWID;
            CREATE INDEX item_shop_by_shop ON item_shop(shop_id);
            """,
        // New tables only: no row changes.
        rowsSQL: "")

    /// Version 11 (issue 33): an item's `note`, one line of the person's
    /// ("the organic one"; empty for none), and its second amount, kept
    /// when an amount in a unit that does not convert was added to it
    /// ("2 cans + 400 g"): `second_amount` as canonical decimal text and
    /// `second_unit_id` (deleting the unit leaves the amount without one,
    /// as for `unit_id`). NULL: none.
    static let version11 = FormatStep(
        version: 11,
        sql: """
            ALTER TABLE item ADD COLUMN note TEXT NOT NULL DEFAULT '';
            ALTER TABLE item ADD COLUMN second_amount TEXT
              CHECK (second_amount IS NULL OR (second_amount GLOB '[0-9]*' AND second_amount NOT GLOB '*[^0-9.]*'));
            ALTER TABLE item ADD COLUMN second_unit_id INTEGER REFERENCES unit(id) ON DELETE SET NULL;
            CREATE INDEX item_by_second_unit ON item(second_unit_id);
            """,
        // New columns with their defaults: no row changes.
        rowsSQL: "")

    /// Version 12 (issue 34, body fat): each weight entry's `body_fat`, a
    /// percentage as decimal text ("18.4", at most 2 decimals, as typed or
    /// as a scale's file gave it), NULL when none was kept. And
    /// `weight_day`'s `fat_hundredths` and `fat_count`: the day's body
    /// fats summed in hundredths of a percent and how many entries had one,
    /// kept with the weights' sums by every write, for the history's body
    /// fat line. No entry had a body fat before this step, so 0 and 0 are
    /// every day's true sums.
    static let version12 = FormatStep(
        version: 12,
        sql: """
            ALTER TABLE weight_entry ADD COLUMN body_fat TEXT CHECK (body_fat IS NULL OR (body_fat GLOB '[0-9]*' AND body_fat NOT GLOB '*[^0-9.]*'));
            ALTER TABLE weight_day ADD COLUMN fat_hundredths INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE weight_day ADD COLUMN fat_count INTEGER NOT NULL DEFAULT 0;
            """,
        // New columns, NULL or 0 in every row: no row changes.
        rowsSQL: "")

    /// Version 13 (issue 35, the idle sync): each sync record's
    /// `agreed_reading`, what its agreed copy reads as (the item, the
    /// reading's context, the copy's length and checksum), kept by the
    /// sync engine with every agreement, so a sync with nothing to do
    /// compares each item with it instead of reading every copy again.
    /// NULL: none kept (every record from before the step, which SQL cannot
    /// read an iCalendar copy to fill): the copy is read, as before, until
    /// the record's next write keeps one.
    static let version13 = FormatStep(
        version: 13,
        sql: """
            ALTER TABLE sync_record ADD COLUMN agreed_reading TEXT;
            """,
        // A new column, NULL in every row: no row changes.
        rowsSQL: "")

    /// Version 14 (issue 35): `weight_day`'s `low` and `high`, the
    /// day's lowest and highest weigh-in in that unit, in hundredths as
    /// stored (exact), kept by every write with the sums (an edit or a
    /// delete reads its day's entries again), so that each week's or
    /// month's lowest and highest (`grocer weight averages`) come from the
    /// table instead of every entry. SQL cannot tell an entry's local day
    /// (that needs the zone's rules), so the step forgets the zone the
    /// table was built for, as version 5 did: the migration then rebuilds
    /// the table under its bar, in the person's zone (or the first grocer
    /// that reads it does), filling both for every row. NULL: not known
    /// (only until that rebuild).
    static let version14 = FormatStep(
        version: 14,
        sql: """
            ALTER TABLE weight_day ADD COLUMN low INTEGER;
            ALTER TABLE weight_day ADD COLUMN high INTEGER;
            DELETE FROM setting WHERE key = 'weight_day.zone';
            """,
        rowsSQL: """
            DELETE FROM setting WHERE key = 'weight_day.zone';
            """)

    /// Version 15 (issue 35): `weight_block`, what the history graph's
    /// `all` range draws of each block of days (4, 16, 64, ... days, a
    /// power of 4, starting at a multiple of its size), per unit: the first
    /// and last day with entries, the lowest and highest day weight and
    /// the trend's lowest, highest and last value, each the Double of the
    /// exact Decimal. Derived, like the trend's checkpoints: every write
    /// that changes a day forgets the blocks that reach it or later, a
    /// rebuild of `weight_day` forgets them all, and a read makes the
    /// missing ones again. Empty after the step: the migration that ran it
    /// fills it with the checkpoints (`Migrator.buildDerived`).
    static let version15 = FormatStep(
        version: 15,
        sql: """
            CREATE TABLE weight_block (
              size  INTEGER NOT NULL,
              start INTEGER NOT NULL,
              first INTEGER NOT NULL,
              last  INTEGER NOT NULL,
              kg_low REAL NOT NULL, kg_high REAL NOT NULL,
              kg_trend_low REAL NOT NULL, kg_trend_high REAL NOT NULL, kg_trend_last REAL NOT NULL,
              lbs_low REAL NOT NULL, lbs_high REAL NOT NULL,
              lbs_trend_low REAL NOT NULL, lbs_trend_high REAL NOT NULL, lbs_trend_last REAL NOT NULL,
              PRIMARY KEY (size, start)
            ) WITHOUT ROWID;
            """,
        // A new table: no row changes.
        rowsSQL: "")

    /// Runs the step in the caller's transaction: its SQL, the new
    /// `user_version`, then `PRAGMA foreign_key_check` (a violation throws,
    /// so the transaction is rolled back).
    func apply(_ db: Database) throws {
        try db.execute(sql: sql)
        try db.execute(sql: "PRAGMA user_version = \(version)")
        if let violation = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
            throw FormatStepError.foreignKeyViolation(version: version, detail: violation.description)
        }
    }

    /// The steps after `version`, checked to follow on one by one from it.
    static func pending(after version: Int, in steps: [FormatStep]) -> [FormatStep] {
        steps.filter { $0.version > version }
    }

    /// Whether `steps` are numbered one by one from version 5.
    static func areConsecutive(_ steps: [FormatStep]) -> Bool {
        steps.enumerated().allSatisfy { $0.element.version == Schema.version4Number + 1 + $0.offset }
    }
}

enum FormatStepError: Error, CustomStringConvertible {
    case foreignKeyViolation(version: Int, detail: String)

    var description: String {
        switch self {
        case .foreignKeyViolation(let version, let detail):
            return "the step to format version \(version) left a broken reference (\(detail))"
        }
    }
}
