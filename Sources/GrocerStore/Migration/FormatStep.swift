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
    /// edit or remove one. (None is released yet: the grocery list adds
    /// the first.)
    public static let released: [FormatStep] = []

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
