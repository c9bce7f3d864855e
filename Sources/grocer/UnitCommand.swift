import ArgumentParser
import GrocerApp
import GrocerCLI
import GrocerCore

struct UnitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unit",
        abstract: "Print the default unit, or set it (lbs, kg or st).",
        discussion: """
            st is stones and pounds: weights are shown as 11 st 4.5 lb and typed as '11 4.5', and \
            kept in pounds. Until a unit is set (here, on the screen, by a sync, or by a first import into \
            an empty store) a store is in the unit of the region of LC_ALL, LC_MEASUREMENT or LANG: lbs in \
            the US, Liberia and Myanmar, st in the UK and Ireland, kg elsewhere (lbs with no locale set, C or \
            POSIX, as grocer's fallback locale is en_US). With no store at the path yet, printing answers that \
            unit and creates nothing; setting creates the store.
            """
    )

    @Argument(help: "lbs, kg or st; omit to print the current one.")
    var unit: DisplayUnit?

    @Flag(help: "Print the default unit as it is now, a JSON object {unit}.")
    var json = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        if let unit {
            let db = try store.open()
            defer { try? db.close() }
            try StoreAccess.writing(db.path) { try db.settings.set(.unit, to: unit) }
            CommandFirstFrame.note(unit: unit, storePath: store.url.path, environment: .process)
            show(try StoreOptions.displayUnit(nil, db))
            return
        }
        // Printing creates nothing: with no store yet, the unit a new store
        // starts with (what `weight add` would use).
        guard let db = try store.openIfThere() else {
            show(try StoreOptions.displayUnit(nil, nil))
            return
        }
        defer { try? db.close() }
        show(try StoreOptions.displayUnit(nil, db))
    }

    private func show(_ unit: DisplayUnit) {
        if json { return JSONText.write(JSONText.fields([("unit", JSONText.string(unit.rawValue))])) }
        print(unit.rawValue)
    }
}
