import Testing

@testable import GrocerStore

@Suite struct ReadReportTests {
    func report(_ count: Int) -> ReadReport {
        var report = ReadReport()
        for id in 1...count { report.add(UnreadableRow(table: "weight_entry", id: Int64(id), reason: "value is NULL, not text")) }
        return report
    }

    @Test func aCompleteReportSaysNothing() {
        #expect(ReadReport().isComplete)
        #expect(ReadReport().summary() == "")
    }

    @Test func theSummaryCountsExactlyAndNamesTheFirstRows() {
        #expect(report(1).summary() == "1 row could not be read (weight_entry id 1: value is NULL, not text)")
        #expect(
            report(3).summary(shown: 2)
                == "3 rows could not be read (weight_entry id 1: value is NULL, not text; weight_entry id 2: value is NULL, not text; 1 more)")
    }

    @Test func aHugeReportKeepsItsCountButOnlyTheFirstRows() {
        let big = report(ReadReport.keptLimit + 5)
        #expect(big.unreadableCount == ReadReport.keptLimit + 5)
        #expect(big.unreadable.count == ReadReport.keptLimit)
        #expect(big.ids.last == Int64(ReadReport.keptLimit))
    }

    @Test func aRowWithoutAnIDSaysRow() {
        #expect(
            UnreadableRow(table: "setting", id: nil, reason: "key defaultUnit: value is NULL, not text").description
                == "setting row: key defaultUnit: value is NULL, not text")
    }
}
