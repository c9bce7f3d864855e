import Foundation
import GrocerCLI
import Testing

@Suite struct ProgressPaceTests {
    /// The percents printed when the migration moves one percent every
    /// 100 ms (a 10-second migration).
    func printed(_ pace: ProgressPace) -> [Int] {
        var pace = pace
        let start = ContinuousClock.now
        return (0...100).filter { pace.shows(percent: $0, at: start + .milliseconds($0 * 100)) }
    }

    @Test func onATerminalEveryPercentShowsOnce() {
        var pace = ProgressPace(everyPercent: true)
        #expect(printed(pace) == Array(0...100))
        let first = pace.shows(percent: 3, at: ContinuousClock.now)
        #expect(first)
        let now = ContinuousClock.now
        let again = pace.shows(percent: 3, at: now)
        let back = pace.shows(percent: 2, at: now)
        #expect(!again && !back)
    }

    @Test func elsewhereTheFirstThenOneEveryFiveSecondsAndTheLast() {
        #expect(printed(ProgressPace(everyPercent: false)) == [0, 50, 100])
    }
}
