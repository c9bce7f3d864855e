import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

@Suite struct StoreTests {
    @Test func createsTheFolder0700AndTheFile0600() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("a/grocer/grocer.sqlite")
        let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        try store.close()
        let fm = FileManager.default
        let folderMode = try fm.attributesOfItem(atPath: url.deletingLastPathComponent().path)[.posixPermissions] as? Int
        let fileMode = try fm.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(fileMode == 0o600)
    }

    @Test func aNewStoreCarriesTheApplicationIDAndVersion() throws {
        let dir = TempDir()
        try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag()).close()
        let data = try #require(dir.bytes("s.sqlite"))
        let userVersion = data[60..<64].reduce(0) { $0 << 8 | Int($1) }
        let appID = data[68..<72].reduce(0) { $0 << 8 | Int($1) }
        #expect(userVersion == StoreFormat.currentVersion)
        #expect(appID == 1_196_573_522)
    }

    @Test func keepsWeightsExactlyAsTypedNewestFirst() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        let t0 = Date(timeIntervalSince1970: 1_795_262_400)
        try store.weights.add(Weight(digits: "180.40", unit: .lbs)!, at: t0)
        try store.weights.add(Weight(digits: "72.5", unit: .kg)!, at: t0.addingTimeInterval(86_400.7))
        let recent = try store.recentWeights(limit: 10)
        #expect(recent.map(\.weight.digits) == ["72.5", "180.40"])
        #expect(recent.map(\.weight.unit) == [.kg, .lbs])
        #expect(recent[0].recordedAt == t0.addingTimeInterval(86_400))
        var ascending: [String] = []
        try store.weights.forEachEntry { ascending.append($0.weight.digits) }
        #expect(ascending == ["180.40", "72.5"])
    }

    @Test func noUnitIsChosenUntilSetAndTheChoiceSurvivesReopening() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("s.sqlite")
        var store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        #expect(try store.settings.read(.unit).value == nil)
        try store.settings.set(.unit, to: .kg)
        try store.close()
        store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        #expect(try store.settings.read(.unit).value == .kg)
    }

    enum Refusal: String, CaseIterable { case newer, foreign, older }

    @Test(arguments: [
        ("PRAGMA application_id = 1196573522; CREATE TABLE t(x); PRAGMA user_version = \(StoreFormat.currentVersion + 1);", Refusal.newer),
        ("CREATE TABLE notes(body TEXT);", .foreign),
        ("PRAGMA application_id = 1196573522; CREATE TABLE t(x); PRAGMA user_version = 2;", .older),
    ])
    func refusesAndLeavesTheFileByteIdenticalWithNothingBeside(sql: String, refusal: Refusal) throws {
        let dir = TempDir()
        try dir.sqlite("x.sqlite", sql)
        let before = try #require(dir.bytes("x.sqlite"))
        let listing = dir.listing()
        let path = dir.path("x.sqlite")
        let expected: StoreError =
            switch refusal {
            case .newer: .newer(path: path, version: StoreFormat.currentVersion + 1)
            case .foreign: .foreign(path: path)
            case .older: .needsMigration(path: path, version: 2)
            }
        #expect(throws: expected) {
            try Store.open(at: dir.url.appendingPathComponent("x.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        }
        #expect(dir.bytes("x.sqlite") == before)
        #expect(dir.listing() == listing)
    }

    @Test func refusesACorruptFileByteIdentical() throws {
        let dir = TempDir()
        let junk = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        _ = FileManager.default.createFile(atPath: dir.path("c.sqlite"), contents: junk)
        let error = #expect(throws: StoreError.self) {
            try Store.open(at: dir.url.appendingPathComponent("c.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        }
        #expect(error == .corrupt(path: dir.path("c.sqlite"), detail: "no SQLite header"))
        #expect(dir.bytes("c.sqlite") == junk)
        #expect(dir.listing() == ["c.sqlite"])
    }
}
