import Foundation
import GrocerCore

@testable import GrocerUI

/// A small kitchen: two places, three aisles (Baking first in the shop),
/// two units, six items; Yeast is on the list and ticked.
enum Kitchen {
    static let fridge = GroceryPlace(id: 1, name: "Fridge")
    static let pantry = GroceryPlace(id: 2, name: "Pantry")
    static let dairy = GroceryAisle(id: 1, name: "Dairy", position: 2)
    static let baking = GroceryAisle(id: 2, name: "Baking", position: 1)
    static let produce = GroceryAisle(id: 3, name: "Produce", position: 3)
    static let kg = GroceryUnit(id: 1, name: "kg")
    static let litre = GroceryUnit(id: 2, name: "l")
    static let catalog = GroceryCatalog(places: [fridge, pantry], aisles: [dairy, baking, produce], units: [kg, litre])

    static func item(
        _ id: Int64, _ name: String, _ quantity: Int = 1, unit: GroceryUnit? = nil, place: GroceryPlace? = nil,
        aisle: GroceryAisle? = nil, listed: Bool = false, collected: Bool = false
    ) -> GroceryItem {
        GroceryItem(
            id: id, name: name, quantity: quantity, unit: unit, listed: listed, collected: collected,
            place: place, aisle: aisle, amount: try! GroceryQuantity(quantity))
    }

    static let items: [GroceryItem] = [
        item(1, "Milk", 2, unit: litre, place: fridge, aisle: dairy, listed: true),
        item(2, "flour", 1, unit: kg, place: pantry, aisle: baking, listed: true),
        item(3, "Crème fraîche", place: fridge, aisle: dairy),
        item(4, "apples", 3, aisle: produce, listed: true),
        item(5, "Yeast", place: pantry, listed: true, collected: true),
        item(6, "butter", place: fridge, aisle: dairy, listed: true),
    ]
}

/// The grocery screen loaded with `items`, after `keys`.
func groceries(
    _ items: [GroceryItem] = Kitchen.items, catalog: GroceryCatalog = Kitchen.catalog, keys: [Key] = [],
    context: AppContext = testContext()
) -> GroceriesScreen {
    var context = context
    var s = GroceriesScreen(locales: context.locales)
    _ = s.appear(&context)
    _ = s.receive(.groceries(.loaded(items: items, catalog: catalog)), &context)
    for key in keys { _ = s.handle(key, &context) }
    return s
}

func typed(_ text: String) -> [Key] { text.map { Key.char($0) } }

/// The screen's lines in the area screens draw in at 80x24 (80x23).
func screenLines(_ s: some Screen, width: Int = 80, height: Int = 23) -> [String] {
    var canvas = Canvas(width: width, height: height)
    s.render(into: &canvas)
    return canvas.lines
}

/// A stand-in store for the grocery screens: performs their requests on
/// items in memory as the live store does, so tests can drive a screen
/// key by key and feed each result back.
struct FakeGroceryStore {
    var items: [GroceryItem]
    var catalog: GroceryCatalog
    var nextID: Int64 = 100
    /// What `R` reads, by path; any other path is refused as the live
    /// reader refuses a missing file.
    var recipes: [String: GroceryBatch.Recipe] = [:]
    /// What Tab on the recipe prompt finds: paths, a folder's ending in "/".
    var folder: [String] = []

