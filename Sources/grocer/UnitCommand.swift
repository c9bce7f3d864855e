import ArgumentParser
import GrocerCLI
import GrocerCore

struct UnitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unit",
        abstract: "Print the default unit, or set it (lbs or kg).",
        discussion: """
            With no store at the path yet, printing answers lbs (what a new store starts \
            with) and creates nothing; setting creates the store.
            """
    )

    @Argument(help: "lbs or kg; omit to print the current one.")
    var unit: WeightUnit?

    @Flag(help: "Print the default unit as it is now, a JSON object {unit}.")
    var json = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        if let unit {
            let db = try store.open()
            defer { try? db.close() }
            try StoreAccess.writing(db.path) { try db.setDefaultUnit(unit) }
            show(try StoreAccess.reading(db.path) { try db.defaultUnit() })
            return
        }
        // Printing creates nothing: with no store yet, the unit a new store
        // starts with (what `weight add` would use).
        guard let db = try store.openForReading() else {
            show(.lbs)
            return
        }
        defer { try? db.close() }
        show(try StoreAccess.reading(db.path) { try db.defaultUnit() })
    }

    private func show(_ unit: WeightUnit) {
        if json { return JSONText.write(JSONText.fields([("unit", JSONText.string(unit.rawValue))])) }
        print(unit.rawValue)
    }
}
