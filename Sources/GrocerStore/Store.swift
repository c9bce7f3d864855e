import Foundation
import GRDB
import GrocerCore
import Synchronization

/// grocer's SQLite file, spoken to in records and intents. SQL and GRDB
/// types never leave this layer.
public final class Store: Sendable {
    /// The real file (a symbolic link given as --store is followed).
    public let path: String
    let writer: GuardedWriter
    /// The person's time zone: the calendar days of `weight_day` are days
    /// here (the table is rebuilt when it was built for another zone).
    public let timeZone: TimeZone
    /// A command's page check, while the file is known good: kept again
    /// as the file is when the store closes (`close`).
    let judged = Mutex<Judged?>(nil)

    /// The page check to answer at close, and `PRAGMA data_version` as the
    /// store opened: another connection's commit since changes it.
    struct Judged: Sendable {
        let check: PageCheck
        var known: StoreFingerprint?
        let dataVersion: Int?
    }

    init(path: String, writer: any DatabaseWriter, identity: FileSystem.Identity? = nil, timeZone: TimeZone, fullDisk: Bool = false) {
        self.path = path
        self.writer = GuardedWriter(base: writer, path: path, identity: identity, fullDisk: fullDisk)
        self.timeZone = timeZone
    }

    /// Opens the store at `path` in `mode` (see `StoreOpenMode`: create
    /// when missing, only if there, beside this process's own connection,
    /// or in memory). Nothing here reaches the process: `zone` is the
    /// person's, the one the screen shows and weights are grouped into days
    /// in (the caller reads it once, at launch), and `stop` interrupts any
    /// statement running on the store's connection once raised (the
    /// caller's: the process's flag for Ctrl-C, a test's own).
    ///
    /// A file that is there is judged first: any other state than
    /// missing/current is refused with a `StoreError`, and the file is left
    /// as it was. `busyWait`, when given, is how its writes wait for another
    /// grocer's (the screen's: it sees the wait and can end it); else a
    /// plain timeout. With `pageCheck` (a command's store), a current
    /// file's pages are judged first, unless unchanged since a check last
    /// passed, and a damaged one is refused as the screen refuses it
    /// (`PageCheck`). A store `.create` makes starts with `firstAisles`
    /// (in that order; issue 33: the catalogue's kinds in the person's
    /// language); a store already there, or migrated, keeps its own.
    public static func open(
        at path: String, mode: StoreOpenMode, zone: TimeZone, stop: StopFlag, busyWait: BusyWait? = nil, pageCheck: PageCheck? = nil,
        firstAisles: [String] = []
    ) throws -> Store {
        switch mode {
        case .create:
            // Never nil when creating.
            return try open(
                at: URL(fileURLWithPath: path), creating: true, timeZone: zone, stop: stop, busyWait: busyWait, pageCheck: pageCheck,
                firstAisles: firstAisles)!
        case .existing:
            guard let store = try open(at: URL(fileURLWithPath: path), creating: false, timeZone: zone, stop: stop, pageCheck: pageCheck)
            else { throw StoreError.noStore(path: path) }
            return store
        case .beside:
            return try connectJudgedCurrent(try FileSystem.resolveStorePath(path), timeZone: zone, stop: stop)
        case .memory:
            return try inMemory(path: path, timeZone: zone)
        }
    }

    /// A current store, connected as its disk allows: read only on a
    /// read-only disk or file, through `connectOnFullDisk` on a full one,
    /// else read-write in WAL mode.
    static func connectJudgedCurrent(_ path: String, timeZone: TimeZone, stop: StopFlag, busyWait: BusyWait? = nil) throws -> Store {
        if !FileSystem.isWritable(path) { return try connectReadOnly(path, timeZone: timeZone, stop: stop) }
        if !FileSystem.hasRoomToRead(path) { return try connectOnFullDisk(path, timeZone: timeZone, stop: stop) }
        do {
            return try connectCurrent(path, timeZone: timeZone, stop: stop, busyWait: busyWait)
        } catch StoreError.diskFull {
            // Less room than the free space said (reserved blocks, a
            // quota): read all the same where SQLite can.
            return try connectOnFullDisk(path, timeZone: timeZone, stop: stop)
        }
    }

