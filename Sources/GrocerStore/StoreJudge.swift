import Foundation
import GRDB

/// Judges a file as STORE-HISTORY.md's table says, without writing to it and
/// without leaving anything beside it.
public enum StoreJudge {
    /// Reads the 100-byte header directly: no SQLite connection, no journal.
    /// `deep` adds `PRAGMA quick_check` through a read-only connection, which
    /// costs time in proportion to the file; launch uses the header only.
    public static func judge(path: String, deep: Bool = false) -> StoreJudgement {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir) else { return StoreJudgement(state: .missing) }
        if isDir.boolValue { return StoreJudgement(state: .corrupt, detail: "it is a folder") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return StoreJudgement(state: .corrupt, detail: "it cannot be read")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        if header.isEmpty { return StoreJudgement(state: .missing) }
        guard header.count == 100, header.prefix(16) == Data("SQLite format 3\0".utf8) else {
            return StoreJudgement(state: .corrupt, detail: "no SQLite header")
        }
        var userVersion = Int(bigEndianInt32(header, at: 60))
        var applicationID = bigEndianInt32(header, at: 68)
        var isEmpty = false

        // A journal or WAL beside the file may hold newer header values; a
        // read-only connection sees through them. So does a deep check.
        let sidecars = ["-journal", "-wal"].contains { fm.fileExists(atPath: path + $0) }
        if sidecars || deep || (userVersion == 0 && applicationID == 0) {
            do {
                let facts = try readOnlyFacts(path: path, quickCheck: deep)
                if let problem = facts.problem {
                    return StoreJudgement(state: .corrupt, formatVersion: facts.userVersion, detail: problem)
                }
                userVersion = facts.userVersion
                applicationID = facts.applicationID
                isEmpty = facts.tableCount == 0
            } catch {
                return StoreJudgement(state: .corrupt, detail: describe(error))
            }
        }
        if applicationID == 0 && userVersion == 0 && isEmpty { return StoreJudgement(state: .missing) }
        guard applicationID == StoreFormat.applicationID, userVersion >= 1 else {
            return StoreJudgement(state: .foreign, formatVersion: userVersion)
        }
        if userVersion < StoreFormat.currentVersion {
            return StoreJudgement(state: .needsMigration, formatVersion: userVersion)
        }
        if userVersion > StoreFormat.currentVersion {
            return StoreJudgement(state: .newer, formatVersion: userVersion)
        }
        return StoreJudgement(state: .current, formatVersion: userVersion)
    }

    struct Facts {
        var userVersion: Int
        var applicationID: Int32
        var tableCount: Int
        var problem: String?
    }

    /// A read-only, query-only connection: SQLite writes nothing, and with
    /// no journal beside the file it creates nothing either.
    static func readOnlyFacts(path: String, quickCheck: Bool) throws -> Facts {
        let queue = try openReadOnly(path)
        defer { try? queue.close() }
        return try queue.read { db in
            let userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            let appID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            var problem: String? = nil
            if quickCheck {
                let rows = try String.fetchAll(db, sql: "PRAGMA quick_check(5)")
                if rows != ["ok"] { problem = "quick_check: " + rows.joined(separator: "; ") }
            }
            return Facts(userVersion: userVersion, applicationID: appID, tableCount: tables, problem: problem)
        }
    }

    /// A connection that cannot write; with no journal beside the file it
    /// creates nothing either.
    static func openReadOnly(_ path: String) throws -> DatabaseQueue {
        var config = Configuration()
        config.readonly = true
        config.label = "grocer.readonly"
        return try DatabaseQueue(path: path, configuration: config)
    }

    static func describe(_ error: Error) -> String {
        if let e = error as? DatabaseError { return e.message ?? "SQLite error \(e.resultCode.rawValue)" }
        return String(describing: error)
    }

    private static func bigEndianInt32(_ data: Data, at offset: Int) -> Int32 {
        let bytes = data.dropFirst(offset).prefix(4)
        return bytes.reduce(Int32(0)) { ($0 << 8) | Int32(bitPattern: UInt32($1)) }
    }
}
