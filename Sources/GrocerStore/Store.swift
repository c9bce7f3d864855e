import Foundation
import GRDB
import GrocerCore

/// grocer's SQLite file, spoken to in records and intents. SQL and GRDB
/// types never leave this layer.
public final class Store: Sendable {
    public let path: String
    let writer: any DatabaseWriter

    init(path: String, writer: any DatabaseWriter) {
        self.path = path
        self.writer = writer
    }

    /// Opens the store at `url`, creating it when missing (folder 0700,
    /// file 0600). Any other state than missing/current is refused with a
    /// `StoreError`, and the file is left as it was.
    public static func open(at url: URL) throws -> Store {
        let path = url.path
        let judgement = StoreJudge.judge(path: path)
        switch judgement.state {
        case .missing:
            return try create(at: url)
        case .current:
            return try Store(path: path, writer: connect(path))
        case .needsMigration:
            throw StoreError.migrationNotPossible(path: path, version: judgement.formatVersion ?? 0)
        case .newer:
            throw StoreError.newer(path: path, version: judgement.formatVersion ?? 0)
        case .foreign:
            throw StoreError.foreign(path: path)
        case .corrupt:
            throw StoreError.corrupt(path: path, detail: judgement.detail ?? "unreadable")
        }
    }

    static func create(at url: URL) throws -> Store {
        let path = url.path
        try FileSystem.prepareDirectory(url.deletingLastPathComponent())
        try FileSystem.createPrivateFile(path)
        do {
            let queue = try connect(path)
            try queue.write { db in try Schema.create(db) }
            return Store(path: path, writer: queue)
        } catch let error as DatabaseError {
            throw StoreError.io(path: path, detail: StoreJudge.describe(error))
        }
    }

    static func connect(_ path: String) throws -> DatabaseQueue {
        var config = Configuration()
        config.label = "grocer.store"
        config.busyMode = .timeout(5)
        config.foreignKeysEnabled = true
        do {
            return try DatabaseQueue(path: path, configuration: config)
        } catch {
            throw StoreError.io(path: path, detail: StoreJudge.describe(error))
        }
    }

    public func close() throws { try writer.close() }
}
