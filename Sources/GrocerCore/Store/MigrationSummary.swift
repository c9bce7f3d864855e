import Foundation

/// How far a migration is, in weighted work across every phase
/// (`MigrationMeter`): `done` never goes backwards and reaches `total`
/// only when the migration has finished; `phase` is what it is doing.
public struct MigrationProgress: Equatable, Sendable {
    public let done: Int
    public let total: Int
    public let phase: MigrationPhase

    public init(done: Int, total: Int, phase: MigrationPhase = .copy) {
        self.done = done
        self.total = total
        self.phase = phase
    }

    /// Whole percent, 0...100; 100 only when every phase is done.
    public var percent: Int {
        guard total > 0 else { return 100 }
        if done >= total { return 100 }
        return min(99, done * 100 / total)
    }
}

/// What a finished migration did: rows carried per table, repairs by kind,
/// rows quarantined by reason. Shown after the migration and logged.
public struct MigrationSummary: Equatable, Sendable {
    public let fromVersion: Int
    public let toVersion: Int
    /// Source rows carried into each table of the current format.
    public var carried: [String: Int]
    /// Rows kept but changed to fit the current format, by kind.
    public var repairs: [String: Int]
    /// Source rows the current format cannot hold, kept whole in the
    /// `quarantine` table, by reason.
    public var quarantined: [String: Int]
    /// Tables (and views) of the old file that its version did not have:
    /// not carried; they remain in the old file's backup.
    public var notCarried: [String]
    /// Where the old file was kept, if it was.
    public var backupPath: String?
    /// Other backups of the same version beside it (migrations killed after
    /// their backup was made leave one each), and the bytes they take.
    public var earlierBackups: [String] = []
    public var earlierBackupBytes: Int64 = 0
    public var seconds: Double
    /// The store's fingerprint (`StoreFingerprint.text`) right after the
    /// swap, when the file there is still the one the migration checked
    /// page by page: kept, the next launch or command need not read every
    /// page again. Nil when it could not be told.
    public var checkedFingerprint: String?

    public init(
        fromVersion: Int, toVersion: Int, carried: [String: Int] = [:], repairs: [String: Int] = [:],
        quarantined: [String: Int] = [:], notCarried: [String] = [], backupPath: String? = nil, seconds: Double = 0
    ) {
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.carried = carried
        self.repairs = repairs
        self.quarantined = quarantined
        self.notCarried = notCarried
        self.backupPath = backupPath
        self.seconds = seconds
    }

    /// "0.1 MB", "240.5 MB", "1,204.3 MB": decimal megabytes, one decimal.
    public static func megabytes(_ bytes: Int64) -> String {
        let tenths = (max(bytes, 0) + 50_000) / 100_000
        let whole = String(tenths / 10)
        var grouped = ""
        for (i, ch) in whole.enumerated() {
            if i > 0, (whole.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(ch)
        }
        return "\(grouped).\(tenths % 10) MB"
    }

    public var rowsCarried: Int { carried.values.reduce(0, +) }
    public var rowsRepaired: Int { repairs.values.reduce(0, +) }
    public var rowsQuarantined: Int { quarantined.values.reduce(0, +) }

    /// One line per fact, stable order: what the command line prints and
    /// the log keeps.
    public var lines: [String] {
        var out = [
            "Migrated format version \(fromVersion) to \(toVersion): \(rowsCarried) rows carried, \(rowsRepaired) repaired, \(rowsQuarantined) quarantined."
        ]
        for (table, n) in carried.sorted(by: { $0.key < $1.key }) { out.append("  carried \(table): \(n)") }
        for (kind, n) in repairs.sorted(by: { $0.key < $1.key }) where n > 0 { out.append("  repaired (\(kind)): \(n)") }
        for (reason, n) in quarantined.sorted(by: { $0.key < $1.key }) where n > 0 { out.append("  quarantined (\(reason)): \(n)") }
        if !notCarried.isEmpty {
            let names = notCarried.joined(separator: ", ")
            out.append(
                backupPath == nil
                    ? "  not carried (not part of format version \(fromVersion); the old file was not kept): \(names)"
                    : "  not carried (not part of format version \(fromVersion); they remain in the backup): \(names)")
        }
        if let backupPath { out.append("  old file kept as \(backupPath)") }
        if !earlierBackups.isEmpty {
            let n = earlierBackups.count
            let size = Self.megabytes(earlierBackupBytes)
            out.append(
                "  \(n) earlier \(n == 1 ? "backup" : "backups") of format version \(fromVersion) beside it take \(size): "
                    + earlierBackups.joined(separator: ", ") + " (remove what you do not need)")
        }
        return out
    }
}