    mutating func perform(_ request: GroceriesRequest) -> EffectResult {
        switch request {
        case .load:
            return .groceries(.loaded(items: items, catalog: catalog))
        case .add(let entry, let locale):
            let unit = entry.unit.flatMap { name in catalog.units.first { $0.name == name } }
            let change: GroceryItemChange
            if let existing = GroceryItem.existing(named: entry.name, in: items, locale: locale) {
                // As the store: the rule of `GroceryItem.adding`.
                let typed = entry.quantityTyped ? entry.quantity : nil
                let outcome = try! existing.adding(typed, unit: unit, locale: locale).get()
                change = .adding(outcome, to: existing, after: outcome.item, typed: entry.quantity.canonical)
            } else {
                nextID += 1
                change = .added(
                    GroceryItem(id: nextID, name: entry.name, quantity: 1, unit: unit, listed: true, collected: false, amount: entry.quantity))
            }
            items = change.apply(to: items)
            return .groceries(.changed(change, .record))
        case .addBatch(let entries, let locale):
            // As the store: each as `.add`, one change.
            var changes: [GroceryItemChange] = []
            for line in entries {
                guard case .groceries(.changed(let change, _, _)) = perform(.add(line.entry, locale: locale)) else { continue }
                changes.append(change)
            }
            return .groceries(.batchAdded(GroceryBatch.Added(change: GroceryItemChange.batch(changes))))
        case .completePath(let typed):
            // As the live reader: the files and folders of `folder`.
            return .groceries(.pathCompleted(typed: typed, PathCompletionForTests.candidates(typed, folder)))
        case .readRecipe(let path):
            guard let recipe = recipes[path] else {
                return .failed(.groceries(request), "Cannot read \(path): there is no such file. Check the path.")
            }
            return .groceries(.recipeRead(recipe))
        case .apply(let change, .undo):
            // As the store: each edit only where the item holds what this
            // grocer left.
            var applied: [GroceryItemChange.Edit] = []
            var skipped: [GroceryItemChange.Edit] = []
            for edit in change.edits {
                let now = items.first { $0.id == edit.id }
                switch (edit.before, now) {
                case (nil, _),
                    (_?, _?) where edit.before!.holdsSame(as: now!):
                    applied.append(edit)
                default: skipped.append(edit)
                }
            }
            let made = GroceryItemChange(label: change.label, edits: applied)
            items = made.apply(to: items)
            return .groceries(.undone(GroceryItemChange.Undone(applied: made, skipped: skipped)))
        case .apply(let change, let purpose):
            items = change.apply(to: items)
            return .groceries(.changed(change, purpose))
        case .clearTicked:
            guard let change = GroceryItemChange.clear(items) else { return .groceries(.nothingChanged) }
            items = change.apply(to: items)
            return .groceries(.changed(change, .record))
        case .edit(let item, let edit):
            func pick<T>(_ choice: GroceryChoice, _ all: [T], _ id: (T) -> Int64) -> T? {
                if case .existing(let wanted) = choice { return all.first { id($0) == wanted } }
                return nil
            }
            let after = GroceryItem(
                id: item.id, name: edit.name, quantity: item.quantity, unit: pick(edit.unit, catalog.units, \.id),
                listed: item.listed, collected: item.collected, place: pick(edit.place, catalog.places, \.id),
                aisle: pick(edit.aisle, catalog.aisles, \.id), amount: edit.quantity, note: edit.note ?? item.note)
            let change = GroceryItemChange.edited(from: item, to: after)
            items = change.apply(to: items)
            return .groceries(.changed(change, .record))
        case .moveAisle(let id, let index):
            var aisles = catalog.aisles
            let moved = aisles.remove(at: aisles.firstIndex { $0.id == id }!)
            aisles.insert(moved, at: index)
            catalog.aisles = aisles.enumerated().map { GroceryAisle(id: $1.id, name: $1.name, position: $0 + 1) }
            return .groceries(.loaded(items: items, catalog: catalog))
        case .addName:
            return .groceries(.loaded(items: items, catalog: catalog))
        case .rename(let kind, let id, let name):
            let change = GroceryNameChange(kind: kind, id: id, action: .renamed(from: self.name(kind, id)!, to: name))
            setName(kind, id, name)
            return .groceries(.nameChanged(change, catalog: catalog))
        case .delete(let kind, let id):
            let named = items.filter { kind.id(of: $0) == id }
            let position = catalog.aisles.firstIndex { $0.id == id }.map { $0 + 1 }
            let change = GroceryNameChange(
                kind: kind, id: id, action: .deleted(name: self.name(kind, id)!, position: kind == .aisle ? position : nil, items: named))
            deleteName(kind, id)
            return .groceries(.nameChanged(change, catalog: catalog))
        case .shop(let request):
            // As the store's `store.shops`.
            var shops = catalog.shops
            switch request {
            case .add(let name):
                nextID += 1
                shops.append(GroceryShop(id: nextID, name: name))
            case .rename(let id, let name):
                shops = shops.map { $0.id == id ? GroceryShop(id: id, name: name, aisleOrder: $0.aisleOrder, hidden: $0.hidden) : $0 }
            case .delete(let id):
                let deletion = ShopDeletion(
                    shop: shops.first { $0.id == id }!, itemIDs: catalog.itemShops.byItem.filter { $0.value.contains(id) }.map(\.key))
                shops.removeAll { $0.id == id }
                catalog.itemShops = ItemShops(catalog.itemShops.byItem.mapValues { $0.subtracting([id]) })
                catalog.shops = shops
                return .groceries(.shopDeleted(deletion, catalog: catalog))
            case .undoDelete(let deletion):
                // As the store: not over a shop of that name made since;
                // items gone since are skipped.
                guard !shops.contains(where: { $0.name == deletion.shop.name }) else {
                    return .groceries(.shopUndone(.init(deletion: deletion, done: false), catalog: catalog))
                }
                shops = (shops + [deletion.shop]).sorted { $0.id < $1.id }
                var byItem = catalog.itemShops.byItem
                var skipped = 0
                for id in deletion.itemIDs {
                    guard items.contains(where: { $0.id == id }) else {
                        skipped += 1
                        continue
                    }
                    byItem[id, default: []].insert(deletion.shop.id)
                }
                catalog.itemShops = ItemShops(byItem)
                catalog.shops = shops
                return .groceries(.shopUndone(.init(deletion: deletion, done: true, skippedItems: skipped), catalog: catalog))
            case .order(let id, let aisles):
                shops = shops.map { $0.id == id ? GroceryShop(id: id, name: $0.name, aisleOrder: aisles, hidden: $0.hidden) : $0 }
            case .hide(let id, let aisle, let hidden):
                shops = shops.map { shop in
                    guard shop.id == id else { return shop }
                    let set = hidden ? shop.hidden.union([aisle]) : shop.hidden.subtracting([aisle])
                    return GroceryShop(id: id, name: shop.name, aisleOrder: shop.aisleOrder, hidden: set)
                }
            }
            catalog.shops = shops
            return .groceries(.shopChanged(request, catalog: catalog))
        case .undoName(let change):
            // As the store: only where it holds what this grocer left.
            let kind = change.kind
            switch change.action {
            case .renamed(let from, let to):
                guard name(kind, change.id) == to else {
                    return .groceries(.nameUndone(.init(change: change, done: false, id: change.id), catalog: catalog))
                }
                setName(kind, change.id, from)
                return .groceries(.nameUndone(.init(change: change, done: true, id: change.id), catalog: catalog))
            case .deleted(let name, let position, let named):
                switch kind {
                case .unit: catalog.units.append(GroceryUnit(id: change.id, name: name))
                case .place: catalog.places.append(GroceryPlace(id: change.id, name: name))
                case .aisle:
                    var aisles = catalog.aisles
                    aisles.insert(GroceryAisle(id: change.id, name: name, position: 0), at: min((position ?? 1) - 1, aisles.count))
                    catalog.aisles = aisles.enumerated().map { GroceryAisle(id: $1.id, name: $1.name, position: $0 + 1) }
                }
                var skipped: [GroceryItem] = []
                for item in named {
                    guard let index = items.firstIndex(where: { $0.id == item.id && $0.name == item.name }),
                        change.kind.id(of: items[index]) == nil
                    else {
                        skipped.append(item)
                        continue
                    }
                    items[index] = item
                }
                return .groceries(.nameUndone(.init(change: change, done: true, id: change.id, skipped: skipped), catalog: catalog))
            }
        }
    }

