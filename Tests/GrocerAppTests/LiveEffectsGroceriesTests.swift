import Foundation
import GrocerCore
import GrocerStore
import Testing

@testable import GrocerApp
@testable import GrocerUI

/// The grocery screens' requests performed on a real store in a temporary
/// folder, each answer as the screen receives it.
@Suite struct LiveEffectsGroceriesTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-live-groceries-\(UUID().uuidString)")
    let locale = Locale(identifier: "en_US")

    func effects() throws -> LiveEffects {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("grocer.sqlite")
        return LiveEffects(
            path: url.path, environment: ["LANG": "en_US.UTF-8"], zone: { .current },
            store: try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag()), post: { _ in })
    }

    func entry(_ line: String) -> QuickEntry {
        guard case .success(let entry) = QuickEntry.parse(line, knownUnits: [], locale: locale) else { fatalError(line) }
        return entry
    }

    func load(_ effects: LiveEffects) -> (items: [GroceryItem], catalog: GroceryCatalog) {
        guard case .groceries(.loaded(let items, let catalog, nil))? = effects.answer(.groceries(.load)) else {
            Issue.record("no load")
            return ([], GroceryCatalog())
        }
        return (items, catalog)
    }

    @Test func addTickClearAndUndoReachTheStore() throws {
        let live = try effects()
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .groceries(.changed(let added, .record, let catalog))? = live.answer(.groceries(.add(entry("2 kg flour"), locale: locale)))
        else {
            Issue.record("no add")
            return
        }
        #expect(added.edits.first?.after?.name == "flour")
        #expect(catalog?.units.contains { $0.name == "kg" } == true)
        _ = live.answer(.groceries(.add(entry("3 apples"), locale: locale)))
        var items = load(live).items
        #expect(items.map(\.name) == ["flour", "apples"])
        let apples = items[1]
        _ = live.answer(.groceries(.apply(.toggleCollected(apples), .record)))
        guard case .groceries(.changed(let clear, .record, nil))? = live.answer(.groceries(.clearTicked)) else {
            Issue.record("no clear")
            return
        }
        #expect(load(live).items.first { $0.name == "apples" }?.listed == false)
        #expect(live.answer(.groceries(.clearTicked)) == .groceries(.nothingChanged))
        _ = live.answer(.groceries(.apply(clear.reversed, .undo)))
        items = load(live).items
        #expect(items.first { $0.name == "apples" }?.listed == true)
        #expect(items.first { $0.name == "apples" }?.collected == true)
    }

    @Test func thePrefetchedListIsUsedOnceAndOnlyWhileTheStoreIsUnchanged() throws {
        let live = try effects()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = live.answer(.groceries(.add(entry("milk"), locale: locale)))
        live.startGroceriesPrefetch()
        guard case .groceries(.prefetched(let items, _, let prepare))? = live.answer(.groceries(.load)) else {
            Issue.record("the prefetch was not used")
            return
        }
        #expect(items.map(\.name) == ["milk"])
        #expect(prepare.ordered.map(\.name) == ["milk"])
        // Used once: the next load reads the store.
        #expect(load(live).items.map(\.name) == ["milk"])
        // A write after the prefetch began: the store is read afresh.
        live.startGroceriesPrefetch()
        _ = live.answer(.groceries(.add(entry("bread"), locale: locale)))
        #expect(load(live).items.map(\.name) == ["milk", "bread"])
    }

    @Test func aWriteAnotherGrocerMadeIsReadAgainBeforeTheListIsAskedFor() throws {
        let live = try effects()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = live.answer(.groceries(.add(entry("milk"), locale: locale)))
        #expect(live.storeChanged() == false)
        let other = try Store.open(at: folder.appendingPathComponent("grocer.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        try other.groceries.add(entry("bread"), locale: locale)
        // The watch's tick sees the write and reads the list again.
        #expect(live.storeChanged() == true)
        guard case .groceries(.prefetched(let items, _, let prepare))? = live.answer(.groceries(.load)) else {
            Issue.record("the list was not read again when the watch saw the write")
            return
        }
        #expect(items.map(\.name) == ["milk", "bread"])
        #expect(prepare.ordered.map(\.name) == ["bread", "milk"])
    }

    @Test func aSavedWeightReadsTheListAgainBeforeItIsAskedFor() throws {
        let posted = LiveEffectsSaveTests.Posted()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let live = LiveEffects(
            path: folder.appendingPathComponent("grocer.sqlite").path, environment: ["LANG": "en_US.UTF-8"], zone: { .current },
            post: { posted.post($0) })
        _ = live.answer(.openStore)
        _ = live.answer(.groceries(.add(entry("milk"), locale: locale)))
        _ = live.answer(.groceries(.load))  // the launch's prefetch, used
        let weight = Weight(digits: "72.5", unit: .kg)!
        live.perform(.saveWeight(weight, at: Date(timeIntervalSince1970: 1_795_262_400), note: ""))
        posted.arrived.wait()
        guard case .weightSaved = posted.all.last else {
            Issue.record("not saved: \(posted.all)")
            return
        }
        guard case .groceries(.prefetched(let items, _, _))? = live.answer(.groceries(.load)) else {
            Issue.record("the list was not read again after the save")
            return
        }
        #expect(items.map(\.name) == ["milk"])
    }

    @Test func theEditFormCreatesANewAisleAndPlace() throws {
        let live = try effects()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = live.answer(.groceries(.add(entry("milk"), locale: locale)))
        let milk = load(live).items[0]
        let edit = GroceriesItemEdit(
            name: "Milk", quantity: try GroceryQuantity(typed: "1.5", locale: locale), unit: .none,
            place: .new("Fridge"), aisle: .new("Dairy"))
        guard case .groceries(.changed(_, .record, let catalog?))? = live.answer(.groceries(.edit(milk, edit))) else {
            Issue.record("no edit")
            return
        }
        #expect(catalog.places.map(\.name) == ["Fridge"])
        #expect(catalog.aisles.map(\.name) == ["Dairy"])
        let after = load(live).items[0]
        #expect(after.name == "Milk")
        #expect(after.amount?.canonical == "1.5")
        #expect(after.place?.name == "Fridge")
        #expect(after.aisle?.name == "Dairy")
    }

    @Test func manageAddsMovesRenamesAndDeletesAisles() throws {
        let live = try effects()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Baking", "Dairy", "Produce"] { _ = live.answer(.groceries(.addName(.aisle, name))) }
        var aisles = load(live).catalog.aisles
        #expect(aisles.map(\.name) == ["Baking", "Dairy", "Produce"])
        _ = live.answer(.groceries(.moveAisle(id: aisles[0].id, to: 1)))
        aisles = load(live).catalog.aisles
        #expect(aisles.map(\.name) == ["Dairy", "Baking", "Produce"])
        _ = live.answer(.groceries(.moveAisle(id: aisles[2].id, to: 0)))
        aisles = load(live).catalog.aisles
        #expect(aisles.map(\.name) == ["Produce", "Dairy", "Baking"])
        _ = live.answer(.groceries(.rename(.aisle, id: aisles[0].id, to: "Fruit")))
        _ = live.answer(.groceries(.delete(.aisle, id: aisles[1].id)))
        #expect(load(live).catalog.aisles.map(\.name) == ["Fruit", "Baking"])
        guard case .failed(_, let message)? = live.answer(.groceries(.addName(.aisle, "baking"))) else {
            Issue.record("a duplicate aisle was taken")
            return
        }
        #expect(message.contains("grocer.sqlite"))
    }

    /// A name another grocer deleted meanwhile: the screen's line says
    /// what to do on the screen, not with a command (the command line's
    /// "See them with 'grocer units list'").
    @Test func aRenameOfANameDeletedMeanwhileSaysSoInTheScreensWords() throws {
        let live = try effects()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("grocer.sqlite").path
        guard case .failed(_, let message)? = live.answer(.groceries(.rename(.unit, id: 999, to: "jar"))) else {
            Issue.record("a rename of no unit was taken")
            return
        }
        #expect(message == "\(path) has no unit with id 999. Choose one from the list; nothing was changed.")
    }

    /// The manage screen's rename and delete come back as changes, and
    /// their undo reaches the store: the aisle and its items as they were.
    @Test func manageRenamesAndDeletesAreUndone() throws {
        let live = try effects()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Baking", "Dairy"] { _ = live.answer(.groceries(.addName(.aisle, name))) }
        let dairy = load(live).catalog.aisles[1]
        _ = live.answer(.groceries(.edit(try #require(addedItem(live, "milk")), Self.edit("milk", aisle: .existing(dairy.id)))))
        guard case .groceries(.nameChanged(let rename, let renamed))? = live.answer(.groceries(.rename(.aisle, id: dairy.id, to: "Milk bar")))
        else {
            Issue.record("no rename")
            return
        }
        #expect(rename == GroceryNameChange(kind: .aisle, id: dairy.id, action: .renamed(from: "Dairy", to: "Milk bar")))
        #expect(renamed.aisles.map(\.name) == ["Baking", "Milk bar"])
        guard case .groceries(.nameChanged(let delete, let deleted))? = live.answer(.groceries(.delete(.aisle, id: dairy.id))) else {
            Issue.record("no delete")
            return
        }
        #expect(deleted.aisles.map(\.name) == ["Baking"])
        #expect(load(live).items.first?.aisle == nil)
        guard case .groceries(.nameUndone(let undone, let back))? = live.answer(.groceries(.undoName(delete))) else {
            Issue.record("no undo")
            return
        }
        #expect(undone.done)
        #expect(back.aisles.map(\.name) == ["Baking", "Milk bar"])
        #expect(load(live).items.first?.aisle?.id == dairy.id)
        guard case .groceries(.nameUndone(let undoneRename, let before))? = live.answer(.groceries(.undoName(rename))) else {
            Issue.record("no undo")
            return
        }
        #expect(undoneRename.done)
        #expect(before.aisles.map(\.name) == ["Baking", "Dairy"])
    }

    func addedItem(_ live: LiveEffects, _ line: String) -> GroceryItem? {
        guard case .groceries(.changed(let change, _, _))? = live.answer(.groceries(.add(entry(line), locale: locale))) else { return nil }
        return change.edits.first?.after
    }

    static func edit(_ name: String, aisle: GroceryChoice) -> GroceriesItemEdit {
        GroceriesItemEdit(name: name, quantity: try! GroceryQuantity(1), unit: .none, place: .none, aisle: aisle)
    }
}
