import Foundation
import GrocerCore
import Testing

@testable import GrocerExchange

/// Fitbit's and Google Fit's Takeout files, The Hacker's Diet's legacy
/// Excel CSV and a plain CSV of dates and weights; and the report every
/// reader gives: the format, the unit and where it came from, the columns
/// not kept.
@Suite struct TrackerImportTests {
    let fixture = ImportFixture()

    static let fitbit = """
        [{
          "logId" : 1704499200000,
          "weight" : 180.2,
          "bmi" : 25.84,
          "date" : "01/05/24",
          "time" : "07:30:00",
          "source" : "API"
        },{
          "logId" : 1704585600000,
          "weight" : 179.85,
          "bmi" : 25.8,
          "fat" : 20.5,
          "date" : "01/06/24",
          "time" : "23:59:59",
          "source" : "Aria"
        }]
        """

    @Test func fitbitWeightJSONIsReadInLocalTimeInTheUnitNamed() throws {
        let (format, reading, rows) = try fixture.report(Self.fitbit, zone: "America/New_York", unit: .lbs)
        #expect(format == .fitbit)
        // The entry with "fat" keeps it as its body fat (issue 34).
        #expect(rows == ["1 2024-01-05T12:30:00Z 180.2 lbs", "8 2024-01-07T04:59:59Z 179.85 lbs fat 20.5"])
        #expect(reading.unit == .lbs)
        #expect(reading.notKept == ["logId", "bmi", "source"])
        #expect(
            reading.line
                == "Read a Fitbit weight JSON, in lbs (--unit; Fitbit does not write it); not kept: logId, bmi, source.")
    }

    /// grocer's own export, a note ending in `"logId` (written `\"logId"`):
    /// the format is told from the first entry's fields, read as JSON.
    @Test func grocersJSONWithANoteNamingLogIdIsGrocersNotFitbits() throws {
        let text = #"[{"id": 1, "recordedAt": "2026-01-05T07:30:00Z", "value": 72.50, "unit": "kg", "note": "see \"logId"}]"#
        #expect(FormatDetector.detect(Array(text.utf8)) == .grocerJSON)
        let (format, _, rows) = try fixture.report(text)
        #expect(format == .grocer)
        #expect(rows == [#"1 2026-01-05T07:30:00Z 72.50 kg | see "logId"#])
    }

    static let firstKeys: [(String, [String]?)] = [
        (#"[{"logId": 1, "weight": 80}]"#, ["logId", "weight"]),
        (#" [ { "a" : {"logId": 1}, "b": [1, {"c": "}"}], "note": "\"logId\"" } ]"#, ["a", "b", "note"]),
        ("\u{FEFF}[{\"x\": \"y\"}]", ["x"]),
        (#"[{}]"#, []),
        (#"[{"logId": 1, "weight"#, nil),
        (#"{"logId": 1}"#, nil),
        (#"[1, {"logId": 1}]"#, nil),
    ]

    @Test(arguments: firstKeys)
    func theFirstEntrysFieldsAreReadAsJSON(text: String, keys: [String]?) {
        #expect(FormatDetector.firstObjectKeys(Array(text.utf8)) == keys)
    }

    @Test func fitbitWithoutAUnitOrWithoutWeightsIsRefused() {
        #expect(throws: ImportError.unitNotStated(.fitbit)) { try fixture.report(Self.fitbit) }
        let fat = #"[{"logId": 1, "fat": 20.5, "date": "01/05/24", "time": "07:30:00", "source": "API"}]"#
        #expect(throws: ImportError.self) { try fixture.report(fat, unit: .kg) }
        #expect((try? fixture.report(fat, unit: .kg)) == nil)
    }

    static let googleFit = """
        Date,Move Minutes count,Calories (kcal),Distance (m),Heart Points,Step count,Average weight (kg),Max weight (kg),Min weight (kg)
        2024-01-05,30,1800.5,2500.1,12,5000,72.45,72.9,72.0
        2024-01-06,20,1700,,,4000,,,

        """

    @Test func googleFitDailySummariesAreThemselvesNotWithings() throws {
        #expect(FormatDetector.detect(Array(Self.googleFit.utf8)) == .googlefit)
        let (format, reading, rows) = try fixture.report(Self.googleFit, zone: "Europe/Berlin")
        #expect(format == .googlefit)
        #expect(rows == ["2 2024-01-05T11:00:00Z 72.45 kg"])
        #expect(reading.unit == .kg && reading.unitFrom == "the column \"Average weight (kg)\"")
        #expect(
            reading.notKept == [
                "Move Minutes count", "Calories (kcal)", "Distance (m)", "Heart Points", "Step count", "Max weight (kg)",
                "Min weight (kg)",
            ])
    }

    static func excel(unit: String?) -> String {
        """
        The Hacker's Diet,,,,,
        \(unit.map { ",,\($0),,," } ?? ",,,,,")
        Day,Date,Weight,Trend,Variance,Rung
        Thu,2/1/07,180.5,181.0,-0.5,12
        Fri,2/2/07,,180.9,,12
        Sat,2/3/07,179.5,180.8,-1.3,13
        Fri,12/31/99,200,200,0,1

        """
    }

    @Test func hackersDietLegacyExcelCSVTakesItsUnitRowAndUSDates() throws {
        #expect(FormatDetector.detect(Array(Self.excel(unit: "Pounds").utf8)) == .hackersdietExcel)
        let (format, reading, rows) = try fixture.report(Self.excel(unit: "Pounds"))
        #expect(format == .hackersdiet)
        #expect(
            rows == ["4 2007-02-01T12:00:00Z 180.5 lbs", "6 2007-02-03T12:00:00Z 179.5 lbs", "7 1999-12-31T12:00:00Z 200 lbs"])
        #expect(
            reading.line
                == "Read The Hacker's Diet's legacy Excel CSV, in lbs (its unit row, \"Pounds\"); dates read month first "
                + "(1/2/07 is January 2, 2007), as their weekdays say; not kept: Trend, Variance, Rung.")
        let (_, kilograms, _) = try fixture.report(Self.excel(unit: "Kilograms"), unit: .lbs)
        #expect(kilograms.unit == .kg && kilograms.unitFrom == "its unit row, \"Kilograms\"; --unit lbs not used")
    }

    static func excel(days: [String]) -> String {
        "The Hacker's Diet,,,,,\n,,Kilograms,,,\nDay,Date,Weight,Trend,Variance,Rung\n" + days.map { $0 + ",,,\n" }.joined()
    }

    /// A log saved where dates are day first: "Thu,1/2/07" is Thursday 1
    /// February (2 January 2007 was a Tuesday). The weekdays decide, and
    /// the report says so.
    @Test func hackersDietLegacyExcelWithDayFirstDatesIsReadAsItsWeekdaysSay() throws {
        let text = Self.excel(days: ["Thu,1/2/07,80.5", "Fri,2/2/07,", "Sat,3/2/07,79.5", "Tue,13/2/07,79"])
        let (format, reading, rows) = try fixture.report(text)
        #expect(format == .hackersdiet)
        #expect(rows == ["4 2007-02-01T12:00:00Z 80.5 kg", "6 2007-02-03T12:00:00Z 79.5 kg", "7 2007-02-13T12:00:00Z 79 kg"])
        #expect(
            reading.line
                == "Read The Hacker's Diet's legacy Excel CSV, in kg (its unit row, \"Kilograms\"); dates read day first "
                + "(1/2/07 is 1 February 2007), as their weekdays say; not kept: Trend, Variance, Rung.")
    }

    /// "Thu,1/11/07" is a Thursday both ways (11 January, 1 November): it
    /// waits for a row that tells, then is read that way.
    @Test func aDayWhoseWeekdayFitsBothReadingsWaitsForOneThatTells() throws {
        let (_, reading, rows) = try fixture.report(Self.excel(days: ["Thu,1/11/07,80", "Fri,12/1/07,81"]))
        #expect(rows == ["4 2007-11-01T12:00:00Z 80 kg", "5 2007-01-12T12:00:00Z 81 kg"])
        #expect(reading.dates?.hasPrefix("dates read day first") == true)
        let (_, monthFirst, usRows) = try fixture.report(Self.excel(days: ["Thu,1/11/07,80", "Sat,12/1/07,81"]))
        #expect(usRows == ["4 2007-01-11T12:00:00Z 80 kg", "5 2007-12-01T12:00:00Z 81 kg"])
        #expect(monthFirst.dates?.hasPrefix("dates read month first") == true)
    }

    static let refusedDays: [([String], String)] = [
        // 2 January and 1 February 2007 were a Tuesday and a Thursday.
        (["Mon,1/2/07,80"], "line 4, \"Mon 1/2/07\", names a weekday its date has neither month first nor day first"),
        // Day first on line 4, month first on line 5.
        (["Thu,1/2/07,80", "Fri,3/2/07,81"], "line 5, \"Fri 3/2/07\", is read month first (1/2/07 is January 2, 2007) by its weekday"),
        // Every weekday fits both readings.
        (["Thu,1/11/07,80", "Thu,2/8/07,81"], "its dates can be read month first or day first and every weekday fits both"),
    ]

    @Test(arguments: refusedDays)
    func aFileWhoseWeekdaysDoNotTellOneReadingIsRefused(days: [String], why: String) {
        do {
            let (_, _, rows) = try fixture.report(Self.excel(days: days))
            Issue.record("read: \(rows)")
        } catch {
            guard case .unreadable(let text) = error as? ImportError else {
                Issue.record("\(error)")
                return
            }
            #expect(text.hasPrefix(why))
        }
    }

    @Test func hackersDietLegacyExcelWithoutAUnitRowNeedsOneNamedAndStonesAreRefused() throws {
        #expect(throws: ImportError.unitNotStated(.hackersdiet)) { try fixture.report(Self.excel(unit: nil)) }
        let (_, named, rows) = try fixture.report(Self.excel(unit: nil), format: .hackersdiet, unit: .kg)
        #expect(named.unit == .kg && named.unitFrom == "--unit" && rows.first == "4 2007-02-01T12:00:00Z 180.5 kg")
        #expect(throws: ImportError.self) { try fixture.report(Self.excel(unit: "Stones"), unit: .lbs) }
    }

    @Test func aPlainCSVOfDatesAndWeightsNeedsItsUnitFromSomewhere() throws {
        #expect(FormatDetector.detect(Array("date,weight\n".utf8)) == .plainCSV(UInt8(ascii: ",")))
        #expect(throws: ImportError.unitNotStated(.csv)) { try fixture.report("date,weight\n2024-01-05,72.5\n") }
        let (format, named, rows) = try fixture.report("date,weight\n2024-01-05,72.5\n", unit: .kg)
        #expect(format == .csv && rows == ["2 2024-01-05T12:00:00Z 72.5 kg"])
        #expect(named.line == "Read a CSV of dates and weights, in kg (--unit).")

        let (_, column, columnRows) = try fixture.report("when,lbs,Note,Mood\n2024-01-05 07:30,160.5,after a run,ok\n")
        #expect(column.line == "Read a CSV of dates and weights, in lbs (the column \"lbs\"); not kept: Mood.")
        #expect(columnRows == ["2 2024-01-05T07:30:00Z 160.5 lbs | after a run"])

        let (_, perRow, perRowRows) = try fixture.report(
            "timestamp,value,unit\n2024-01-05T07:30:00Z,72.5,kg\n2024-01-06T07:30:00Z,160,lb\n2024-01-07T07:30:00Z,1,st\n")
        #expect(perRow.unit == nil && perRow.unitFrom == "each row's unit column")
        #expect(
            perRowRows == [
                "2 2024-01-05T07:30:00Z 72.5 kg", "3 2024-01-06T07:30:00Z 160 lbs", "4 ! unit 'st' is not lbs or kg",
            ])
    }

    @Test func aPlainCSVWithoutAHeaderOrWithSemicolonsAndDecimalCommas() throws {
        let (_, _, bare) = try fixture.report("2024-01-05,72.5\n2024-01-06,72.4\n", unit: .kg)
        #expect(bare == ["1 2024-01-05T12:00:00Z 72.5 kg", "2 2024-01-06T12:00:00Z 72.4 kg"])
        #expect(FormatDetector.detect(Array("date;weight\n".utf8)) == .plainCSV(UInt8(ascii: ";")))
        let (_, _, european) = try fixture.report("date;weight\n05.01.2024;72,5\n", unit: .kg)
        #expect(european == ["2 2024-01-05T12:00:00Z 72.5 kg"])
    }

    @Test func everyReaderSaysItsFormatUnitAndWhatItDidNotKeep() throws {
        let (_, withings, _) = try fixture.report(
            "Date,\"Weight (kg)\",\"Fat mass (kg)\",Comments\n2023-01-05 07:30:00,72.5,15.1,\n")
        // Body fat is kept (issue 34): neither line names it.
        #expect(withings.line == "Read a Withings weight.csv, in kg (the column \"Weight (kg)\").")
        let (_, openScale, _) = try fixture.report("\"dateTime\",\"weight\",\"fat\"\n\"2024-01-05 07:30\",\"72.5\",\"20\"\n")
        #expect(openScale.line == "Read an openScale CSV export, in kg (openScale always writes kg).")
        let (_, libra, _) = try fixture.report(
            "#Version: 6\n#Units: kg\n\n#date;weight;weight trend;log\n2023-10-16T05:19:20.000Z;70.0;70.4;\n", unit: .lbs)
        #expect(libra.line == "Read a Libra CSV, in kg (its #Units line; --unit lbs not used); not kept: weight trend.")
        let (_, grocer, _) = try fixture.report(#"[{"id": 1, "recordedAt": "2026-01-05T07:30:00Z", "value": 72.5, "unit": "kg", "x": 1}]"#)
        #expect(grocer.line == "Read grocer's JSON, each entry names its unit; not kept: x.")
    }

    @Test func namesNotKeptAreBoundedInNumberAndLength() {
        var reading = ImportReading(title: "t", unitFrom: "u")
        for i in 0..<100 { reading.drop("column \(i) " + String(repeating: "y", count: 100)) }
        reading.drop("column 0 " + String(repeating: "y", count: 100))
        #expect(reading.notKept.count == ImportReading.notKeptLimit)
        #expect(reading.notKeptMore == 100 - ImportReading.notKeptLimit)
        #expect(reading.notKept.allSatisfy { $0.count == 40 })
        #expect(reading.line.hasSuffix(" and 88 more."))
    }
}
