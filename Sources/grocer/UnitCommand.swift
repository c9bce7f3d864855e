import ArgumentParser
import GrocerCLI
import GrocerCore

struct UnitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unit",
        abstract: "Print the default unit, or set it (lbs or kg)."
    )

    @Argument(help: "lbs or kg; omit to print the current one.")
    var unit: WeightUnit?

    @OptionGroup var store: StoreOptions

    func run() throws {
        let db = try store.open()
        if let unit {
            try StoreAccess.writing(db.path) { try db.setDefaultUnit(unit) }
        }
        print(try StoreAccess.reading(db.path) { try db.defaultUnit() }.rawValue)
    }
}
