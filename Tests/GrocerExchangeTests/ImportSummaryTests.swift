import Foundation
import GrocerCore
import Testing

@testable import GrocerExchange

@Suite struct ImportSummaryTests {
    func row(_ line: Int, rounded: Bool = false) -> ImportItem {
        .row(ImportRow(line: line, recordedAt: Date(timeIntervalSince1970: 0), value: Weight(digits: "72.5", unit: .kg)!, rounded: rounded))
    }

    @Test func countsImportedDuplicatesRoundedAndRejected() {
        var summary = ImportSummary()
        summary.count(row(2))
        summary.count(row(3, rounded: true))
        summary.count(row(4), duplicate: true)
        summary.count(row(5, rounded: true), duplicate: true)
        summary.count(.problem(ImportProblem(line: 6, reason: "unit 'st' is not lbs or kg")))
        #expect(summary.line() == "Imported 2 entries, skipped 2 already in the store, rounded 1 to 2 decimals, rejected 1.")
        #expect(summary.line(dryRun: true).hasPrefix("Would import 2 entries,"))
        #expect(summary.problemLines == ["line 6: unit 'st' is not lbs or kg"])
        #expect(summary.refusedUnderStrict)
    }

    @Test func oneEntryIsSingularAndACleanFileIsNotRefused() {
        var summary = ImportSummary()
        summary.count(row(2))
        #expect(summary.line() == "Imported 1 entry, skipped 0 already in the store, rounded 0 to 2 decimals, rejected 0.")
        #expect(!summary.refusedUnderStrict)
    }
}
