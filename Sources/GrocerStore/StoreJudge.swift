import Foundation
import GRDB

/// Judges a file as STORE-HISTORY.md's table says, without writing to it and
/// without leaving anything beside it. Two exceptions, both SQLite's own
/// recovery of a grocer file: a hot journal (a save killed before its
/// journal was deleted) is rolled back first, and busy is never damage.
public enum StoreJudge {
    /// Reads the 100-byte header directly: no SQLite connection, no journal.
    /// `deep` adds `PRAGMA quick_check` through a read-only connection, which
    /// costs time in proportion to the file; launch uses the header only.
    public static func judge(path given: String, deep: Bool = false, stop: StopFlag = .process) -> StoreJudgement {
        guard let path = try? FileSystem.resolveStorePath(given) else {
            return StoreJudgement(state: .missing, detail: "a link to a file that does not exist")
        }
        switch FileSystem.kind(path) {
        case .missing: return StoreJudgement(state: .missing)
        case .regular: break
        case let other: return StoreJudgement(state: .corrupt, detail: "it is \(other.description), not a file")
        }
        guard var header = Header(path: path) else { return StoreJudgement(state: .corrupt, detail: "it cannot be read") }
        if header.isEmpty { return StoreJudgement(state: .missing) }
        guard header.isSQLite else { return StoreJudgement(state: .corrupt, detail: "no SQLite header") }

        var recoveryNote: String? = nil
        if header.isGrocerFile, header.userVersion <= StoreFormat.currentVersion, exists(path + "-journal") {
            recoveryNote = recoverHotJournal(path: path, stop: stop)
            header = Header(path: path) ?? header
        }
        var userVersion = header.userVersion
        var applicationID = header.applicationID
        var isEmpty = false

        // A journal or WAL beside the file may hold newer header values; a
        // read-only connection sees through them. So does a deep check. An
        // empty one holds nothing (a grocer ended by a signal right after
        // opening leaves an empty -wal), so the header is the truth and the
        // launch does not pay for a connection.
        let sidecars = hasContent(path + "-journal") || hasFrames(path + "-wal")
        if sidecars || deep || (userVersion == 0 && applicationID == 0) {
            do {
                let facts = try readOnlyFacts(path: path, quickCheck: deep, stop: stop)
                if let problem = facts.problem {
                    return StoreJudgement(state: .corrupt, formatVersion: facts.userVersion, detail: problem)
                }
                userVersion = facts.userVersion
                applicationID = facts.applicationID
                isEmpty = facts.tableCount == 0
            } catch {
                if let judgement = failureJudgement(error, path: path) { return judgement }
                // Not damage (a hot journal this user may not roll back, a
                // file that cannot be opened): judge by the header.
                recoveryNote = recoveryNote ?? describe(error)
            }
        }
        if applicationID == 0 && userVersion == 0 && isEmpty { return StoreJudgement(state: .missing) }
        guard applicationID == StoreFormat.applicationID, userVersion >= 1 else {
            return StoreJudgement(state: .foreign, formatVersion: userVersion)
        }
        if userVersion < StoreFormat.currentVersion {
            return StoreJudgement(state: .needsMigration, formatVersion: userVersion, detail: recoveryNote)
        }
        if userVersion > StoreFormat.currentVersion {
            return StoreJudgement(state: .newer, formatVersion: userVersion)
        }
        return StoreJudgement(state: .current, formatVersion: userVersion, detail: recoveryNote)
    }

    /// The launch's judgement of the screen's store: the header, and for a
    /// current store `PRAGMA quick_check` too (every page, read without
    /// writing or creating anything beside the file), unless the file is
    /// exactly as when a check last passed (`checked`, the fingerprint a
    /// previous launch kept): a damaged page is refused before the store
    /// opens, and a launch pays for the check only when the file changed
    /// since (a save, a copy, another program). `checked` in the answer is
    /// the fingerprint to keep: the file's, when a check passed on it now
    /// or before, it did not move during the check, and it is settled
    /// (`StoreFingerprint.isSettled`); nil otherwise. The screen runs it in
    /// two parts: `judgeBeforeFrame` before its first frame, `checkPages`
    /// right after it.
    public static func judgeAtLaunch(path: String, checked: StoreFingerprint?, stop: StopFlag = .process) -> LaunchJudgement {
        checkPages(path: path, after: judgeBeforeFrame(path: path, checked: checked, stop: stop), stop: stop)
    }

    /// The header's part of `judgeAtLaunch`, which costs the same at any
    /// size: a refusal by the header (newer, foreign, not a file) comes
    /// before anything is shown. `pagesPending` when the pages are still
    /// to be read (a current store whose fingerprint moved since `checked`).
    public static func judgeBeforeFrame(path: String, checked: StoreFingerprint?, stop: StopFlag = .process) -> LaunchJudgement {
        let judgement = judge(path: path, stop: stop)
        guard judgement.state == .current, let before = StoreFingerprint(path: path) else {
            return LaunchJudgement(judgement: judgement, checked: nil, ranCheck: false)
        }
        if before == checked { return LaunchJudgement(judgement: judgement, checked: before, ranCheck: false) }
        return LaunchJudgement(judgement: judgement, checked: nil, ranCheck: false, pagesPending: true)
    }

