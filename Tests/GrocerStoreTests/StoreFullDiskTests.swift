import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// A full disk refuses saves, not reads: where there is no room for the
/// -shm a read of a WAL-mode store needs, the store is read through
/// another grocer's -wal and -shm or as `immutable`, making nothing beside
/// it; a save says the disk is full, and a read SQLite cannot make says a
/// read needs a little free space. (The full disk itself is e2e's: a small
/// tmpfs filled up, in e2e/test_store_safety.sh.)
@Suite struct StoreFullDiskTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_262_400)

    /// A current store with two weights, closed: no -wal, no -shm.
    static func store(_ dir: TempDir) throws -> String {
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        try store.weights.add(Weight(digits: "70", unit: .kg)!, at: t0)
        try store.weights.add(Weight(digits: "71", unit: .kg)!, at: t0.addingTimeInterval(86_400))
        try store.close()
        return dir.path("s.sqlite")
    }

    static let rooms: [(UInt64, UInt64, UInt64, Bool)] = [
        (40 * 1024, 2, 1000, true),
        (40 * 1024 - 1, 2, 1000, false),
        (0, 100, 1000, false),
        (1 << 30, 1, 1000, false),
        (1 << 30, 0, 0, true),  // no file limit (btrfs)
    ]

    @Test(arguments: rooms)
    func aReadNeedsRoomForTheShmAndTwoFiles(bytes: UInt64, files: UInt64, limit: UInt64, room: Bool) {
        #expect(FileSystem.hasRoomToRead(bytes: bytes, files: files, fileLimit: limit) == room)
    }

    @Test func everyRowIsReadWithNothingMadeBesideAndASaveSaysTheDiskIsFull() throws {
        let dir = TempDir()
        let path = try Self.store(dir)
        let before = dir.bytes("s.sqlite")
        let store = try Store.connectOnFullDisk(path, timeZone: .current, stop: StopFlag())
        #expect(try store.recentWeights(limit: 10).count == 2)
        #expect(try store.settings.read(.unit).value == nil)
        #expect(try store.groceries.items().isEmpty)
        #expect(dir.listing() == ["s.sqlite"])
        #expect(throws: StoreError.diskFull(path: path)) {
            try store.weights.add(Weight(digits: "72", unit: .kg)!, at: Self.t0)
        }
        try store.close()
        #expect(dir.listing() == ["s.sqlite"])
        #expect(dir.bytes("s.sqlite") == before)
    }

    /// The days are computed when `weight_day` was built for another zone
    /// and cannot be rebuilt on a full disk, as on a read-only one.
    @Test func theDaysAreShownWhenTheirTableCannotBeRebuilt() throws {
        let dir = TempDir()
        let path = try Self.store(dir)
        let store = try Store.connectOnFullDisk(path, timeZone: TimeZone(identifier: "Asia/Tokyo")!, stop: StopFlag())
        #expect(try store.weights.days(unit: .kg).count == 2)
        try store.close()
        #expect(dir.listing() == ["s.sqlite"])
    }

    /// What a grocer that could not finish opening on the full disk left:
    /// an empty -wal and a -shm SQLite cannot use (there, one of a few
    /// bytes it cannot grow; here, a folder in its place). Every row is in
    /// the file, so it is read alone.
    @Test func anEmptyWALAndAShmThatCannotBeUsedDoNotStopTheRead() throws {
        let dir = TempDir()
        let path = try Self.store(dir)
        _ = FileManager.default.createFile(atPath: path + "-wal", contents: Data())
        try FileManager.default.createDirectory(atPath: path + "-shm", withIntermediateDirectories: false)
        let store = try Store.connectOnFullDisk(path, timeZone: .current, stop: StopFlag())
        #expect(try store.recentWeights(limit: 10).count == 2)
        try store.close()
    }

    /// Frames in a -wal with no -shm beside it (a store copied without it):
    /// SQLite cannot read them without making a -shm, so one line says a
    /// read needs a little free space, and nothing is made.
    @Test func framesInAWALWithoutItsShmNeedRoomAndSaySo() throws {
        let dir = TempDir()
        let path = try Self.store(dir)
        let writer = try DatabaseQueue(path: path)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "INSERT INTO weight_entry (value, unit, recorded_at) VALUES ('72', 'kg', 1795262400)")
        }
        // The file and its -wal as they are now, without the -shm.
        let copy = TempDir()
        try FileManager.default.copyItem(atPath: path, toPath: copy.path("s.sqlite"))
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy.path("s.sqlite-wal"))
        try writer.close()
        let copied = copy.path("s.sqlite")
        #expect(throws: StoreError.noRoomToRead(path: copied)) { try Store.connectOnFullDisk(copied, timeZone: .current, stop: StopFlag()) }
        #expect(copy.listing() == ["s.sqlite", "s.sqlite-wal"])
        let message = StoreError.noRoomToRead(path: copied).errorDescription ?? ""
        #expect(message.contains("a read needs a little free space") && !message.contains("\n"))
    }
}