    func name(_ kind: GroceryNameKind, _ id: Int64) -> String? {
        switch kind {
        case .unit: return catalog.units.first { $0.id == id }?.name
        case .place: return catalog.places.first { $0.id == id }?.name
        case .aisle: return catalog.aisles.first { $0.id == id }?.name
        }
    }

    mutating func setName(_ kind: GroceryNameKind, _ id: Int64, _ name: String) {
        switch kind {
        case .unit: catalog.units = catalog.units.map { $0.id == id ? GroceryUnit(id: id, name: name) : $0 }
        case .place: catalog.places = catalog.places.map { $0.id == id ? GroceryPlace(id: id, name: name) : $0 }
        case .aisle: catalog.aisles = catalog.aisles.map { $0.id == id ? GroceryAisle(id: id, name: name, position: $0.position) : $0 }
        }
    }

    /// As the store: the items that named it keep working without it.
    mutating func deleteName(_ kind: GroceryNameKind, _ id: Int64) {
        switch kind {
        case .unit: catalog.units.removeAll { $0.id == id }
        case .place: catalog.places.removeAll { $0.id == id }
        case .aisle:
            catalog.aisles = catalog.aisles.filter { $0.id != id }.enumerated().map { GroceryAisle(id: $1.id, name: $1.name, position: $0 + 1) }
        }
        items = items.map { item in
            guard kind.id(of: item) == id else { return item }
            return GroceryItem(
                id: item.id, name: item.name, quantity: item.quantity, unit: kind == .unit ? nil : item.unit, listed: item.listed,
                collected: item.collected, place: kind == .place ? nil : item.place, aisle: kind == .aisle ? nil : item.aisle,
                amount: item.amount)
        }
    }

    /// Sends `keys` to the screen, performing every effect it asks for.
    mutating func drive<S: Screen>(_ screen: inout S, _ keys: [Key], context: AppContext = testContext()) {
        var context = context
        for key in keys {
            var outcome = screen.handle(key, &context)
            while case .perform(.groceries(let request)) = outcome {
                outcome = screen.receive(perform(request), &context)
            }
        }
    }
}

/// The fake store's path completion: the paths of `folder` that start with
/// what is typed, as the live one lists a folder.
enum PathCompletionForTests {
    static func candidates(_ typed: String, _ folder: [String]) -> [String] {
        folder.filter { $0.hasPrefix(typed) }.sorted()
    }
}
