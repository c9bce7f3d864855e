import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

extension WeightCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a weight's value, unit, time or note.",
            discussion: "What is not given stays as it was; --unit alone keeps the value and changes its unit; --note '' removes the note.")

        @Argument(help: ArgumentHelp("The weight's id (see 'grocer weight list').", valueName: "id"))
        var id: Int64

        @Option(help: ArgumentHelp("The new value, e.g. 72.5.", valueName: "value"))
        var value: String?

        @Option(help: "lbs or kg.")
        var unit: WeightUnit?

        // Unconditional: "--at -2d" is a time, not an option.
        @Option(name: .customLong("at"), parsing: .unconditional, help: ArgumentHelp(WeightCommand.timeHelp, valueName: "time"))
        var at: String?

        @Option(help: ArgumentHelp(WeightCommand.noteHelp + " '' removes it.", valueName: "text"))
        var note: String?

        @Flag(help: "Print the entry as it is now, a JSON object {id, recordedAt, value, unit, note}.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            if value == nil && unit == nil && at == nil && note == nil { throw CommandError.nothingToEdit }
            let note = try self.note.map { text throws(CommandError) in try WeightParsing.note(text) }
            let db = try store.open()
            defer { try? db.close() }
            let old = try StoreAccess.reading(db.path) { try db.weights.entry(id: id) }
            let weight = try WeightParsing.parse(value ?? old.weight.digits, unit: unit ?? old.weight.unit, locale: StoreOptions.numericLocale)
            let date =
                try at.map { text throws(CommandError) in try WeightParsing.weighInTime(text, timeZone: db.timeZone, now: Date()) } ?? old.recordedAt
            let (before, after) = try StoreAccess.writing(db.path) { try db.weights.edit(id: id, weight: weight, at: date, note: note) }
            if json { return JSONText.write(JSONText.object(after)) }
            print("Changed id \(id): \(WeightCommand.describe(before)) -> \(WeightCommand.describe(after))")
        }
    }
}
