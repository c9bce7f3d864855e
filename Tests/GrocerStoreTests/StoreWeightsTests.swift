import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

@Suite struct StoreWeightsTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_262_400)

    func weight(_ digits: String, _ unit: WeightUnit = .kg) -> Weight { Weight(digits: digits, unit: unit)! }

    @Test func addWeightReturnsTheSavedEntryWithItsIDAndWholeSeconds() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        let first = try store.weights.add(weight("72.5"), at: Self.t0.addingTimeInterval(0.9))
        let second = try store.weights.add(weight("180.40", .lbs), at: Self.t0)
        #expect(first == WeightEntry(id: 1, weight: weight("72.5"), recordedAt: Self.t0))
        #expect(second.id == 2)
        #expect(try store.recentWeights(limit: 10) == [second, first])
    }

    @Test func forEachWeightGoesOldestFirstThenByIDAndReportsNothingWhenAllIsRead() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        try store.weights.add(weight("3"), at: Self.t0.addingTimeInterval(60))
        try store.weights.add(weight("1"), at: Self.t0)
        try store.weights.add(weight("2"), at: Self.t0)
        var order: [String] = []
        let report = try store.weights.forEachEntry { order.append($0.weight.digits) }
        #expect(order == ["1", "2", "3"])
        #expect(report.isComplete)
        #expect(report == ReadReport())
    }

    @Test func recentWeightPageHoldsTheNewestUpToTheLimit() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        for day in 0..<5 { try store.weights.add(weight("\(70 + day)"), at: Self.t0.addingTimeInterval(Double(day) * 86_400)) }
        let page = try store.recentWeightPage(limit: 3)
        #expect(page.entries.map(\.weight.digits) == ["74", "73", "72"])
        #expect(page.report.isComplete)
    }

    @Test func theUnitIsTheRegionsUntilOneIsChosenAndThenWhatWasChosen() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        #expect(try store.settings.read(.unit) == StoredSetting<DisplayUnit>(value: nil))
        #expect(try store.settings.read(.unit).display(region: .kg) == .kg)
        try store.settings.set(.unit, to: .kg)
        #expect(try store.settings.read(.unit).display(region: .lbs) == .kg)
        try store.settings.set(.unit, to: .lbs)
        #expect(try store.settings.read(.unit) == StoredSetting<DisplayUnit>(value: .lbs, unreadable: nil))
        #expect(try store.settings.read(.unit).display(region: .st) == .lbs)
    }
}
