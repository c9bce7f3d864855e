import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// Commands that only read open the store with `openForReading`: a path
/// with no store leaves no trace (no folder, file, journal or lock).
@Suite struct StoreReadingTests {
    @Test func aMissingStoreIsNilAndNothingIsCreated() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("typo/deeper/store.sqlite")
        #expect(try Store.openForReading(at: url, stop: StopFlag()) == nil)
        #expect(dir.listing() == [])
    }

    @Test func aMissingFileInAnExistingFolderLeavesTheFolderEmpty() throws {
        let dir = TempDir()
        #expect(try Store.openForReading(at: dir.url.appendingPathComponent("s.sqlite"), stop: StopFlag()) == nil)
        #expect(dir.listing() == [])
    }

    @Test func anExistingStoreIsOpenedAndRead() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("s.sqlite")
        let writer = try Store.open(at: url, stop: StopFlag())
        try writer.addWeight(Weight(digits: "72.5", unit: .kg)!, at: Date(timeIntervalSince1970: 1_700_000_000))
        try writer.close()
        let reader = try #require(try Store.openForReading(at: url, stop: StopFlag()))
        defer { try? reader.close() }
        #expect(try reader.recentWeights(limit: 10).map(\.weight.digits) == ["72.5"])
    }

    @Test func aFileThatIsNotAStoreIsStillRefused() throws {
        let dir = TempDir()
        try Data("not sqlite at all, just text".utf8).write(to: dir.url.appendingPathComponent("s.sqlite"))
        #expect(throws: StoreError.self) { try Store.openForReading(at: dir.url.appendingPathComponent("s.sqlite"), stop: StopFlag()) }
        #expect(dir.listing() == ["s.sqlite"])
    }

    @Test func aDanglingLinkIsRefusedNotCreatedThrough() throws {
        let dir = TempDir()
        try FileManager.default.createSymbolicLink(atPath: dir.path("s.sqlite"), withDestinationPath: dir.path("gone/real.sqlite"))
        #expect(throws: StoreError.self) { try Store.openForReading(at: dir.url.appendingPathComponent("s.sqlite"), stop: StopFlag()) }
        #expect(dir.listing() == ["s.sqlite"])
    }
}
