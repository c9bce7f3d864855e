import ArgumentParser
import GrocerCLI
import GrocerCore
import GrocerStore

extension StoreOptions {
    /// The unit this person's region weighs in (`DisplayUnit.regional`,
    /// from this process's LC_ALL, LC_MEASUREMENT or LANG).
    static var regionUnit: DisplayUnit { DisplayUnit.regional(Environment.process) }

    /// The unit a command shows and takes weights in: `--unit` when given,
    /// else the one chosen in the store, else the region's (also with no
    /// store yet).
    static func displayUnit(_ given: DisplayUnit?, _ db: Store?) throws -> DisplayUnit {
        if let given { return given }
        guard let db else { return regionUnit }
        return try StoreAccess.reading(db.path) { try db.settings.read(.unit) }.display(region: regionUnit)
    }

    /// The unit a command shows a typed weight in: `--unit` when given,
    /// stones when the store's unit is st; nil (each as typed, "72.5 kg")
    /// otherwise.
    static func shownUnit(_ given: DisplayUnit?, _ db: Store?) throws -> DisplayUnit? {
        if let given { return given }
        return try displayUnit(nil, db) == .st ? .st : nil
    }

    static let unitHelp = ArgumentHelp("lbs, kg or st (default: the store's unit, see grocer unit).")
}
