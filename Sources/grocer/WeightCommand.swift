import ArgumentParser
import Foundation
import GrocerCore
import GrocerStore

struct WeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weight",
        abstract: "Add and list weights.",
        subcommands: [Add.self, List.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a weight, recorded now.")

        @Argument(help: ArgumentHelp("The weight, a positive decimal with '.' and at most 2 decimals, e.g. 72.5.", valueName: "value"))
        var value: String

        @Option(help: "lbs or kg (default: the stored default unit).")
        var unit: WeightUnit?

        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.open()
            let unit = try self.unit ?? db.defaultUnit()
            let weight = try WeightParsing.parse(value, unit: unit)
            let entry = try db.addWeight(weight, at: Date())
            print("Saved \(entry.weight.digits) \(entry.weight.unit.rawValue) at \(ISO8601.string(entry.recordedAt))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print every weight, oldest first.")

        @Flag(help: "An array of {id, recordedAt, value, unit}.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.open()
            var out = BufferedOutput()
            var first = true
            if json { out.write("[") }
            try db.forEachWeight { entry in
                if json {
                    out.write(first ? "\n  " : ",\n  ")
                    out.write("{\"id\": \(entry.id), \"recordedAt\": \"\(ISO8601.string(entry.recordedAt))\", \"value\": \(entry.weight.digits), \"unit\": \"\(entry.weight.unit.rawValue)\"}")
                } else {
                    out.write("\(ISO8601.string(entry.recordedAt))  \(entry.weight.digits) \(entry.weight.unit.rawValue)\n")
                }
                first = false
            }
            if json { out.write(first ? "]\n" : "\n]\n") }
            out.flush()
        }
    }
}

enum WeightParsing {
    /// Validates a weight typed on the command line ('.' as separator).
    static func parse(_ text: String, unit: WeightUnit) throws -> Weight {
        let filter = DecimalInputFilter(decimalSeparator: ".")
        let rejection = filter.check(text, unit: unit)
        if case .overMaximum(let max, let unit)? = rejection {
            throw Failure("'\(text)' is over the largest weight grocer takes (\(max) \(unit.rawValue)).")
        }
        guard rejection == nil, !text.hasSuffix("."), let weight = Weight(digits: text, unit: unit) else {
            throw Failure("'\(text)' is not a weight: give a decimal above 0 with '.' and at most 2 decimals, e.g. 72.5.")
        }
        return weight
    }
}

enum ISO8601 {
    /// "2026-11-21T12:00:00Z"
    static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}

/// Collects output and writes it in large pieces: listing a million
/// entries should not cost a million writes.
struct BufferedOutput {
    private var buffer = Data()

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        FileHandle.standardOutput.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
