import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

extension StoreOptions {
    /// Opens the store for a command that changes something already there
    /// (an item by id, an aisle by name): with no store at the path yet,
    /// nothing is created and the command's one-line error is thrown.
    func openExisting(orElse missing: @autoclosure () -> any Error) throws -> Store {
        guard let db = try openIfThereQuietly() else { throw missing() }
        return db
    }

    /// The locale quantities are typed in and names compared in.
    var locale: Locale { Self.numericLocale }

    /// The language grocery names are looked up in (LC_MESSAGES): the
    /// catalogue's, and a new store's aisles.
    var language: CatalogueLanguage { CatalogueLanguage(environment: Environment.process) }

    /// Where a name never filed goes when no aisle is named (issue 33).
    var filing: CatalogueFiling { CatalogueFiling(language: language) }

    /// The locale decimals are typed in (LC_NUMERIC): weights and quantities.
    static var numericLocale: Locale { UserLocale.locale(for: .numeric, environment: Environment.process) }
}

/// Arguments of the grocery commands, read in the person's locale.
enum GroceryArguments {
    /// A quantity typed in the person's locale, or the one-line reason why not.
    static func quantity(_ text: String, locale: Locale) throws -> GroceryQuantity {
        do {
            return try GroceryQuantity(typed: text, locale: locale)
        } catch {
            throw Failure(QuickEntry.Problem.quantity(error).message(locale: locale))
        }
    }
}
