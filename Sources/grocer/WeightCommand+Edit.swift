import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

extension WeightCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a weight's value, unit, time, note or body fat.",
            discussion: """
                What is not given stays as it was; --unit alone keeps the value and changes its unit (st: to pounds); \
                --note '' removes the note, --no-fat the body fat. A value is typed in --unit, else in the entry's unit (in stones, 11 4.5, \
                for an entry in pounds when the store's unit is st).
                """)

        @Argument(help: ArgumentHelp("The weight's id (see 'grocer weight list').", valueName: "id"))
        var id: Int64

        @Option(help: ArgumentHelp("The new value, e.g. 72.5, or in stones '11 4.5'.", valueName: "value"))
        var value: String?

        @Option(help: "lbs, kg or st (kept in pounds).")
        var unit: DisplayUnit?

        // Unconditional: "--at -2d" is a time, not an option.
        @Option(name: .customLong("at"), parsing: .unconditional, help: ArgumentHelp(WeightCommand.timeHelp, valueName: "time"))
        var at: String?

        @Option(help: ArgumentHelp(WeightCommand.noteHelp + " '' removes it.", valueName: "text"))
        var note: String?

        @Option(help: ArgumentHelp(WeightCommand.fatHelp, valueName: "percent"))
        var fat: String?

        @Flag(help: "Remove the body fat.")
        var noFat = false

        @Flag(help: "Print the entry as it is now, a JSON object {id, recordedAt, value, unit, note, bodyFat (when kept)}.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            if value == nil && unit == nil && at == nil && note == nil && fat == nil && !noFat { throw CommandError.nothingToEdit }
            if fat != nil && noFat { throw CommandError.fatAndNoFat }
            let note = try self.note.map { text throws(CommandError) in try WeightParsing.note(text) }
            // nil: as it is; .some(nil): removed.
            let bodyFat: BodyFat?? =
                noFat ? .some(nil) : try fat.map { text throws(CommandError) in try WeightParsing.bodyFat(text, locale: StoreOptions.numericLocale) }
            let db = try store.open()
            defer { try? db.close() }
            let old = try StoreAccess.reading(db.path) { try db.weights.entry(id: id) }
            let shown = try StoreOptions.shownUnit(nil, db)
            let weight: Weight
            if let value {
                // In the entry's unit, in stones for pounds where the store shows stones.
                let typedIn = unit ?? (shown == .st && old.weight.unit == .lbs ? .st : DisplayUnit(old.weight.unit))
                weight = try WeightParsing.parse(value, in: typedIn, locale: StoreOptions.numericLocale)
            } else {
                weight = try WeightParsing.parse(old.weight.digits, unit: unit?.measure ?? old.weight.unit, locale: StoreOptions.numericLocale)
            }
            let date =
                try at.map { text throws(CommandError) in try WeightParsing.weighInTime(text, timeZone: db.timeZone, now: Date()) } ?? old.recordedAt
            let (before, after) = try StoreAccess.writing(db.path) {
                try db.weights.edit(id: id, weight: weight, at: date, note: note, bodyFat: bodyFat)
            }
            if json { return JSONText.write(JSONText.object(after)) }
            print("Changed id \(id): \(WeightCommand.describe(before, in: shown)) -> \(WeightCommand.describe(after, in: shown))")
        }
    }
}
