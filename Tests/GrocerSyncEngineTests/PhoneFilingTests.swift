import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// A phone's new item is filed by the catalogue as a name typed here is
/// (issue 33): in the person's aisle of its kind, never a new aisle, never
/// over an aisle the phone or a known name gives; and the server learns
/// the aisle in the same sync (one PUT), so the next sync sends nothing.
/// Over the store itself (in memory), whose `applySync` files.
@Suite struct PhoneFilingTests {
    let server = FakeCalDAV()
    let en = Locale(identifier: "en_US_POSIX")

    /// A store whose aisles are `aisles`, set up on the fake server.
    func store(aisles: [String]) throws -> Store {
        let store = try Store.open(at: "memory", mode: .memory, zone: TimeZone(identifier: "UTC")!, stop: StopFlag())
        for aisle in aisles { try store.names(.aisle).add(named: aisle) }
        try store.sync.setSyncAccount(SyncAccount(collection: .list, url: server.endpoint.url))
        return store
    }

    func sync(_ store: Store) async throws -> SyncSummary {
        let ledger = store.sync.filingNewItems(with: CatalogueFiling(language: .english))
        return try await SyncEngine(ledger: ledger, client: server.client, collection: .list, locale: en, now: { Sync.now }).sync()
    }

    func aisle(of name: String, _ store: Store) throws -> String? {
        try #require(try store.groceries.items().first { $0.name == name }).aisle?.name
    }

    /// The server's copy of `name`, as a phone reads it.
    func serverText(_ name: String) throws -> String {
        let path = try #require(Sync.path(of: name, server))
        return try #require(server.objects[path])
    }

    @Test func aPhonesNewItemGoesInThePersonsAisleOfItsKind() async throws {
        let store = try store(aisles: ["Produce", "Dairy"])
        server.phonePut("milk.ics", Sync.phoneTodo(uid: "phone-milk", summary: "2 l milk"))
        let summary = try await sync(store)
        #expect(try aisle(of: "milk", store) == "Dairy")
        #expect(summary.received == 1 && summary.sent == 1)
        // The phone sees the aisle: as a tag (CATEGORIES) and grocer's own.
        let text = try serverText("milk")
        #expect(text.contains("CATEGORIES:Dairy"))
        #expect(text.contains("X-GROCER-AISLE:Dairy"))
        #expect(Sync.list(server).first?.aisle == "Dairy")
    }

    @Test func theSecondSyncSendsNothing() async throws {
        let store = try store(aisles: ["Produce", "Dairy", "Bakery"])
        server.phonePut("apples.ics", Sync.phoneTodo(uid: "phone-apples", summary: "apples"))
        server.phonePut("bread.ics", Sync.phoneTodo(uid: "phone-bread", summary: "bread"))
        let first = try await sync(store)
        #expect(first.received == 2 && first.sent == 2)
        server.resetCounts()
        let second = try await sync(store)
        #expect(second.received == 0 && second.sent == 0)
        #expect(server.requests.filter { $0.method == "PUT" || $0.method == "DELETE" }.isEmpty)
        #expect(try aisle(of: "apples", store) == "Produce")
        #expect(try aisle(of: "bread", store) == "Bakery")
    }

    @Test func noAisleOfItsKindIsNoAisleAndNothingIsMadeNorSent() async throws {
        let store = try store(aisles: ["Produce"])
        server.phonePut("milk.ics", Sync.phoneTodo(uid: "phone-milk", summary: "milk"))
        server.phonePut("widget.ics", Sync.phoneTodo(uid: "phone-widget", summary: "widget"))
        let summary = try await sync(store)
        #expect(try aisle(of: "milk", store) == nil)
        #expect(try aisle(of: "widget", store) == nil)
        #expect(try store.groceries.aisles().map(\.name) == ["Produce"])
        #expect(summary.received == 2 && summary.sent == 0)
    }

    @Test func theAisleThePhoneGivesIsKept() async throws {
        let store = try store(aisles: ["Produce", "Dairy"])
        server.phonePut("milk.ics", Sync.phoneTodo(uid: "phone-milk", summary: "milk", extra: ["CATEGORIES:Fridge"]))
        let summary = try await sync(store)
        #expect(try aisle(of: "milk", store) == "Fridge")
        #expect(summary.sent == 0)
    }

    /// Another grocer's item carries its person's choice, "No aisle"
    /// included (X-GROCER-NAME and no X-GROCER-AISLE): never filed here.
    @Test func anotherGrocersItemWithNoAisleStaysInNoAisle() async throws {
        let store = try store(aisles: ["Produce", "Dairy"])
        server.phonePut("milk.ics", ICalendar.write(TodoMapping.write(.named("milk"), uid: "other-milk", sortOrder: nil, now: Sync.now)))
        let summary = try await sync(store)
        #expect(try aisle(of: "milk", store) == nil)
        #expect(summary.received == 1 && summary.sent == 0)
    }

    @Test func aPhonesItemWhoseNameIsKnownKeepsTheKnownAisle() async throws {
        let store = try store(aisles: ["Produce", "Dairy", "Baking"])
        // "butter" was filed here in Baking, then taken off the list.
        try store.groceries.add(try QuickEntry.parse("butter", knownUnits: [], locale: en).get(), aisle: "Baking", locale: en)
        let butter = try #require(try store.groceries.items().first { $0.name == "butter" })
        try store.groceries.edit(id: butter.id, GroceryItemEdit(listed: false), locale: en)
        server.phonePut("butter.ics", Sync.phoneTodo(uid: "phone-butter", summary: "Butter"))
        let first = try await sync(store)
        #expect(try aisle(of: "butter", store) == "Baking")
        #expect(Sync.list(server).first?.aisle == "Baking")
        #expect(first.sent == 1)
        server.resetCounts()
        #expect(try await sync(store).sent == 0)
    }
}
