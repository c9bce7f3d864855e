import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// What `--store` may name: a regular file or nothing. Links are followed to
/// the real file (and stay links); every file grocer makes is made without
/// following a link.
@Suite struct StoreFileTests {
    @Test func aFIFOIsRefusedWithoutOpeningIt() throws {
        let dir = TempDir()
        #expect(mkfifo(dir.path("f.sqlite"), 0o600) == 0)
        let error = #expect(throws: StoreError.self) {
            try Store.open(at: dir.url.appendingPathComponent("f.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        }
        #expect(error == .notAFile(path: dir.path("f.sqlite"), kind: "a FIFO (named pipe)"))
        // Opening a FIFO would block: status must come back too.
        let status = StoreStatus.read(path: dir.path("f.sqlite"), stop: StopFlag())
        #expect(status.state == .corrupt)
        #expect(dir.listing() == ["f.sqlite"])
    }

    @Test func aFolderIsRefused() throws {
        let dir = TempDir()
        try FileManager.default.createDirectory(atPath: dir.path("d.sqlite"), withIntermediateDirectories: false)
        let error = #expect(throws: StoreError.self) {
            try Store.open(at: dir.url.appendingPathComponent("d.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        }
        #expect(error == .notAFile(path: dir.path("d.sqlite"), kind: "a folder"))
        #expect(dir.listing() == ["d.sqlite"])
    }

    @Test func aCharacterDeviceIsRefusedAndNotTouched() throws {
        var before = stat()
        try #require(stat("/dev/null", &before) == 0)
        let error = #expect(throws: StoreError.self) { try Store.open(at: "/dev/null", mode: .create, zone: .current, stop: StopFlag()) }
        #expect(error == .notAFile(path: "/dev/null", kind: "a character device"))
        var after = stat()
        try #require(stat("/dev/null", &after) == 0)
        #expect(after.st_mode == before.st_mode)
        #expect(after.st_ctim.tv_sec == before.st_ctim.tv_sec && after.st_ctim.tv_nsec == before.st_ctim.tv_nsec)
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
    }

    @Test func aLinkedStoreIsUsedThroughItsRealFileAndStaysALink() throws {
        let dir = TempDir()
        try FileManager.default.createDirectory(atPath: dir.path("real"), withIntermediateDirectories: false)
        let realStore = try Store.open(at: dir.url.appendingPathComponent("real/s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        try realStore.close()
        try FileManager.default.createSymbolicLink(atPath: dir.path("link.sqlite"), withDestinationPath: dir.path("real/s.sqlite"))
        let store = try Store.open(at: dir.url.appendingPathComponent("link.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        try store.weights.add(Weight(digits: "80", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_262_400))
        #expect(store.path == dir.path("real/s.sqlite"))
        try store.close()
        #expect(FileSystem.kind(dir.path("link.sqlite")) == .symlink)
        #expect(dir.listing() == ["link.sqlite", "real"])
        let reopened = try Store.open(at: dir.url.appendingPathComponent("real/s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        #expect(try reopened.recentWeights(limit: 5).map(\.weight.digits) == ["80"])
    }

    @Test func aLinkToNothingIsRefused() throws {
        let dir = TempDir()
        try FileManager.default.createSymbolicLink(atPath: dir.path("l.sqlite"), withDestinationPath: dir.path("gone.sqlite"))
        let error = #expect(throws: StoreError.self) {
            try Store.open(at: dir.url.appendingPathComponent("l.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        }
        #expect(error == .danglingLink(path: dir.path("l.sqlite"), target: dir.path("gone.sqlite")))
        #expect(dir.listing() == ["l.sqlite"])
    }

    @Test func aLockFileThatIsALinkIsNeverWrittenThrough() throws {
        let dir = TempDir()
        let victim = Data("someone else's file\n".utf8)
        _ = FileManager.default.createFile(atPath: dir.path("victim"), contents: victim)
        try FileManager.default.createSymbolicLink(atPath: dir.path("s.sqlite.lock"), withDestinationPath: dir.path("victim"))
        #expect(throws: StoreError.self) {
            try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        }
        #expect(dir.bytes("victim") == victim)
        #expect(FileSystem.kind(dir.path("s.sqlite.lock")) == .symlink)
    }

    @Test func createNewRefusesAnyTakenNameLinksIncluded() throws {
        let dir = TempDir()
        try FileSystem.createNew(dir.path("new"))
        let mode = try FileManager.default.attributesOfItem(atPath: dir.path("new"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(throws: POSIXError(.EEXIST)) { try FileSystem.createNew(dir.path("new")) }
        try FileManager.default.createSymbolicLink(atPath: dir.path("dangling"), withDestinationPath: dir.path("target"))
        #expect(throws: POSIXError(.EEXIST)) { try FileSystem.createNew(dir.path("dangling")) }
        #expect(!FileManager.default.fileExists(atPath: dir.path("target")))
    }
}
