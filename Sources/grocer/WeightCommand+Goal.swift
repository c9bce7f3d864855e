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

        @Argument(help: ArgumentHelp("The goal, e.g. 75; omit to print the current one.", valueName: "value"))
        var value: String?

        @Option(help: "lbs or kg (default: the stored default unit).")
        var unit: WeightUnit?

        @Flag(help: "Clear the goal.")
        var clear = false

        @Flag(help: "Print the goal as it is now, {value, unit} or null when there is none.")
        var json = false

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if clear && value != nil { throw ValidationError("Give a goal or --clear, not both.") }
            if value == nil && unit != nil { throw ValidationError("--unit needs a goal value, e.g. 'grocer weight goal 75 --unit kg'.") }
        }

        func run() throws {
            if clear || value != nil {
                let db = try store.open()
                defer { try? db.close() }
                var goal: Weight? = nil
                if let value {
                    let unit = try self.unit ?? StoreAccess.reading(db.path) { try db.settings.defaultUnit() }
                    goal = try WeightParsing.parse(value, unit: unit, locale: StoreOptions.numericLocale)
                }
                try StoreAccess.writing(db.path) { try db.settings.setGoal(goal) }
                if json { return JSONText.write(JSONText.object(goal)) }
                print(goal.map { "Goal set to \($0.digits) \($0.unit.rawValue)" } ?? "Goal cleared")
                return
            }
            guard let db = try store.openIfThere() else {
                if json { return JSONText.write(JSONText.object(nil)) }
                print("No goal set")
                return
            }
            defer { try? db.close() }
            let goal = try StoreAccess.reading(db.path) { try db.settings.goal() }
            if json { return JSONText.write(JSONText.object(goal)) }
            print(goal.map { "Goal: \($0.digits) \($0.unit.rawValue)" } ?? "No goal set")
        }
    }
}
