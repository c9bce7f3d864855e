import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore
import Testing

/// `weight add` refuses a weight far from the trend (issue 34), against the
/// store's own trend; `--force` skips the check (WeightCommand.Add).
@Suite struct TrendCheckTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func date(_ iso: String) -> Date { try! Date(iso, strategy: .iso8601) }

    static func store(_ weights: [(String, String)]) throws -> Store {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: utc, stop: StopFlag())
        for (digits, iso) in weights { try store.weights.add(Weight(digits: digits, unit: .kg)!, at: date(iso)) }
        return store
    }

    @Test func aTypoIsRefusedNamingTheTrend() throws {
        let store = try Self.store([("78.5", "2026-11-26T07:00:00Z"), ("78.5", "2026-11-27T07:00:00Z")])
        let weight = Weight(digits: "7.87", unit: .kg)!
        let at = Self.date("2026-11-28T07:00:00Z")
        #expect(throws: CommandError.self) { try TrendCheck.require(weight, at: at, unit: .kg, in: store) }
        let far = try #require(try TrendCheck.far(weight, at: at, unit: .kg, in: store))
        #expect(far.trendWeight == Weight(digits: "78.5", unit: .kg))
        #expect(far.suggestion == Weight(digits: "78.7", unit: .kg))
    }

    @Test func aWeightNearTheTrendAndAFirstWeightPass() throws {
        let store = try Self.store([("78.5", "2026-11-27T07:00:00Z")])
        try TrendCheck.require(Weight(digits: "78.7", unit: .kg)!, at: Self.date("2026-11-28T07:00:00Z"), unit: .kg, in: store)
        let empty = try Self.store([])
        try TrendCheck.require(Weight(digits: "7.87", unit: .kg)!, at: Self.date("2026-11-28T07:00:00Z"), unit: .kg, in: empty)
    }

    @Test func theTrendIsInTheUnitAskedFor() throws {
        let store = try Self.store([("78.5", "2026-11-27T07:00:00Z")])
        let far = try #require(
            try TrendCheck.far(Weight(digits: "17.3", unit: .lbs)!, at: Self.date("2026-11-28T07:00:00Z"), unit: .lbs, in: store))
        #expect(far.unit == .lbs)
        #expect(far.suggestion == Weight(digits: "173", unit: .lbs))
    }
}
