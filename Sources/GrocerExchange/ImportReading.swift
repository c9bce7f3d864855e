import Foundation
import GrocerCore

/// What an import read, for its report: the format as the person knows it,
/// the unit taken and where it came from, and the columns (or fields) of
/// the file that grocer does not keep. Names come from the file: the
/// command makes them visible before printing them.
public struct ImportReading: Equatable, Sendable {
    /// "a Withings weight.csv", "The Hacker's Diet Online CSV export".
    public var title: String
    /// The unit every row was read in; nil when each row names its own.
    public var unit: WeightUnit?
    /// Where `unit` came from: "the column \"Weight (kg)\"", "--unit",
    /// "openScale always writes kg"; or why there is none ("each row names
    /// its unit").
    public var unitFrom: String
    /// Columns or fields not kept, in file order, at most `notKeptLimit`
    /// (`notKeptMore` counts the rest).
    /// How the dates were read, when the file could be read two ways:
    /// "dates read day first (1/2/07 is 1 February 2007), as their
    /// weekdays say".
    public var dates: String?
    public private(set) var notKept: [String] = []
    public private(set) var notKeptMore = 0

    public static let notKeptLimit = 12
    static let nameLimit = 40

    public init(title: String, unit: WeightUnit? = nil, unitFrom: String) {
        self.title = title
        self.unit = unit
        self.unitFrom = unitFrom
    }

    /// Counts a column or field that is not kept; empty names are skipped
    /// and one seen before is not counted again.
    public mutating func drop(_ name: String) {
        var name = name.trimmingCharacters(in: .whitespaces)
        if name.count > Self.nameLimit { name = String(name.prefix(Self.nameLimit - 1)) + "…" }
        guard !name.isEmpty, !notKept.contains(name) else { return }
        guard notKept.count < Self.notKeptLimit else {
            notKeptMore += 1
            return
        }
        notKept.append(name)
    }

    mutating func drop(_ names: some Sequence<String>) {
        for name in names { drop(name) }
    }

    /// The unit from a reader's own rule or the person's --unit.
    /// A unit the file states wins over --unit (the report says so).
    mutating func take(_ unit: WeightUnit, from source: String) {
        let named = unitFrom == "--unit" ? self.unit : nil
        self.unit = unit
        unitFrom = source
        if let named, named != unit { unitFrom += "; --unit \(named.rawValue) not used" }
    }

    /// "Read a Withings weight.csv, in kg (the column "Weight (kg)"); not
    /// kept: Fat mass (kg), Comments."
    public var line: String {
        var text = "Read \(title), "
        if let unit { text += "in \(unit.rawValue) (\(unitFrom))" } else { text += unitFrom }
        if let dates { text += "; " + dates }
        if !notKept.isEmpty {
            text += "; not kept: " + notKept.joined(separator: ", ")
            if notKeptMore > 0 { text += " and \(notKeptMore) more" }
        }
        return text + "."
    }
}
