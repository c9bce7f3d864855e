import Foundation
import GrocerCore

/// One row a reader could not turn into a grocer value: which table, which
/// row, and why. The row stays in the file untouched.
public struct UnreadableRow: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let table: String
    /// The row's id; nil when the id itself cannot be read, or the table has
    /// none (`setting` is keyed by name: the key is in `reason`).
    public let id: Int64?
    /// What is wrong, e.g. "quantity is NULL". Never quotes file text that
    /// holds control characters.
    public let reason: String

    public init(table: String, id: Int64?, reason: String) {
        self.table = table
        self.id = id
        self.reason = reason
    }

    /// "weight_entry id 7: recorded_at is NULL"
    public var description: String {
        "\(table) \(id.map { "id \($0)" } ?? "row"): \(reason)"
    }
}

/// What a reader could not read. A reader never drops a row in silence:
/// every row it skips is counted here, with its id and reason.
public struct ReadReport: Equatable, Sendable {
    /// How many rows could not be read.
    public private(set) var unreadableCount = 0
    /// The first `keptLimit` of them, in reading order (a hostile file may
    /// hold millions; the count stays exact).
    public private(set) var unreadable: [UnreadableRow] = []

    public static let keptLimit = 1000

    public init() {}

    /// True when every row was read.
    public var isComplete: Bool { unreadableCount == 0 }

    /// The ids of the kept unreadable rows (nil ids left out).
    public var ids: [Int64] { unreadable.compactMap(\.id) }

    public mutating func add(_ row: UnreadableRow) {
        unreadableCount += 1
        if unreadable.count < Self.keptLimit { unreadable.append(row) }
    }

    mutating func merge(_ other: ReadReport) {
        unreadableCount += other.unreadableCount
        unreadable.append(contentsOf: other.unreadable.prefix(Self.keptLimit - unreadable.count))
    }

    /// One line for people: "2 rows could not be read (weight_entry id 7:
    /// recorded_at is NULL; weight_entry id 9: ...)". At most `shown`
    /// rows are described; the count is always exact. Empty when complete.
    public func summary(shown: Int = 5) -> String {
        guard !isComplete else { return "" }
        let noun = unreadableCount == 1 ? "row" : "rows"
        var parts = unreadable.prefix(shown).map(\.description)
        if unreadableCount > parts.count { parts.append("\(unreadableCount - parts.count) more") }
        return "\(unreadableCount) \(noun) could not be read (\(parts.joined(separator: "; ")))"
    }
}

/// Values read in one go, with the rows among them that could not be read.
public struct ReadPage<Element: Sendable>: Sendable {
    /// The rows that were read, in the reader's order.
    public let entries: [Element]
    public let report: ReadReport

    public init(entries: [Element], report: ReadReport) {
        self.entries = entries
        self.report = report
    }
}

extension ReadPage: Equatable where Element: Equatable {}

extension ReadReport {
    /// Throws `StoreError.unreadableRows` when some rows could not be read:
    /// a command prints every row it could read, then ends with one line
    /// naming the rows it could not, and exit status 2.
    public func requireComplete(path: String) throws {
        if !isComplete { throw StoreError.unreadableRows(path: path, report: self) }
    }
}
