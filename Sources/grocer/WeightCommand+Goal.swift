import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

extension WeightCommand {
    struct Goal: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the goal weight, set it, or clear it.",
            discussion: "With no store at the path yet, printing says there is no goal and creates nothing.")

        @Argument(
            help: ArgumentHelp(
                "The goal, e.g. 75, or in stones 11 7 (11 st 7 lb); omit to print the current one.", valueName: "value"))
        var words: [String] = []

        @Option(help: "lbs, kg or st (default: the store's unit, see grocer unit); printing: the unit to show it in.")
        var unit: DisplayUnit?

        /// "11 7" typed as two words is one goal.
        var value: String? { words.isEmpty ? nil : words.joined(separator: " ") }

        @Flag(help: "Clear the goal.")
        var clear = false

        @Flag(help: "Print the goal as it is now, {value, unit} or null when there is none.")
        var json = false

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if clear && value != nil { throw ValidationError("Give a goal or --clear, not both.") }
        }

        func run() throws {
            if clear || value != nil {
                let db = try store.open()
                defer { try? db.close() }
                var goal: Weight? = nil
                let display = try StoreOptions.displayUnit(unit, db)
                if let value { goal = try WeightParsing.parse(value, in: display, locale: StoreOptions.numericLocale) }
                try StoreAccess.writing(db.path) { try db.settings.set(.goal, to: goal) }
                if json { return JSONText.write(JSONText.object(goal)) }
                print(goal.map { "Goal set to \(WeightCommand.text($0, in: display == .st ? .st : nil))" } ?? "Goal cleared")
                return
            }
            guard let db = try store.openIfThere() else {
                if json { return JSONText.write(JSONText.object(nil)) }
                print("No goal set")
                return
            }
            defer { try? db.close() }
            let goal = try StoreAccess.reading(db.path) { try db.settings.read(.goal).value }
            if json { return JSONText.write(JSONText.object(goal)) }
            let shown = try StoreOptions.shownUnit(unit, db)
            print(goal.map { "Goal: \(WeightCommand.text($0, in: shown))" } ?? "No goal set")
        }
    }
}
