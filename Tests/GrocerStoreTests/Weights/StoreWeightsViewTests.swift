import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// `store.weights` over an in-memory store: what it keeps it gives back,
/// and its days are the days of the zone the store was opened in.
@Suite struct StoreWeightsViewTests {
    static func store(_ zone: String) throws -> Store {
        try Store.open(at: ":memory:", mode: .memory, zone: TimeZone(identifier: zone)!, stop: StopFlag())
    }

    @Test func anEntryAddedIsReadBackByItsIdAndInOrder() throws {
        let store = try Self.store("UTC")
        let first = try store.weights.add(Weight(digits: "80.5", unit: .kg)!, at: Date(timeIntervalSince1970: 1_700_000_000), note: "a")
        let second = try store.weights.add(Weight(digits: "80.1", unit: .kg)!, at: Date(timeIntervalSince1970: 1_700_086_400))
        #expect(try store.weights.entry(id: second.id).weight.digits == "80.1")
        var seen: [String] = []
        try store.weights.forEachEntry { seen.append($0.weight.digits) }
        #expect(seen == ["80.5", "80.1"])
        #expect(try store.weights.delete(ids: [first.id]).map(\.note) == ["a"])
        #expect(throws: StoreError.noSuchWeight(path: ":memory:", ids: [first.id])) { try store.weights.entry(id: first.id) }
    }

    /// 23:30 and 00:30 in Tokyo are two days there, one day in UTC
    /// (14:30 and 15:30): the view groups in the store's zone.
    @Test(arguments: [("Asia/Tokyo", 2), ("UTC", 1)])
    func daysAreTheDaysOfTheStoresZone(zone: String, days: Int) throws {
        let store = try Self.store(zone)
        let lateInTokyo = Date(timeIntervalSince1970: 1_795_185_000)  // 2026-11-20 23:30 +09:00
        try store.weights.add(Weight(digits: "80", unit: .kg)!, at: lateInTokyo)
        try store.weights.add(Weight(digits: "81", unit: .kg)!, at: lateInTokyo.addingTimeInterval(3600))
        #expect(try store.weights.days(unit: .kg).count == days)
        #expect(try store.weights.daysBuiltForAnotherZone() == false)
    }
}
