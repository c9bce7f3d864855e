import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// Commands about what is there open the store in `.existing` mode: a path
/// with no store is `StoreError.noStore` and leaves no trace (no folder,
/// file, journal or lock).
@Suite struct StoreReadingTests {
    @Test func aMissingStoreIsRefusedAndNothingIsCreated() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("typo/deeper/store.sqlite")
        #expect(throws: StoreError.noStore(path: url.path)) { try Store.open(at: url.path, mode: .existing, zone: .current, stop: StopFlag()) }
        #expect(dir.listing() == [])
    }

    @Test func aMissingFileInAnExistingFolderLeavesTheFolderEmpty() throws {
        let dir = TempDir()
        let path = dir.path("s.sqlite")
        #expect(throws: StoreError.noStore(path: path)) { try Store.open(at: path, mode: .existing, zone: .current, stop: StopFlag()) }
        #expect(dir.listing() == [])
    }

    @Test func anExistingStoreIsOpenedAndRead() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("s.sqlite")
        let writer = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        try writer.weights.add(Weight(digits: "72.5", unit: .kg)!, at: Date(timeIntervalSince1970: 1_700_000_000))
        try writer.close()
        let reader = try Store.open(at: url.path, mode: .existing, zone: .current, stop: StopFlag())
        defer { try? reader.close() }
        #expect(try reader.recentWeights(limit: 10).map(\.weight.digits) == ["72.5"])
    }

    @Test func aFileThatIsNotAStoreIsStillRefused() throws {
        let dir = TempDir()
        try Data("not sqlite at all, just text".utf8).write(to: dir.url.appendingPathComponent("s.sqlite"))
        #expect(throws: StoreError.self) {
            try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .existing, zone: .current, stop: StopFlag())
        }
        #expect(dir.listing() == ["s.sqlite"])
    }

    @Test func aDanglingLinkIsRefusedNotCreatedThrough() throws {
        let dir = TempDir()
        try FileManager.default.createSymbolicLink(atPath: dir.path("s.sqlite"), withDestinationPath: dir.path("gone/real.sqlite"))
        #expect(throws: StoreError.self) {
            try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .existing, zone: .current, stop: StopFlag())
        }
        #expect(dir.listing() == ["s.sqlite"])
    }
}