    /// The pages' part of `judgeAtLaunch`: `PRAGMA quick_check` when
    /// `header` left it pending; `header` itself otherwise.
    public static func checkPages(path: String, after header: LaunchJudgement, stop: StopFlag = .process) -> LaunchJudgement {
        guard header.pagesPending, let before = StoreFingerprint(path: path) else { return header }
        let deep = judge(path: path, deep: true, stop: stop)
        guard deep.state == .current, let after = StoreFingerprint(path: path), after == before, after.isSettled else {
            return LaunchJudgement(judgement: deep, checked: nil, ranCheck: true)
        }
        return LaunchJudgement(judgement: deep, checked: after, ranCheck: true)
    }

    /// Before a command writes or keeps anything in a store its header
    /// calls current (`header`): its pages, read unless the file is
    /// exactly as when a check last passed (`checked`), as the launch
    /// judges them (`judgeBeforeFrame` then `checkPages`). `checked` in
    /// the answer is the fingerprint to keep (nil: none settled).
    public static func judgePages(path: String, header: StoreJudgement, checked: StoreFingerprint?, stop: StopFlag = .process)
        -> LaunchJudgement
    {
        guard header.state == .current, let before = StoreFingerprint(path: path) else {
            return LaunchJudgement(judgement: header, checked: nil, ranCheck: false)
        }
        if before == checked { return LaunchJudgement(judgement: header, checked: before, ranCheck: false) }
        let pending = LaunchJudgement(judgement: header, checked: nil, ranCheck: false, pagesPending: true)
        return checkPages(path: path, after: pending, stop: stop)
    }

    /// Whether anything is there (a link is followed).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether a WAL file holds a frame: more than its 32-byte header,
    /// which is all a grocer ended by a signal often leaves (nothing in it
    /// is newer than the file).
    static func hasFrames(_ wal: String) -> Bool {
        var info = stat()
        return stat(wal, &info) == 0 && info.st_size > 32
    }

    /// Whether a file is there with at least one byte in it.
    static func hasContent(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_size > 0
    }

    /// What a failed read of the file means: busy (another grocer, or a
    /// stop) is never damage; only SQLite's own corruption codes are. nil:
    /// judge by the header.
    static func failureJudgement(_ error: any Error, path: String) -> StoreJudgement? {
        switch StoreError.from(error, path: path) {
        case .busy: return StoreJudgement(state: .busy, detail: "another grocer is using it")
        case .interrupted: return StoreJudgement(state: .busy, detail: "stopped before it was read")
        case .corrupt: return StoreJudgement(state: .corrupt, detail: describe(error))
        default: return nil
        }
    }

    /// Lets SQLite roll back a hot journal beside a grocer file: it needs a
    /// read-write connection, and reading the first page is enough. Returns
    /// a note when it could not (no write permission, another grocer busy).
    static func recoverHotJournal(path: String, stop: StopFlag) -> String? {
        guard access(path, W_OK) == 0,
            access((path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent, W_OK) == 0
        else {
            return "an interrupted save needs recovery, which needs write permission on the file and its folder"
        }
        do {
            let queue = try DatabaseQueue(path: path, configuration: Connection.configuration(label: "grocer.recovery", readonly: false, stop: stop))
            defer { try? queue.close() }
            _ = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
            return nil
        } catch {
            return "an interrupted save could not be recovered yet (\(describe(error)))"
        }
    }

    struct Facts {
        var userVersion: Int
        var applicationID: Int32
        var tableCount: Int
        var problem: String?
    }

    static func readOnlyFacts(path: String, quickCheck: Bool, stop: StopFlag) throws -> Facts {
        try ReadOnlyFile.read(path: path, stop: stop) { db in
            let userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            let appID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            var problem: String? = nil
            if quickCheck {
                problem = checkProblem("quick_check", try String.fetchAll(db, sql: "PRAGMA quick_check(5)"))
            }
            return Facts(userVersion: userVersion, applicationID: appID, tableCount: tables, problem: problem)
        }
    }

    static func describe(_ error: any Error) -> String { StoreError.describe(error) }

    /// An integrity or quick check's answer as one line, nil for "ok". A
    /// row may hold several lines ("*** in database main ***" and the
    /// first problem): each line is a part, joined with "; ", so no line
    /// break reaches a message (a terminal shows one as ^J).
    static func checkProblem(_ check: String, _ rows: [String]) -> String? {
        guard rows != ["ok"] else { return nil }
        let parts = rows.flatMap { $0.split(whereSeparator: \.isNewline) }.map { $0.trimmingCharacters(in: .whitespaces) }
        return check + ": " + parts.filter { !$0.isEmpty }.joined(separator: "; ")
    }
}

/// The first 100 bytes of an SQLite file, read without SQLite (nor
/// Foundation's Data: the launch judges before its first frame).
struct Header {
    let bytes: [UInt8]

    init?(path: String) {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 100)
        let count = read(fd, &buffer, 100)
        guard count >= 0 else { return nil }
        bytes = Array(buffer.prefix(count))
    }

    var isEmpty: Bool { bytes.isEmpty }
    var isSQLite: Bool { bytes.count == 100 && bytes.prefix(16).elementsEqual("SQLite format 3\0".utf8) }
    var userVersion: Int { Int(int32(at: 60)) }
    var applicationID: Int32 { int32(at: 68) }
    var isGrocerFile: Bool { isSQLite && applicationID == StoreFormat.applicationID }
    /// Write and read format versions 2: the file is in WAL mode.
    var isWAL: Bool { isSQLite && (bytes[18] == 2 || bytes[19] == 2) }

    private func int32(at offset: Int) -> Int32 {
        bytes.dropFirst(offset).prefix(4).reduce(Int32(0)) { ($0 << 8) | Int32(bitPattern: UInt32($1)) }
    }
}
