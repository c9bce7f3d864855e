import Foundation
import GrocerCore
import Testing

@Suite struct WeighInTimeTests {
    static let now = Date(timeIntervalSince1970: 1_795_262_400)

    static let cases: [(Double, WeighInTime.Problem?)] = [
        (0, nil), (-1_576_800_000, nil), (299, nil), (300, nil), (301, .inTheFuture), (126_144_000, .inTheFuture),
    ]

    @Test(arguments: cases)
    func laterThanFiveMinutesAfterNowIsRefused(offset: Double, problem: WeighInTime.Problem?) {
        #expect(WeighInTime.problem(Self.now.addingTimeInterval(offset), now: Self.now) == problem)
    }

    @Test func before1900IsRefusedAnd1900ItselfTaken() {
        #expect(WeighInTime.problem(WeighInTime.earliest, now: Self.now) == nil)
        #expect(WeighInTime.problem(WeighInTime.earliest.addingTimeInterval(-1), now: Self.now) == .beforeEarliest)
        #expect(WeighInTime.problem(Date(timeIntervalSince1970: -62_135_596_800), now: Self.now) == .beforeEarliest)
    }
}