    static func open(
        at url: URL, creating: Bool, timeZone: TimeZone, stop: StopFlag, busyWait: BusyWait? = nil, pageCheck: PageCheck? = nil,
        firstAisles: [String] = []
    ) throws -> Store? {
        let path = try FileSystem.resolveStorePath(url.path)
        try FileSystem.requireFileOrMissing(path)
        let judgement = StoreJudge.judge(path: path, stop: stop)
        let store: Store
        var known: StoreFingerprint? = nil
        switch judgement.state {
        case .missing:
            guard creating else { return nil }
            store = try create(at: path, timeZone: timeZone, stop: stop, busyWait: busyWait, firstAisles: firstAisles)
        case .current:
            if let pageCheck {
                let pages = StoreJudge.judgePages(path: path, header: judgement, checked: pageCheck.kept, stop: stop)
                // Refused before any connection: nothing written, nothing made beside it.
                if pages.judgement.state != .current { throw refusal(pages.judgement, path: path) }
                if let checked = pages.checked, checked != pageCheck.kept { pageCheck.keep(checked) }
                known = pages.checked ?? pageCheck.kept
            }
            store = try connectJudgedCurrent(path, timeZone: timeZone, stop: stop, busyWait: busyWait)
        default:
            throw refusal(judgement, path: path)
        }
        if let pageCheck {
            let version = try? store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
            store.judged.withLock { $0 = Judged(check: pageCheck, known: known, dataVersion: version ?? nil) }
        }
        return store
    }

    /// Why the file at `path`, judged `judgement` (anything but missing or
    /// current), is refused: the words `open(at:)` would throw, found
    /// without opening it, so nothing is created beside it.
    static func refusal(at path: String, judgement: StoreJudgement) -> StoreError {
        do {
            let real = try FileSystem.resolveStorePath(path)
            try FileSystem.requireFileOrMissing(real)
            return refusal(judgement, path: real)
        } catch let error as StoreError {
            return error
        } catch {
            return .io(path: path, detail: "\(error)")
        }
    }

    static func refusal(_ judgement: StoreJudgement, path: String) -> StoreError {
        switch judgement.state {
        case .needsMigration: return .needsMigration(path: path, version: judgement.formatVersion ?? 0)
        case .newer: return .newer(path: path, version: judgement.formatVersion ?? 0)
        case .foreign: return .foreign(path: path)
        case .busy: return .busy(path: path)
        case .corrupt, .missing, .current: return .corrupt(path: path, detail: judgement.detail ?? "unreadable")
        }
    }

