import Foundation
import GrocerSync
import Testing

@testable import GrocerSyncLive

#if canImport(Glibc)
    import Glibc
#endif

/// The logins file on a real disk (issue 36): written 0600 in a 0700
/// folder, atomically; refused when another user could change it.
@Suite struct LoginsFileTests {
    static let list = "https://dav.example.org/alice/groceries/"

    /// A fresh folder of its own; `path` is a logins file inside a
    /// `grocer` folder not made yet.
    struct Place {
        let root: String
        var folder: String { root + "/config/grocer" }
        var path: String { folder + "/logins" }

        init() {
            var template = Array((NSTemporaryDirectory() + "/grocer-logins.XXXXXX").utf8CString)
            root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        }

        func mode(_ path: String) -> mode_t {
            var facts = stat()
            stat(path, &facts)
            return facts.st_mode & 0o777
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func noFileIsNoLogins() throws {
        let place = Place()
        defer { place.remove() }
        #expect(try LoginsFile.read(place.path) == Logins())
    }

    @Test func writtenPrivateAndReadBack() throws {
        let place = Place()
        defer { place.remove() }
        let logins = try #require(Logins().setting(.init(url: Self.list, user: "alice", passwordCommand: "pass show dav")))
        let old = umask(0)
        defer { umask(old) }
        try LoginsFile.write(logins, to: place.path)
        #expect(place.mode(place.path) == 0o600)
        #expect(place.mode(place.folder) == 0o700)
        #expect(try LoginsFile.read(place.path) == logins)
        // Written again: replaced whole, no temporary file left.
        let more = try #require(logins.setting(.init(url: "https://dav.example.org/alice/weights/", user: "alice")))
        try LoginsFile.write(more, to: place.path)
        #expect(try LoginsFile.read(place.path) == more)
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.folder) == ["logins"])
    }

    @Test(arguments: [0o620, 0o602, 0o622, 0o660] as [mode_t])
    func aFileOthersCanWriteIsRefused(mode: mode_t) throws {
        let place = Place()
        defer { place.remove() }
        try LoginsFile.write(Logins(), to: place.path)
        chmod(place.path, mode)
        #expect(throws: LoginsFile.Failure.othersCanWrite(path: place.path)) { try LoginsFile.read(place.path) }
        #expect(throws: LoginsFile.Failure.othersCanWrite(path: place.path)) { try LoginsFile.write(Logins(), to: place.path) }
        #expect(LoginsFile.Failure.othersCanWrite(path: place.path).description.contains("chmod go-w \(place.path)"))
        // Readable by others is not refused: the file holds no secret.
        chmod(place.path, 0o644)
        #expect(try LoginsFile.read(place.path) == Logins())
    }

    @Test(arguments: [0o770, 0o707, 0o777] as [mode_t])
    func aFolderOthersCanWriteIsRefused(mode: mode_t) throws {
        let place = Place()
        defer { place.remove() }
        try LoginsFile.write(Logins(), to: place.path)
        chmod(place.folder, mode)
        #expect(throws: LoginsFile.Failure.othersCanWrite(path: place.folder)) { try LoginsFile.read(place.path) }
        #expect(throws: LoginsFile.Failure.othersCanWrite(path: place.folder)) { try LoginsFile.write(Logins(), to: place.path) }
    }

    @Test func anotherOwnerIsRefused() throws {
        // Another owner cannot be made without root; the check is the
        // owner's id against this process's.
        var facts = stat()
        facts.st_uid = geteuid() &+ 1
        facts.st_mode = S_IFREG | 0o600
        #expect(throws: LoginsFile.Failure.otherOwner(path: "/x")) { try LoginsFile.checkPrivate(facts, path: "/x") }
        facts.st_uid = geteuid()
        try LoginsFile.checkPrivate(facts, path: "/x")
    }

    @Test func aFileItCannotReadIsOneLine() throws {
        let place = Place()
        defer { place.remove() }
        try LoginsFile.write(Logins(), to: place.path)
        try Data("collection \(Self.list)\nuser a\u{1B}]0;x\n".utf8).write(to: URL(fileURLWithPath: place.path))
        #expect(throws: LoginsFile.Failure.unreadableText(path: place.path, .controlCharacter(line: 2))) {
            try LoginsFile.read(place.path)
        }
        try Data(repeating: UInt8(ascii: "#"), count: Logins.maximumSize + 1).write(to: URL(fileURLWithPath: place.path))
        #expect(throws: LoginsFile.Failure.unreadableText(path: place.path, .tooLarge(limit: Logins.maximumSize))) {
            try LoginsFile.read(place.path)
        }
    }
}
