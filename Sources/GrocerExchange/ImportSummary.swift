import Foundation

/// What an import did, counted as the rows go by: the summary line
/// `grocer weight import` prints, and the rejected rows by line. The store
/// says which rows were already there, or earlier in the file (same time
/// and value). A hostile
/// file may hold millions of bad rows: the count stays exact, only the
/// first `keptLimit` are kept.
public struct ImportSummary: Equatable, Sendable {
    public private(set) var imported = 0
    public private(set) var duplicates = 0
    /// Rows that repeated an earlier row of the same file.
    public private(set) var repeats = 0
    public private(set) var rounded = 0
    public private(set) var rejectedCount = 0
    /// The first `keptLimit` rejected rows, in file order.
    public private(set) var rejected: [ImportProblem] = []

    public static let keptLimit = 1000

    public init() {}

    /// Counts one item; `duplicate` is the store's answer for a row.
    public mutating func count(_ item: ImportItem, duplicate: Bool = false, repeated: Bool = false) {
        switch item {
        case .row(let row):
            if duplicate {
                duplicates += 1
                return
            }
            if repeated {
                repeats += 1
                return
            }
            imported += 1
            if row.rounded { rounded += 1 }
        case .problem(let problem):
            rejectedCount += 1
            if rejected.count < Self.keptLimit { rejected.append(problem) }
        }
    }

    /// Rows counted as imported that the store then found repeating an
    /// earlier row of the same file (a file out of time order).
    public mutating func countRepeats(_ n: Int) {
        imported -= n
        repeats += n
    }

    /// `--strict` imports nothing when any row is unreadable.
    public var refusedUnderStrict: Bool { rejectedCount > 0 }

    /// "Imported 3 entries, skipped 1 already in the store, rounded 1 to 2 decimals, rejected 2.";
    /// with repeats, "skipped 1 already in the store and 2 repeated in the file".
    /// With `dryRun`, "Would import ..."; `refused` (under --strict), "Imported nothing: ...".
    public func line(dryRun: Bool = false) -> String {
        let verb = dryRun ? "Would import" : "Imported"
        let noun = imported == 1 ? "entry" : "entries"
        return
            "\(verb) \(imported) \(noun), skipped \(duplicates) already in the store\(repeats > 0 ? " and \(repeats) repeated in the file" : ""), rounded \(rounded) to 2 decimals, rejected \(rejectedCount)."
    }

    /// "line 4: 'yesterday' is not a date and time grocer reads", one per
    /// rejected row, at most `shown` of them (then "... and N more rejected
    /// rows"); each line at most `width` characters.
    public func problemLines(shown: Int = .max, width: Int = 160) -> [String] {
        var lines = rejected.prefix(shown).map { problem -> String in
            let line = "line \(problem.line): \(problem.reason)"
            return line.count <= width ? line : String(line.prefix(width - 1)) + "…"
        }
        if rejectedCount > lines.count {
            let more = rejectedCount - lines.count
            lines.append("... and \(more) more rejected \(more == 1 ? "row" : "rows")")
        }
        return lines
    }

    public var problemLines: [String] { problemLines() }
}
