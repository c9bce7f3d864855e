import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

struct WeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weight",
        abstract: "Add and list weights.",
        subcommands: [Add.self, List.self, WeightTrendCommand.self, WeightExportCommand.self, WeightImportCommand.self]
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
            let unit = try self.unit ?? StoreAccess.reading(db.path) { try db.defaultUnit() }
            let weight = try WeightParsing.parse(value, unit: unit)
            let entry = try StoreAccess.writing(db.path) { try db.addWeight(weight, at: Date()) }
            print("Saved \(entry.weight.digits) \(entry.weight.unit.rawValue) at \(ISO8601.string(entry.recordedAt))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every weight, oldest first.",
            discussion: "With no store at the path yet, prints nothing ([] with --json), creates nothing and exits 0.")

        @Flag(help: "An array of {id, recordedAt, value, unit}.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            guard let db = try store.openForReading() else {
                if json { print("[]") }
                return
            }
            defer { try? db.close() }
            try ListOutput.print(
                json: json, path: db.path, read: { each in try db.forEachWeight(each) }, object: JSONText.object,
                line: { "\(ISO8601.string($0.recordedAt))  \($0.weight.digits) \($0.weight.unit.rawValue)" })
        }
    }
}
