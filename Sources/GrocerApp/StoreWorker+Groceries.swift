import Foundation
import GrocerCore
import GrocerStore
import GrocerUI

/// The grocery screens' store work, on the worker: reads and writes
/// through the Store's grocery API, each answered with what the screen
/// needs to draw.
extension StoreWorker {
    func groceries(_ request: GroceriesRequest) -> EffectResult? {
        let locale = self.locale
        let effect = Effect.groceries(request)
        switch request {
        case .load:
            if let readAhead = takeReadAhead() { return .groceries(readAhead) }
            return access(.read, effect) { store in
                let page = try store.groceries.itemPage()
                let unreadable = page.report.isComplete ? nil : page.report.summary(shown: 2) + "; they are left in the file"
                return .groceries(.loaded(items: page.entries, catalog: try Self.catalog(store, locale: locale), unreadable: unreadable))
            }
        case .add(let entry, let locale):
            return access(.write, effect) { store in
                let change = try store.groceries.add(entry, filing: filing, locale: locale)
                // A typed unit that was new is now in the catalog.
                let catalog = entry.unit == nil ? nil : try Self.catalog(store, locale: locale)
                return .groceries(.changed(change, .record, catalog: catalog))
            }
        case .addBatch(let entries, let locale):
            return access(.write, effect) { store in
                let added = try store.groceries.add(batch: entries, filing: filing, locale: locale)
                // A typed unit that was new is now in the catalog.
                let catalog = entries.allSatisfy { $0.entry.unit == nil } ? nil : try Self.catalog(store, locale: locale)
                return .groceries(.batchAdded(added, catalog: catalog))
            }
        case .readRecipe(let path):
            guard let recipeReader else { return .failed(effect, "This grocer cannot read recipe files; use grocer items add --recipe FILE.") }
            switch recipeReader.read(path) {
            case .success(let recipe): return .groceries(.recipeRead(recipe))
            case .failure(let failure): return .failed(effect, failure.message)
            }
        case .completePath(let typed):
            return .groceries(.pathCompleted(typed: typed, recipeReader?.complete(typed) ?? []))
        case .apply(let change, .undo):
            return access(.write, effect) { store in .groceries(.undone(try store.groceries.undo(change))) }
        case .apply(let change, let purpose):
            return access(.write, effect) { store in
                // As made: a delete carries the item's shops, for its undo.
                .groceries(.changed(try store.groceries.apply(change), purpose))
            }
        case .clearTicked:
            return access(.write, effect) { store in
                guard let change = try store.groceries.clearTicked() else { return .groceries(.nothingChanged) }
                return .groceries(.changed(change, .record))
            }
        case .edit(let item, let edit):
            return access(.write, effect) { store in
                let catalog = try Self.catalog(store, locale: locale)
                let storeEdit = GroceryItemEdit(
                    name: edit.name, quantity: edit.quantity,
                    unit: Self.name(edit.unit, in: catalog.units.map { ($0.id, $0.name) }),
                    aisle: Self.name(edit.aisle, in: catalog.aisles.map { ($0.id, $0.name) }),
                    storedIn: Self.name(edit.place, in: catalog.places.map { ($0.id, $0.name) }), note: edit.note)
                let change = try store.groceries.edit(id: item.id, storeEdit, locale: locale)
                return .groceries(.changed(change, .record, catalog: try Self.catalog(store, locale: locale)))
            }
        case .addName(let kind, let name):
            return catalogWrite(effect) { store in _ = try store.names(kind).add(named: name, locale: locale) }
        case .rename(let kind, let id, let name):
            return access(.write, effect) { store in
                let change = try store.names(kind).rename(id: id, to: name, locale: locale)
                return .groceries(.nameChanged(change, catalog: try Self.catalog(store, locale: locale)))
            }
        case .delete(let kind, let id):
            return access(.write, effect) { store in
                let change = try store.names(kind).delete(id: id)
                return .groceries(.nameChanged(change, catalog: try Self.catalog(store, locale: locale)))
            }
        case .undoName(let change):
            return access(.write, effect) { store in
                let undone = try store.groceries.undo(change, locale: locale)
                return .groceries(.nameUndone(undone, catalog: try Self.catalog(store, locale: locale)))
            }
        case .moveAisle(let id, let index):
            // The store numbers positions from 1.
            return catalogWrite(effect) { store in _ = try store.groceries.moveAisle(id: id, to: index + 1) }
        case .shop(let request):
            return shops(request, effect)
        }
    }

    /// A change to units, places or aisles, answered with everything afresh
    /// (items show the new names).
    private func catalogWrite(_ effect: Effect, _ body: (Store) throws -> Void) -> EffectResult? {
        let locale = self.locale
        return access(.write, effect) { store in
            try body(store)
            return .groceries(.loaded(items: try store.groceries.items(), catalog: try Self.catalog(store, locale: locale)))
        }
    }

    static func catalog(_ store: Store, locale: Locale) throws -> GroceryCatalog {
        var catalog = GroceryCatalog(
            places: try store.groceries.places(locale: locale), aisles: try store.groceries.aisles(), units: try store.groceries.units())
        catalog.shops = try store.shops.all()
        catalog.itemShops = try store.shops.itemShops()
        return catalog
    }

    /// A picker's choice as the store's edit names it: "" for none.
    static func name(_ choice: GroceryChoice, in all: [(Int64, String)]) -> String {
        switch choice {
        case .none: return ""
        case .existing(let id): return all.first { $0.0 == id }?.1 ?? ""
        case .new(let name): return name
        }
    }
}
