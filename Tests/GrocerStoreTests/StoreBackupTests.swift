import Foundation
import GRDB
import GrocerCore
import Synchronization
import Testing

@testable import GrocerStore

/// `grocer store backup FILE`: SQLite's online backup into a new private
/// file that is checked before it gets its name.
@Suite struct StoreBackupTests {
    static let day = Date(timeIntervalSince1970: 1_700_000_000)

    func store(in dir: TempDir, weights: Int = 3) throws -> Store {
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        for i in 0..<weights {
            try store.weights.add(Weight(digits: "\(150 + i).5", unit: .lbs)!, at: Self.day.addingTimeInterval(Double(i)))
        }
        return store
    }

    func weights(_ path: String) throws -> [String] {
        try entries(path).map(\.weight.digits)
    }

    func entries(_ path: String) throws -> [WeightEntry] {
        let copy = try Store.open(at: path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? copy.close() }
        var entries: [WeightEntry] = []
        let report = try copy.weights.forEachEntry { entries.append($0) }
        #expect(report.isComplete)
        return entries
    }

    @Test func theCopyIsACurrentStoreWithEveryRowAndMode0600() throws {
        let dir = TempDir()
        let store = try store(in: dir)
        defer { try? store.close() }
        try store.backup(to: dir.url.appendingPathComponent("copy.sqlite"))
        var info = stat()
        #expect(stat(dir.path("copy.sqlite"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(StoreJudge.judge(path: dir.path("copy.sqlite"), deep: true).state == .current)
        #expect(try weights(dir.path("copy.sqlite")) == ["150.5", "151.5", "152.5"])
    }

    @Test func nothingIsLeftBesideTheCopy() throws {
        let dir = TempDir()
        let store = try store(in: dir)
        defer { try? store.close() }
        try store.backup(to: dir.url.appendingPathComponent("copy.sqlite"))
        #expect(dir.listing().filter { $0.hasPrefix("copy") || $0.hasPrefix(".copy") } == ["copy.sqlite"])
    }

    @Test func anExistingFileIsNotReplacedWithoutForce() throws {
        let dir = TempDir()
        let store = try store(in: dir)
        defer { try? store.close() }
        try Data("keep me".utf8).write(to: dir.url.appendingPathComponent("copy.sqlite"))
        let error = #expect(throws: BackupError.self) { try store.backup(to: dir.url.appendingPathComponent("copy.sqlite")) }
        #expect(error == .exists(path: dir.path("copy.sqlite")))
        #expect(dir.bytes("copy.sqlite") == Data("keep me".utf8))
        #expect(!dir.listing().contains { $0.hasPrefix(".copy") })
    }

    @Test func forceReplacesAnExistingFile() throws {
        let dir = TempDir()
        let store = try store(in: dir)
        defer { try? store.close() }
        try Data("old".utf8).write(to: dir.url.appendingPathComponent("copy.sqlite"))
        try store.backup(to: dir.url.appendingPathComponent("copy.sqlite"), replacing: true)
        #expect(try weights(dir.path("copy.sqlite")).count == 3)
    }

