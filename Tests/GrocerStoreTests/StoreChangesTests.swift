import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

@Suite struct StoreChangesTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_262_400)

    @Test func theCounterMovesWhenAnotherGrocerWritesAndNotForOwnWrites() throws {
        let dir = TempDir()
        let url = URL(fileURLWithPath: dir.path("store.sqlite"))
        let mine = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        let other = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        let start = try mine.changeCounter()
        try mine.weights.add(Weight(digits: "72.5", unit: .kg)!, at: Self.t0)
        #expect(try mine.changeCounter() == start)
        try other.weights.add(Weight(digits: "73", unit: .kg)!, at: Self.t0)
        let afterOther = try mine.changeCounter()
        #expect(afterOther != start)
        #expect(try mine.changeCounter() == afterOther)
    }

    @Test func theCountersSayWhoseWriteItWas() throws {
        let dir = TempDir()
        let url = URL(fileURLWithPath: dir.path("store.sqlite"))
        let mine = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        let other = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        let start = try mine.changeCounters()
        try mine.weights.add(Weight(digits: "72.5", unit: .kg)!, at: Self.t0)
        let afterMine = try mine.changeCounters()
        #expect(afterMine.others == start.others)
        #expect(afterMine.own != start.own)
        try other.weights.add(Weight(digits: "73", unit: .kg)!, at: Self.t0)
        let afterOther = try mine.changeCounters()
        #expect(afterOther.others != afterMine.others)
        #expect(afterOther.own == afterMine.own)
    }

    @Test func aScriptWritingThroughTheSQLiteToolMovesTheCounter() throws {
        let dir = TempDir()
        let url = URL(fileURLWithPath: dir.path("store.sqlite"))
        let mine = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        let start = try mine.changeCounter()
        try dir.sqlite("store.sqlite", "PRAGMA busy_timeout=5000; INSERT INTO place(name) VALUES ('Cellar');")
        #expect(try mine.changeCounter() != start)
    }
}
