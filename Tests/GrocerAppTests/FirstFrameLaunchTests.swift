import Foundation
import GrocerCore
import Testing

@testable import GrocerApp

/// What the interactive launch reads before the first frame without
/// Foundation's costlier paths must be what those paths would give.
@Suite struct FirstFrameLaunchTests {
    @Test(arguments: [
        ["XDG_STATE_HOME": "/tmp/state"],
        ["XDG_STATE_HOME": "/tmp/state/"],
        ["XDG_STATE_HOME": "/"],
        ["XDG_STATE_HOME": "relative/state", "HOME": "/home/me"],
        ["HOME": "/home/me"],
        ["HOME": "/home/me/"],
        ["HOME": "/"],
        ["XDG_STATE_HOME": "/tmp//state//"],
        ["HOME": "/home//me"],
        ["HOME": "", "XDG_STATE_HOME": ""],
        [:],
    ])
    func theCachePathIsTheCacheFilesPath(environment: [String: String]) {
        #expect(FirstFrameCache.path(Environment(environment)) == FirstFrameCache.file(Environment(environment)).path)
    }

    @Test func aMissingOrOversizedCacheFileIsIgnored() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-ffl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(FirstFrameCache.read(path: dir.appendingPathComponent("none").path) == nil)
        let cache = FirstFrameCache(executable: "x", storePath: "/s", hints: LaunchHints(unit: .kg, date: FirstFrameTests.pattern))
        let big = dir.appendingPathComponent("big")
        try Data((cache.text + String(repeating: " ", count: 16_384)).utf8).write(to: big)
        #expect(FirstFrameCache.read(path: big.path) == nil)
        let fine = dir.appendingPathComponent("fine")
        try Data(cache.text.utf8).write(to: fine)
        #expect(FirstFrameCache.read(path: fine.path) == cache)
    }
}

/// What decides the system time zone, as one key for the kept offset.
@Suite struct TimeZoneSettingsTests {
    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-tz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func theKeyNamesTheLinkAndTheVariables() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = dir.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Europe/Berlin")
        let plain = TimeZoneSettings.key([:], localtime: link)
        #expect(plain?.hasSuffix("/usr/share/zoneinfo/Europe/Berlin") == true)
        let keys = [
            plain, TimeZoneSettings.key(["TZ": "Asia/Tokyo"], localtime: link), TimeZoneSettings.key(["TZ": ""], localtime: link),
            TimeZoneSettings.key(["TZFILE": "/x"], localtime: link),
        ]
        #expect(Set(keys.compactMap { $0 }).count == 4)
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        #expect(TimeZoneSettings.key([:], localtime: link) != plain)
    }

    /// A plain /etc/localtime is read by the C library for its content:
    /// no key, so no kept offset.
    @Test func aPlainFileOrNothingGivesNoKey() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("localtime")
        try Data("TZif".utf8).write(to: file)
        #expect(TimeZoneSettings.key([:], localtime: file.path) == nil)
        #expect(TimeZoneSettings.key([:], localtime: dir.appendingPathComponent("none").path) == nil)
    }

    @Test func aValueWithControlsGivesNoKey() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = dir.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/UTC")
        #expect(TimeZoneSettings.key(["TZ": "Europe/Berlin\n"], localtime: link) == nil)
    }
}
