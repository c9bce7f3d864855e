import Foundation

/// What stops a read of a current-format store, worded like `StoreError`:
/// what happened, to which file, what to do. (To be merged into
/// `StoreError` by the lead; kept apart so branches do not collide.)
public enum StoreReadError: Error, LocalizedError, Equatable, Sendable {
    /// A table grocer keeps is not in the file.
    case missingTable(path: String, table: String)
    /// A table is there but lacks columns grocer reads.
    case missingColumns(path: String, table: String, columns: [String])
    /// Some rows could not be read, from a reader that returns whole lists
    /// (the page and for-each readers report them instead).
    case unreadableRows(path: String, report: ReadReport)

    public var errorDescription: String? {
        switch self {
        case let .missingTable(path, table):
            return "\(path) has no table '\(table)', which every grocer store has: the file was changed outside grocer. Restore it from a backup, or move it aside to start a new store; the file was not changed."
        case let .missingColumns(path, table, columns):
            let list = columns.map { "'\($0)'" }.joined(separator: ", ")
            return "\(path): the table '\(table)' lacks the column\(columns.count == 1 ? "" : "s") \(list) that grocer reads: the file was changed outside grocer. Restore it from a backup, or move it aside to start a new store; the file was not changed."
        case let .unreadableRows(path, report):
            return "\(path): \(report.summary()). They were left in the file as they are; fix or delete them with sqlite3, or restore the file from a backup."
        }
    }

    /// Exit status for the command line: 2, like every refusal.
    public var exitCode: Int32 { 2 }
}
