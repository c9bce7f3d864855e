import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// A new store starts with the catalogue's aisles in the person's language
/// (issue 33): data added when the file is created, never to a store that
/// is already there.
@Suite struct StoreFirstAislesTests {
    static let german = CatalogueFiling.firstAisles(in: .german)

    @Test func aNewStoreStartsWithTheAislesGivenInTheirOrder() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.path("g.sqlite"), mode: .create, zone: .gmt, stop: StopFlag(), firstAisles: Self.german)
        defer { try? store.close() }
        let aisles = try store.groceries.aisles()
        #expect(aisles.map(\.name) == Self.german)
        #expect(aisles.map(\.position) == Array(1...Self.german.count))
    }

    @Test func aStoreAlreadyThereKeepsItsOwnAisles() throws {
        let dir = TempDir()
        let path = dir.path("g.sqlite")
        let first = try Store.open(at: path, mode: .create, zone: .gmt, stop: StopFlag())
        _ = try first.names(.aisle).add(named: "Mine")
        try first.close()
        for mode in [StoreOpenMode.create, .existing] {
            let again = try Store.open(at: path, mode: mode, zone: .gmt, stop: StopFlag(), firstAisles: Self.german)
            #expect(try again.groceries.aisles().map(\.name) == ["Mine"])
            try again.close()
        }
    }
}
