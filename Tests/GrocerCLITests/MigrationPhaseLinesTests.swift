import GrocerCLI
import GrocerCore
import Testing

/// `store migrate` names each phase on stderr as it begins.
@Suite struct MigrationPhaseLinesTests {
    func lines(_ events: [MigrationProgress]) -> [String] {
        var lines = MigrationPhaseLines()
        return events.compactMap { lines.line(for: $0) }
    }

    @Test func eachPhaseIsNamedOnceInOrderAndNotAtTheEnd() {
        let events = [
            MigrationProgress(done: 0, total: 100, phase: .copy), MigrationProgress(done: 30, total: 100, phase: .copy),
            MigrationProgress(done: 34, total: 100, phase: .indexes), MigrationProgress(done: 80, total: 100, phase: .verify),
            MigrationProgress(done: 81, total: 100, phase: .verify), MigrationProgress(done: 81, total: 100, phase: .steps),
            MigrationProgress(done: 99, total: 100, phase: .swap), MigrationProgress(done: 100, total: 100, phase: .swap),
        ]
        #expect(
            lines(events) == [
                "Migration phase: Copying every row into the new format\n",
                "Migration phase: Building the indexes\n",
                "Migration phase: Checking every page of the new store\n",
                "Migration phase: Saving the new store in place of the old one\n",
            ])
    }

    @Test func aMigrationThatEndsAtOnceNamesNoPhase() {
        #expect(lines([MigrationProgress(done: 100, total: 100, phase: .swap)]).isEmpty)
    }
}