    @Test(arguments: [false, true])
    func aLinkAtTheNameIsNeverWrittenThrough(force: Bool) throws {
        let dir = TempDir()
        let store = try store(in: dir)
        defer { try? store.close() }
        try Data("victim".utf8).write(to: dir.url.appendingPathComponent("victim"))
        try FileManager.default.createSymbolicLink(atPath: dir.path("copy.sqlite"), withDestinationPath: dir.path("victim"))
        let error = #expect(throws: BackupError.self) {
            try store.backup(to: dir.url.appendingPathComponent("copy.sqlite"), replacing: force)
        }
        #expect(error == .link(path: dir.path("copy.sqlite")))
        #expect(dir.bytes("victim") == Data("victim".utf8))
        #expect(FileSystem.kind(dir.path("copy.sqlite")) == .symlink)
    }

    @Test(arguments: ["s.sqlite", "s.sqlite-wal"])
    func theStoreItselfIsRefusedEvenWithForce(name: String) throws {
        let dir = TempDir()
        let store = try store(in: dir)
        defer { try? store.close() }
        let error = #expect(throws: BackupError.self) { try store.backup(to: dir.url.appendingPathComponent(name), replacing: true) }
        #expect(error == .isTheStore(path: dir.path(name)))
        #expect(try store.recentWeights(limit: 10).count == 3)
    }

    @Test func aMissingFolderIsRefusedAndNotCreated() throws {
        let dir = TempDir()
        let store = try store(in: dir)
        defer { try? store.close() }
        let error = #expect(throws: BackupError.self) { try store.backup(to: dir.url.appendingPathComponent("nope/copy.sqlite")) }
        #expect(error == .noFolder(path: dir.path("nope/copy.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: dir.path("nope")))
    }

    /// A folder reached through a symbolic link is a folder: the copy is
    /// made in it (it was "does not exist").
    @Test func aFolderThroughASymbolicLinkTakesTheCopy() throws {
        let dir = TempDir()
        let store = try store(in: dir)
        defer { try? store.close() }
        try FileManager.default.createDirectory(atPath: dir.path("real"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir.path("linked"), withDestinationPath: dir.path("real"))
        try store.backup(to: dir.url.appendingPathComponent("linked/copy.sqlite"))
        #expect(try weights(dir.path("real/copy.sqlite")) == ["150.5", "151.5", "152.5"])
    }

    /// A full disk while copying is the copy's disk: the store is only read.
    @Test func aFullDiskNamesTheCopysDiskNotTheStores() {
        let full = DatabaseError(resultCode: .SQLITE_FULL)
        let error = BackupError.copyFailed(full, target: "/mnt/usb/copy.sqlite", temporary: "/mnt/usb/.copy", store: "/home/p/grocer.sqlite")
        #expect(
            error
                == .failed(
                    path: "/mnt/usb/copy.sqlite",
                    detail: "the disk it is on is full (or a file size limit was reached); free some space there, or choose another disk"))
        #expect(!(error.errorDescription ?? "").contains("/home/p"))
        let busy = BackupError.copyFailed(DatabaseError(resultCode: .SQLITE_BUSY), target: "/t", temporary: "/.t", store: "/s")
        #expect(busy == .failed(path: "/t", detail: StoreError.busy(path: "/s").errorDescription!))
    }

    /// Under a file size limit (`ulimit -f`) smaller than the store, the
    /// copy's write fails with an I/O error on a disk with room: the copy
    /// is named, not the store; and the line ends in one period.
    @Test func aFileSizeLimitNamesTheCopyNotTheStore() throws {
        let dir = TempDir()
        let store = dir.path("grocer.sqlite")
        try Data(count: 300 * 1024).write(to: URL(fileURLWithPath: store))
        let temporary = dir.path(".copy")
        let ioError = DatabaseError(resultCode: .SQLITE_IOERR)
        let error = BackupError.copyFailed(
            ioError, target: dir.path("copy.sqlite"), temporary: temporary, store: store, sizeLimit: 100 * 1024)
        #expect(
            error
                == .failed(
                    path: dir.path("copy.sqlite"),
                    detail: "the disk it is on is full (or a file size limit was reached); free some space there, or choose another disk"))
        let line = try #require(error.errorDescription)
        #expect(!line.contains(store) && !line.contains(".."))
        // A limit the copy fits under, or none: an I/O error is no full disk.
        for limit: UInt64? in [nil, 10 * 1024 * 1024] {
            let other = BackupError.copyFailed(ioError, target: "/t", temporary: temporary, store: store, sizeLimit: limit)
            #expect(other != error)
            #expect(!(other.errorDescription ?? "").contains(".."))
        }
    }

    /// Two other connections save while the copy is made: the copy is one
    /// instant of the store (every row well-formed, a count between the
    /// counts before and after, ids with no gap).
    @Test func aCopyDuringTwoWritersIsAConsistentSnapshot() throws {
        let dir = TempDir()
        let store = try store(in: dir, weights: 2000)
        defer { try? store.close() }
        let done = Atomic<Bool>(false)
        let started = Atomic<Int>(0)
        let group = DispatchGroup()
        let url = dir.url.appendingPathComponent("s.sqlite")
        for writer in 0..<2 {
            group.enter()
            onOwnThread {
                defer { group.leave() }
                let other = try! Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
                defer { try? other.close() }
                var i = 0
                // Bounded, so a starved main thread on a loaded machine
                // meets a store that stops growing, not one it never catches.
                while !done.load(ordering: .relaxed) && i < 20_000 {
                    _ = try! other.weights.add(Weight(digits: "\(100 + writer).\(i % 10)", unit: .kg)!, at: Self.day)
                    if i == 0 { started.add(1, ordering: .relaxed) }
                    i += 1
                }
            }
        }
        while started.load(ordering: .relaxed) < 2 { sched_yield() }
        let before = try store.recentWeights(limit: 1_000_000).count
        for n in 0..<3 { try store.backup(to: dir.url.appendingPathComponent("copy\(n).sqlite")) }
        let after = try store.recentWeights(limit: 1_000_000).count
        done.store(true, ordering: .relaxed)
        group.wait()
        for n in 0..<3 {
            let path = dir.path("copy\(n).sqlite")
            #expect(StoreJudge.judge(path: path, deep: true).state == .current)
            let copied = try entries(path)
            #expect(copied.count >= before && copied.count <= after)
            #expect(copied.map(\.id).sorted() == Array(1...Int64(copied.count)))
        }
    }
}
