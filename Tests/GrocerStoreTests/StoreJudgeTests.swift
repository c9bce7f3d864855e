import Foundation
import Testing

@testable import GrocerStore

@Suite struct StoreJudgeTests {
    static let v1 = """
        PRAGMA application_id = 1196573522;
        CREATE TABLE weight_entry (id INTEGER PRIMARY KEY, weight_lbs REAL NOT NULL, date REAL NOT NULL);
        CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO weight_entry VALUES (1, 180.4, 700000000);
        PRAGMA user_version = 1;
        """

    @Test func noFileIsMissing() {
        let dir = TempDir()
        #expect(StoreJudge.judge(path: dir.path("none.sqlite")).state == .missing)
    }

    @Test func anEmptyFileIsMissing() {
        let dir = TempDir()
        _ = FileManager.default.createFile(atPath: dir.path("empty.sqlite"), contents: Data())
        #expect(StoreJudge.judge(path: dir.path("empty.sqlite")).state == .missing)
    }

    @Test func anEmptySQLiteDatabaseIsMissing() throws {
        let dir = TempDir()
        try dir.sqlite("e.sqlite", "PRAGMA page_size = 4096; VACUUM;")
        #expect(StoreJudge.judge(path: dir.path("e.sqlite")).state == .missing)
    }

    @Test(arguments: [1, 2, 3])
    func olderVersionsNeedMigration(version: Int) throws {
        let dir = TempDir()
        try dir.sqlite("old.sqlite", "PRAGMA application_id = 1196573522; CREATE TABLE t(x); PRAGMA user_version = \(version);")
        let judgement = StoreJudge.judge(path: dir.path("old.sqlite"), deep: true)
        #expect(judgement == StoreJudgement(state: .needsMigration, formatVersion: version))
    }

    @Test func theCurrentVersionIsCurrent() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        try store.close()
        #expect(StoreJudge.judge(path: dir.path("s.sqlite")).state == .current)
        #expect(StoreJudge.judge(path: dir.path("s.sqlite"), deep: true).state == .current)
    }

    /// An empty -wal (left by a grocer stopped right after it opened the
    /// store) holds nothing, so the launch judges exactly as without it:
    /// by the header, without paying for a connection. The file's pages
    /// after the header are scrambled here, so a connection would show.
    /// A -wal with frames is still read through (RecoveryTests).
    /// An empty -wal, or one of its 32-byte header alone (what a grocer
    /// ended by a signal often leaves), holds no frame: the header is the
    /// truth, and no connection is made (none makes the -shm).
    @Test(arguments: [0, 32])
    func aWALWithNoFrameChangesNothingInTheJudgement(walBytes: Int) throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        try store.close()
        let handle = try #require(FileHandle(forWritingAtPath: dir.path("s.sqlite")))
        try handle.seek(toOffset: 100)
        handle.write(Data(repeating: 0xA5, count: 3996))
        try handle.close()
        let alone = StoreJudge.judge(path: dir.path("s.sqlite"))
        let header = Data([0x37, 0x7F, 0x06, 0x82] + [UInt8](repeating: 0, count: 28))
        _ = FileManager.default.createFile(atPath: dir.path("s.sqlite-wal"), contents: header.prefix(walBytes))
        #expect(StoreJudge.judge(path: dir.path("s.sqlite")) == alone)
        #expect(alone.state == .current)
        #expect(!FileManager.default.fileExists(atPath: dir.path("s.sqlite-shm")))
    }

    @Test func aLaterVersionIsNewer() throws {
        let dir = TempDir()
        try dir.sqlite("n.sqlite", "PRAGMA application_id = 1196573522; CREATE TABLE t(x); PRAGMA user_version = \(StoreFormat.currentVersion + 1);")
        #expect(StoreJudge.judge(path: dir.path("n.sqlite")) == StoreJudgement(state: .newer, formatVersion: StoreFormat.currentVersion + 1))
    }

    @Test(arguments: [
        "CREATE TABLE t(x); PRAGMA user_version = 4;",
        "PRAGMA application_id = 42; CREATE TABLE t(x); PRAGMA user_version = 4;",
        "CREATE TABLE notes(body TEXT);",
        "PRAGMA application_id = 1196573522; CREATE TABLE t(x);",
    ])
    func otherSQLiteFilesAreForeign(sql: String) throws {
        let dir = TempDir()
        try dir.sqlite("f.sqlite", sql)
        #expect(StoreJudge.judge(path: dir.path("f.sqlite")).state == .foreign)
    }

    @Test func textIsCorrupt() {
        let dir = TempDir()
        _ = FileManager.default.createFile(atPath: dir.path("c.sqlite"), contents: Data("hello, not a database\n".utf8))
        #expect(StoreJudge.judge(path: dir.path("c.sqlite")).state == .corrupt)
    }

    @Test func aDamagedPageFailsTheQuickCheck() throws {
        let dir = TempDir()
        try dir.sqlite(
            "d.sqlite",
            Self.v1
                + "\nCREATE TABLE big(x); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 2000) INSERT INTO big SELECT randomblob(200) FROM n;"
        )
        var data = try #require(dir.bytes("d.sqlite"))
        // Scribble over the middle of the file, past the header and schema.
        let start = data.count / 2
        data.replaceSubrange(start..<(start + 4096), with: Data(repeating: 0xA5, count: 4096))
        try data.write(to: URL(fileURLWithPath: dir.path("d.sqlite")))
        let judgement = StoreJudge.judge(path: dir.path("d.sqlite"), deep: true)
        #expect(judgement.state == .corrupt)
        // SQLite's answer spans lines; the message is one (no ^J on screen).
        #expect(judgement.detail?.hasPrefix("quick_check: ") == true)
        #expect(judgement.detail?.contains(where: \.isNewline) == false)
    }

    @Test func aCheckAnswerOfSeveralLinesIsOneLine() {
        #expect(StoreJudge.checkProblem("quick_check", ["ok"]) == nil)
        #expect(
            StoreJudge.checkProblem(
                "quick_check", ["*** in database main ***\nTree 4 page 4: btreeInitPage() returns error code 11\n", "row 3 missing"])
                == "quick_check: *** in database main ***; Tree 4 page 4: btreeInitPage() returns error code 11; row 3 missing")
    }
}
