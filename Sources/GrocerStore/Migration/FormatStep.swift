import GRDB

/// One in-place change of the format from `version - 1` to `version`, in
/// the shape of GRDB's DatabaseMigrator, keyed by `user_version`: plain
/// SQL, never edited once released, never depending on application types
/// or constants (a step must do tomorrow exactly what it did the day it
/// shipped). The Migrator runs each in one transaction that also sets the
/// new version and checks foreign keys.
public struct FormatStep: Sendable {
    /// The version the store has after this step.
    public let version: Int
    /// What the step does, as SQL.
    public let sql: String

    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }

    /// The released steps after version 4, in order. Append only; never
    /// edit or remove one.
    public static let released: [FormatStep] = [version5]

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
            """)

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