    /// Creates the store under the lock beside it, so that several grocers
    /// starting at once on a missing store create it once; the file is
    /// judged again under the lock, and the schema is created in an
    /// IMMEDIATE transaction only if sqlite_master is still empty (a
    /// grocer that takes no lock cannot race it either). It starts with
    /// the common units and `firstAisles`.
    static func create(at path: String, timeZone: TimeZone, stop: StopFlag, busyWait: BusyWait? = nil, firstAisles: [String] = [])
        throws -> Store
    {
        try FileSystem.prepareDirectory(URL(fileURLWithPath: path).deletingLastPathComponent())
        let lock: MigrationLock
        do {
            lock = try MigrationLock.acquire(storePath: path, wait: true, onWait: {})
        } catch let MigrationError.io(lockPath, detail) {
            throw StoreError.io(path: path, detail: "the lock file \(lockPath) beside it cannot be used (\(detail))")
        }
        defer { lock.release() }
        try FileSystem.requireFileOrMissing(path)
        let again = StoreJudge.judge(path: path, stop: stop)
        switch again.state {
        case .missing: break
        case .current: return try connectCurrent(path, timeZone: timeZone, stop: stop, busyWait: busyWait)
        default: throw refusal(again, path: path)
        }
        try FileSystem.createPrivateFile(path)
        let before = FileSystem.Identity(path: path)
        let queue = try connect(path, stop: stop, busyWait: busyWait)
        do {
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    if try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0 {
                        try Schema.create(db)
                        try Schema.offerCommonUnits(db)
                        try Schema.offerAisles(firstAisles, db)
                    }
                    return .commit
                }
                try useWAL(db)
            }
        } catch {
            try? queue.close()
            throw StoreError.from(error, path: path)
        }
        return Store(path: path, writer: queue, identity: try sameFile(path, before, queue), timeZone: timeZone)
    }

    /// Opens a file judged current: checks its own schema first (nothing is
    /// written before the check passes), then turns WAL mode on.
    static func connectCurrent(_ path: String, timeZone: TimeZone, stop: StopFlag, busyWait: BusyWait? = nil) throws
        -> Store
    {
        let before = FileSystem.Identity(path: path)
        let queue = try connect(path, stop: stop, busyWait: busyWait)
        do {
            try queue.writeWithoutTransaction { db in
                try verify(db, path: path)
                try useWAL(db)
            }
        } catch {
            try? queue.close()
            throw StoreError.from(error, path: path)
        }
        return Store(path: path, writer: queue, identity: try sameFile(path, before, queue), timeZone: timeZone)
    }

    /// The file the connection just opened, as the path names it: the
    /// same file before the connection and after it, or the store was
    /// renamed, deleted or replaced while it opened, and is refused as
    /// moved (its saves would go into a file no longer at `path`: the
    /// screen said "Saved" and the weight went nowhere). Never nil: a
    /// store with no identity would never be checked again.
    static func sameFile(_ path: String, _ before: FileSystem.Identity?, _ queue: any DatabaseWriter) throws -> FileSystem.Identity {
        OpenHooks.afterConnect(path)
        guard let before, let after = FileSystem.Identity(path: path), after == before else {
            try? queue.close()
            throw StoreError.moved(path: path)
        }
        return after
    }

    /// The file's own version and schema, read through the connection that
    /// will use it (a -wal may hold newer values than the header).
    static func verify(_ db: Database, path: String) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if applicationID != StoreFormat.applicationID { throw StoreError.foreign(path: path) }
        if version != StoreFormat.currentVersion {
            let judged = StoreJudgement(state: version > StoreFormat.currentVersion ? .newer : .needsMigration, formatVersion: version)
            throw refusal(judged, path: path)
        }
        let problems = try SchemaCheck.problems(in: db)
        if !problems.isEmpty { throw StoreError.unexpectedSchema(path: path, problems: problems) }
    }

    /// A store on a read-only disk (or a file this user may not write) is
    /// still shown: a read-only connection, `immutable` when every row is in
    /// the file (WAL mode needs a -shm it could not make). A save then says
    /// the store is read-only.
    static func connectReadOnly(_ path: String, timeZone: TimeZone, stop: StopFlag) throws -> Store {
        let immutable = Header(path: path)?.isWAL == true && !FileManager.default.fileExists(atPath: path + "-wal")
        let config = Connection.configuration(label: "grocer.store.readonly", readonly: true, stop: stop)
        let before = FileSystem.Identity(path: path)
        do {
            let queue = try DatabaseQueue(path: immutable ? ReadOnlyFile.immutableURI(path) : path, configuration: config)
            do {
                try queue.read { db in try verify(db, path: path) }
            } catch {
                try? queue.close()
                throw error
            }
            return Store(path: path, writer: queue, identity: try sameFile(path, before, queue), timeZone: timeZone)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// A store on a disk with no room for what even a read makes beside a
    /// WAL-mode file (its -shm; `FileSystem.hasRoomToRead`) is still read,
    /// where SQLite allows it: through the -wal and -shm another grocer
    /// keeps (made already, they need no room), else `immutable` when every
    /// row is in the file (no -wal frames), which makes nothing. A save then
    /// says the disk is full; a read that cannot be made says a read needs
    /// a little free space (`StoreError.noRoomToRead`).
    static func connectOnFullDisk(_ path: String, timeZone: TimeZone, stop: StopFlag) throws -> Store {
        let config = Connection.configuration(label: "grocer.store.fulldisk", readonly: true, stop: stop)
        let before = FileSystem.Identity(path: path)
        func attempt(_ location: String) throws -> Store {
            let queue = try DatabaseQueue(path: location, configuration: config)
            do {
                try queue.read { db in try verify(db, path: path) }
            } catch {
                try? queue.close()
                throw error
            }
            return Store(path: path, writer: queue, identity: try sameFile(path, before, queue), timeZone: timeZone, fullDisk: true)
        }
        func mapped(_ error: any Error) -> StoreError {
            switch StoreError.from(error, path: path) {
            case .diskFull, .readOnly, .io: return .noRoomToRead(path: path)
            case let other: return other
            }
        }
        let isWAL = Header(path: path)?.isWAL == true
        let walFrames = StoreJudge.hasContent(path + "-wal")
        // Not WAL mode (a read makes nothing beside the file), or another
        // grocer's -wal and -shm already there: an ordinary read.
        if !isWAL || (StoreJudge.exists(path + "-shm") && StoreJudge.exists(path + "-wal")) {
            do {
                return try attempt(path)
            } catch {
                // A -shm too small to use without growing it (or left
                // half-made): with no frames in the -wal, the file alone.
                guard isWAL, !walFrames else { throw mapped(error) }
            }
        }
        // Frames in a -wal need a -shm to be read, and there is no room.
        guard !walFrames else { throw StoreError.noRoomToRead(path: path) }
        do {
            return try attempt(ReadOnlyFile.immutableURI(path))
        } catch {
            throw mapped(error)
        }
    }

    /// WAL mode: another grocer reading never waits for a save, and a save
    /// never waits for a reader. It stays on in the file once set; a store
    /// already in WAL mode costs one pragma. `synchronous` stays FULL (a
    /// save survives a power cut once grocer says it is saved).
    static func useWAL(_ db: Database) throws {
        let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode")
        if mode != "wal" { _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
    }

    /// The runtime's read-write connection, set up as every connection is.
    static func connect(_ path: String, stop: StopFlag, busyWait: BusyWait? = nil) throws -> DatabaseQueue {
        do {
            return try DatabaseQueue(
                path: path, configuration: Connection.configuration(label: "grocer.store", readonly: false, stop: stop, busyWait: busyWait))
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Closes the connection. A command's store judged good at open
    /// (`PageCheck`) keeps the file's fingerprint as its own writes left
    /// it, once settled, unless another connection committed meanwhile.
    public func close() throws {
        let judged = self.judged.withLock { judged in
            defer { judged = nil }
            return judged
        }
        let alone = judged.map { judged in
            judged.dataVersion != nil && (try? writer.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }) == judged.dataVersion
        }
        do { try writer.base.close() } catch { throw StoreError.from(error, path: path) }
        guard let judged, alone == true, let now = StoreFingerprint.settled(path: path), now != judged.known else { return }
        judged.check.keep(now)
    }
}

/// The store's connection with grocer's error wording: every failure from
/// SQLite becomes a `StoreError`, and a save first checks that the file at
/// the store's path is still the one opened (a store deleted or replaced
/// while the screen is open would otherwise take saves into a file no
/// longer on disk).
struct GuardedWriter: Sendable {
    let base: any DatabaseWriter
    let path: String
    let identity: FileSystem.Identity?
    /// Opened read-only because the disk had no room
    /// (`Store.connectOnFullDisk`): a refused save is the full disk's, a
    /// read that needs room says so.
    var fullDisk = false

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try base.read(body) } catch { throw mapped(error, writing: false) }
    }

    /// The file is checked before the transaction and again inside it,
    /// after the body and right before the commit: a store renamed or
    /// deleted meanwhile rolls the save back and says so, instead of
    /// committing into a file no longer at `path`.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try write(lazily: false, body)
    }

    /// `body`, then the checks every commit makes: the test hook, and the
    /// file still the one opened.
    private func checkedBeforeCommit<T>(_ body: (Database) throws -> T, _ db: Database) throws -> T {
        let result = try body(db)
        OpenHooks.beforeCommit(path)
        try requireSameFile()
        return result
    }

    /// `write`, its commit made without waiting for the disk when
    /// `lazily` (`synchronous` NORMAL in WAL mode: the commit survives a
    /// crash or a kill -9 of grocer, and a power cut once a later commit
    /// that waits has synced the -wal, which holds it before). The
    /// connection's own setting is back before this returns.
    func write<T>(lazily: Bool, _ body: (Database) throws -> T) throws -> T {
        try requireSameFile()
        do {
            guard lazily else { return try base.write { db in try checkedBeforeCommit(body, db) } }
            return try base.writeWithoutTransaction { db in
                // In a rollback journal NORMAL could leave the file damaged
                // after a power cut: there, the commit waits as always.
                let wal = try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal"
                let kept = try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? 2
                if wal { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
                defer { if wal { try? db.execute(sql: "PRAGMA synchronous = \(kept)") } }
                var result: T?
                try db.inTransaction {
                    result = try checkedBeforeCommit(body, db)
                    return .commit
                }
                guard let result else { preconditionFailure("a committed transaction ran its body") }
                return result
            }
        } catch {
            throw mapped(error, writing: true)
        }
    }

    /// A deferred transaction: it reads the file and may write only TEMP
    /// tables, so it never holds the file's write lock (another
    /// connection's write goes on meanwhile). Committed when the body returns.
    func readWritingTemp<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try base.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN DEFERRED TRANSACTION")
                do {
                    let result = try body(db)
                    try db.execute(sql: "COMMIT")
                    return result
                } catch {
                    try? db.execute(sql: "ROLLBACK")
                    throw error
                }
            }
        } catch {
            throw mapped(error, writing: false)
        }
    }

    /// Throws `moved` when `path` no longer names the file opened.
    func requireSameFile() throws {
        if let identity, FileSystem.Identity(path: path) != identity { throw StoreError.moved(path: path) }
    }

    func mapped(_ error: any Error, writing: Bool) -> StoreError {
        let mapped = StoreError.from(error, path: path)
        guard fullDisk else { return mapped }
        switch mapped {
        case .readOnly where writing: return .diskFull(path: path)
        case .diskFull where !writing, .io where !writing: return .noRoomToRead(path: path)
        default: return mapped
        }
    }
}

extension StoreError {
    /// Why the file at `path`, judged `judgement` (anything but missing or
    /// current), is refused: the words `Store.open(at:)` would throw, found
    /// without opening it, so nothing is created beside it.
    public static func refusal(at path: String, judgement: StoreJudgement) -> StoreError {
        Store.refusal(at: path, judgement: judgement)
    }
}
