import Foundation
import GRDB
import GrocerCore
import Synchronization
import Testing

@testable import GrocerStore

/// A store renamed or deleted while it opens, or while a save is under
/// way: the save lands in the file the person named, or grocer says it did
/// not (twice under load the screen said "Saved 72 lbs" and the weight
/// went nowhere: the file's identity was taken after the connection
/// opened, from whatever the path named then, or from nothing).
@Suite(.serialized) struct StoreMovedTests {
    static let weight = Weight(digits: "72", unit: .lbs)!

    static func withHook(
        _ hooks: borrowing Mutex<[String: @Sendable () -> Void]>, _ path: String, _ hook: @escaping @Sendable () -> Void,
        _ body: () throws -> Void
    ) rethrows {
        hooks.withLock { $0[path] = hook }
        defer { hooks.withLock { $0[path] = nil } }
        try body()
    }

    static func count(_ path: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM weight_entry") ?? -1 }
    }

    @Test(arguments: ["renamed", "deleted", "replaced"])
    func aStoreMovedWhileItsConnectionOpensIsRefusedAsMoved(how: String) throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("s.sqlite")
        let path = dir.path("s.sqlite")
        try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag()).close()
        let hook: @Sendable () -> Void = {
            switch how {
            case "renamed": _ = rename(path, path + ".old")
            case "deleted": _ = unlink(path)
            default:
                _ = rename(path, path + ".old")
                _ = FileManager.default.createFile(atPath: path, contents: Data())
            }
        }
        Self.withHook(OpenHooks.connected, path, hook) {
            let error = #expect(throws: StoreError.self) {
                let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
                defer { try? store.close() }
                _ = try store.weights.add(Self.weight, at: Date())
            }
            #expect(error == .moved(path: path))
        }
        if how != "deleted" { #expect(try Self.count(path + ".old") == 0) }
    }

    @Test(arguments: ["renamed", "deleted"])
    func aStoreMovedInsideASaveRollsItBackAndSaysSo(how: String) throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("s.sqlite")
        let path = dir.path("s.sqlite")
        let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        let hook: @Sendable () -> Void = { _ = how == "renamed" ? rename(path, path + ".old") : unlink(path) }
        Self.withHook(OpenHooks.committing, path, hook) {
            let error = #expect(throws: StoreError.self) { _ = try store.weights.add(Self.weight, at: Date()) }
            #expect(error == .moved(path: path))
        }
        if how == "renamed" { #expect(try Self.count(path + ".old") == 0) }
    }
}
