import Foundation

/// What an import did, counted as the rows go by: the summary line
/// `grocer weight import` prints, and the rejected rows by line. The store
/// says which rows were already there (same time and value).
public struct ImportSummary: Equatable, Sendable {
    public private(set) var imported = 0
    public private(set) var duplicates = 0
    public private(set) var rounded = 0
    public private(set) var rejected: [ImportProblem] = []

    public init() {}

    /// Counts one item; `duplicate` is the store's answer for a row.
    public mutating func count(_ item: ImportItem, duplicate: Bool = false) {
        switch item {
        case .row(let row):
            if duplicate {
                duplicates += 1
                return
            }
            imported += 1
            if row.rounded { rounded += 1 }
        case .problem(let problem):
            rejected.append(problem)
        }
    }

    /// `--strict` imports nothing when any row is unreadable.
    public var refusedUnderStrict: Bool { !rejected.isEmpty }

    /// "Imported 3 entries, skipped 1 already in the store, rounded 1 to 2 decimals, rejected 2."
    /// With `dryRun`, "Would import ...".
    public func line(dryRun: Bool = false) -> String {
        let verb = dryRun ? "Would import" : "Imported"
        let noun = imported == 1 ? "entry" : "entries"
        return
            "\(verb) \(imported) \(noun), skipped \(duplicates) already in the store, rounded \(rounded) to 2 decimals, rejected \(rejected.count)."
    }

    /// "line 4: 'yesterday' is not a date and time grocer reads", one per rejected row.
    public var problemLines: [String] {
        rejected.map { "line \($0.line): \($0.reason)" }
    }
}
