import Foundation
import Testing

@testable import GrocerCore

/// The migration's one percentage over every phase, against recorded
/// phase costs and a clock the test moves.
@Suite struct MigrationMeterTests {
    /// The phases measured at 4,000,000 weights (issue 35): copy 4.7 s,
    /// indexes 1.0 s, steps 6.2 s, verify 1.6 s, sync and swap 0.2 s.
    static let measured: [MigrationMeter.Stage] = [
        .init(.copy, cost: 4.7), .init(.indexes, cost: 1.0), .init(.steps, cost: 6.2), .init(.verify, cost: 1.6), .init(.swap, cost: 0.2),
    ]

    static func at(_ seconds: Double) -> Duration { .milliseconds(Int((seconds * 1000).rounded())) }

    /// Runs a migration whose phases take `actual` seconds each (the copy
    /// counting its rows, the others by time alone), sampling every 10 ms;
    /// returns (elapsed share, shown share) at each sample.
    static func replay(_ stages: [MigrationMeter.Stage], actual: [Double]) -> [(time: Double, shown: Double, percent: Int)] {
        var meter = MigrationMeter(stages: stages, at: .zero)
        let whole = actual.reduce(0, +)
        var samples: [(Double, Double, Int)] = []
        var start = 0.0
        for (i, stage) in stages.enumerated() {
            if i > 0 { _ = meter.begin(stage.phase, at: at(start)) }
            var t = start
            while t < start + actual[i] {
                let inside: Double? = stage.phase == .copy ? (t - start) / actual[i] : nil
                let p = meter.progress(inside: inside, at: at(t))
                #expect(p.phase == stage.phase)
                samples.append((t / whole, Double(p.done) / Double(p.total), p.percent))
                t += 0.01
            }
            start += actual[i]
        }
        let end = meter.finish()
        samples.append((1, 1, end.percent))
        return samples
    }

    @Test func theShownShareFollowsTheTimeWithinFifteenPoints() {
        let samples = Self.replay(Self.measured, actual: Self.measured.map(\.cost))
        let worst = samples.map { abs($0.time - $0.shown) }.max() ?? 1
        #expect(worst <= 0.15)
    }

    @Test func onAMachineTwiceAsSlowTheLaterPhasesGoAtTheCopysPace() {
        // The copy sets the pace: every phase after it is expected to take
        // twice its reference cost.
        let samples = Self.replay(Self.measured, actual: Self.measured.map { $0.cost * 2 })
        let worst = samples.map { abs($0.time - $0.shown) }.max() ?? 1
        #expect(worst <= 0.15)
    }

    @Test func aPhaseWithNoProgressInsideStillMoves() {
        var meter = MigrationMeter(stages: Self.measured, at: .zero)
        _ = meter.progress(inside: 1, at: Self.at(4.7))
        _ = meter.begin(.indexes, at: Self.at(4.7))
        let begun = meter.begin(.steps, at: Self.at(5.7))
        let later = meter.progress(inside: nil, at: Self.at(8.8))
        #expect(begun.phase == .steps && later.phase == .steps)
        #expect(later.done > begun.done)
        // Half the steps' expected time: about half their share.
        let share = Double(later.done - begun.done) / Double(MigrationMeter.scale)
        #expect(abs(share - 6.2 / 2 / 13.7) < 0.01)
    }

    @Test func aPhaseThatEndedEarlySaysNothingOfThePace() {
        // The indexes (no count of their own) end at once; the steps then
        // go at the copy's pace, not at one the empty phase made up.
        var meter = MigrationMeter(stages: Self.measured, at: .zero)
        _ = meter.progress(inside: 1, at: Self.at(4.7))
        _ = meter.begin(.indexes, at: Self.at(4.7))
        let begun = meter.begin(.steps, at: Self.at(4.7))
        let later = meter.progress(inside: nil, at: Self.at(4.7 + 3.1))
        let share = Double(later.done - begun.done) / Double(MigrationMeter.scale)
        #expect(abs(share - 6.2 / 2 / 13.7) < 0.01)
    }

    @Test func aFilesCopySaysNothingOfThePace() {
        // A version 4+ file copied in a tenth of its expected time (the
        // page cache): the steps still go at the reference pace.
        let stages: [MigrationMeter.Stage] = [.init(.copy, cost: 1, setsPace: false), .init(.steps, cost: 2), .init(.verify, cost: 1)]
        var meter = MigrationMeter(stages: stages, at: .zero)
        _ = meter.progress(inside: 1, at: Self.at(0.1))
        let begun = meter.begin(.steps, at: Self.at(0.1))
        let later = meter.progress(inside: nil, at: Self.at(1.1))
        #expect(abs(Double(later.done - begun.done) / Double(MigrationMeter.scale) - 0.25) < 0.01)
    }

    @Test func aPhaseLongerThanExpectedStopsShortOfItsEndAndNeverAt100() {
        var meter = MigrationMeter(stages: Self.measured, at: .zero)
        _ = meter.begin(.swap, at: Self.at(13.5))
        let stalled = meter.progress(inside: nil, at: Self.at(600))
        #expect(stalled.percent == 99)
        #expect(stalled.done < stalled.total)
        #expect(meter.finish() == MigrationProgress(done: MigrationMeter.scale, total: MigrationMeter.scale, phase: .swap))
    }

    @Test func neverBackwardsWhenAPhaseEndsEarlyOrACountGoesBack() {
        var meter = MigrationMeter(stages: Self.measured, at: .zero)
        var shown: [Int] = []
        shown.append(meter.progress(inside: 0.5, at: Self.at(2)).done)
        shown.append(meter.progress(inside: 0.2, at: Self.at(3)).done)
        shown.append(meter.begin(.indexes, at: Self.at(4)).done)
        shown.append(meter.progress(inside: nil, at: Self.at(4.9)).done)
        // The indexes took a tenth of their time; the steps start lower
        // than the stalled indexes were shown: the bar waits.
        shown.append(meter.begin(.steps, at: Self.at(5)).done)
        shown.append(meter.begin(.indexes, at: Self.at(5.1)).done)
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(shown.allSatisfy { $0 < MigrationMeter.scale })
    }

    @Test func atMostFivePercentOfTheTimeIsSpentAt100() {
        let samples = Self.replay(Self.measured, actual: Self.measured.map(\.cost))
        #expect(samples.dropLast().allSatisfy { $0.percent < 100 })
        #expect(samples.last?.percent == 100)
    }

    @Test func theTimeLeftAtHalfwayIsWithin25PercentOfWhatRemains() {
        // The screen's estimate: elapsed × (total − done) / done.
        let samples = Self.replay(Self.measured, actual: Self.measured.map(\.cost))
        let whole = Self.measured.reduce(0) { $0 + $1.cost }
        guard let half = samples.first(where: { $0.shown >= 0.5 }) else {
            Issue.record("never halfway")
            return
        }
        let elapsed = half.time * whole
        let estimate = elapsed * (1 - half.shown) / half.shown
        let remaining = whole - elapsed
        #expect(abs(estimate - remaining) <= 0.25 * remaining)
    }

    @Test func aPhaseNotPlannedIsPassedOverAndAnEmptyPlanEndsAt100() {
        var meter = MigrationMeter(stages: [.init(.copy, cost: 1), .init(.swap, cost: 1)], at: .zero)
        let p = meter.begin(.checkpoints, at: Self.at(1))
        #expect(p.phase == .copy)
        var empty = MigrationMeter(stages: [], at: .zero)
        #expect(empty.progress(inside: nil, at: Self.at(1)).percent < 100)
        #expect(empty.finish().percent == 100)
    }
}
