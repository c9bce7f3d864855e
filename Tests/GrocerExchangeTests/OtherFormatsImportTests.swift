import Foundation
import GrocerCore
import Testing

@testable import GrocerExchange

/// Other programs' exports, each written here in its own format. Where each
/// header comes from is said above its test.
@Suite struct OtherFormatsImportTests {
    let fixture = ImportFixture()

    // Withings' weight.csv header as seen in a public parser of it
    // (`Date`, `'Weight (kg)'`, `'Fat mass (kg)'`, `'Bone mass (kg)'`,
    // `'Muscle mass (kg)'`, `'Hydration (kg)'`, `Comments`). The names follow
    // the account's language and unit; no non-English file was found, so the
    // French one below is made up on that pattern (the unit in brackets).
    @Test func readsWithingsWeightCSVInAnyLanguageWithLocalTimes() throws {
        let (format, items) = try fixture.read(
            """
            Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)",Comments
            "2026-01-05 07:30:00",72.4,15.2,3.1,54.0,40.1,
            "2026-01-06 07:31:00",72.455,,,,,"after a run, tired"
            "2026-01-07 07:32:00",,15.0,,,,
            "not a date",72.0,,,,,
            """, zone: "Europe/Paris")
        #expect(format == .withings)
        #expect(
            ImportFixture.summary(items) == [
                "2 2026-01-05T06:30:00Z 72.4 kg fat 21",
                "3 2026-01-06T06:31:00Z 72.46 kg rounded | after a run, tired",
                "4 ! no weight on this line",
                "5 ! 'not a date' is not a date and time grocer reads",
            ])
        let (_, french) = try fixture.read(
            """
            Date,"Poids (lb)","Masse grasse (lb)",Commentaires
            "2026-01-05 07:30:00",160.4,30.1,
            "2026-01-06 07:30:00",160.2,30.1,vacances
            """, zone: "Europe/Paris")
        // Body fat (issue 34): the fat mass over the weight, to a tenth of
        // a percent (30.1 / 160.4 = 18.77 %, 30.1 / 160.2 = 18.79 %).
        #expect(
            ImportFixture.summary(french) == ["2 2026-01-05T06:30:00Z 160.4 lbs fat 18.8", "3 2026-01-06T06:30:00Z 160.2 lbs fat 18.8 | vacances"])
        let (_, german) = try fixture.read(
            """
            Datum,"Gewicht (kg)",Kommentare
            "2026-01-05 07:30:00",72.4,"nach dem Lauf"
            """, zone: "Europe/Berlin")
        #expect(ImportFixture.summary(german) == ["2 2026-01-05T06:30:00Z 72.4 kg | nach dem Lauf"])
    }

    // openScale's CSV export: columns named after ScaleMeasurement's fields
    // (CsvHelper.exportTo, oliexdev/openScale), in the order a public
    // converter to openScale writes them; weights in kg, local "yyyy-MM-dd HH:mm".
    @Test func readsOpenScaleCSV() throws {
        let (format, items) = try fixture.read(
            """
            "biceps","bone","caliper1","caliper2","caliper3","calories","chest","comment","dateTime","fat","hip","lbm","muscle","neck","thigh","visceralFat","waist","water","weight"
            "0.0","3.1","0.0","0.0","0.0","0.0","0.0","","2026-01-05 07:30","20.1","0.0","0.0","40.2","0.0","0.0","0.0","0.0","55.0","72.4"
            "0.0","3.1","0.0","0.0","0.0","0.0","0.0","felt, fine","2026-01-06 07:30","20.1","0.0","0.0","40.2","0.0","0.0","0.0","0.0","55.0","72.3456"
            "0.0","3.1","0.0","0.0","0.0","0.0","0.0","","2026-01-07 07:30","20.1","0.0","0.0","40.2","0.0","0.0","0.0","0.0","55.0","heavy"
            """, zone: "Europe/Berlin")
        #expect(format == .openscale)
        #expect(
            ImportFixture.summary(items) == [
                "2 2026-01-05T06:30:00Z 72.4 kg fat 20.1",
                "3 2026-01-06T06:30:00Z 72.35 kg rounded fat 20.1 | felt, fine",
                "4 ! 'heavy' is not a weight (a decimal with '.', e.g. 72.5)",
            ])
    }

    // Libra's CSV as its support page (libra-app.eu/support/csv) shows it:
    // `#Version: 6`, `#Units: kg` (or lbs), `#date;weight;weight trend;...`,
    // ISO 8601 UTC times, trends ignored.
    @Test func readsLibraCSVWithItsUnitLine() throws {
        let (format, items) = try fixture.read(
            """
            #Version: 6
            #Units: lbs

            #date;weight;weight trend;body fat;body fat trend;muscle mass;muscle mass trend;log
            2023-10-16T05:19:20.000Z;170.0;170.4;11.0;11.1;56.0;56.3;
            2023-10-17T05:07:48.000Z;169.8
            2023-10-18T04:12:51.000Z;;170.2;10.9;11.1;56.0;56.2;
            2023-10-19;169.125;;;;;;This is a comment
            """, zone: "America/New_York")
        #expect(format == .libra)
        #expect(
            ImportFixture.summary(items) == [
                "5 2023-10-16T05:19:20Z 170.0 lbs fat 11.0",
                "6 2023-10-17T05:07:48Z 169.8 lbs",
                "7 ! '' is not a weight (a decimal with '.', e.g. 72.5)",
                "8 2023-10-19T16:00:00Z 169.13 lbs rounded | This is a comment",
            ])
        #expect(throws: ImportError.notThisFormat(.libra, "its unit 'st' is not lbs or kg")) {
            try fixture.read("#Version: 6\n#Units: st\n#date;weight\n2023-10-16T05:19:20.000Z;11.2\n")
        }
    }

    // The Hacker's Diet Online CSV export, as HDiet's `exportCSV` (fourmilab)
    // writes each month (`Date,Weight,Rung,Flag,Comment`, `StartTrend,...`,
    // one CRLF line per day) after the `Epoch`, `User`, `Preferences` and
    // `Diet-Plan` lines a public test generator for the format shows;
    // `Preferences,1.0,<log unit>,...` names the unit.
    @Test func readsHackersDietOnlineCSV() throws {
        let month = "Date,Weight,Rung,Flag,Comment\r\nStartTrend,0,0,1195940413,1195940413,1.0\r\n"
        let (format, items) = try fixture.read(
            "Epoch,2025-11-20T14:07:50Z\r\nUser,1.0,somebody,,,,somebody@example.com,2007-11-20T21:25:38Z\r\n"
                + "Preferences,1.0,pound,pound,calorie,0,.\r\nDiet-Plan,1.0,-75,98,85,2025-02-28T00:00:00Z,1\r\n"
                + month + "2007-08-01,185.5,12,1,\r\n2007-08-02,,,0,\r\n2007-08-03,184.755,13,1,\"New Year, new start\"\r\n"
                + month + "2007-09-01,185.x,13,1,\r\n",
            zone: "Europe/Zurich", unit: .kg)
        #expect(format == .hackersdiet)
        #expect(
            ImportFixture.summary(items) == [
                "7 2007-08-01T10:00:00Z 185.5 lbs",
                "9 2007-08-03T10:00:00Z 184.76 lbs rounded | New Year, new start",
                "12 ! '185.x' is not a weight (a decimal with '.', e.g. 72.5)",
            ])
        let (_, kilograms) = try fixture.read(
            "Preferences,1.0,kilogram,pound,calorie,0,.\n" + month + "2007-01-01,85.5,12,1,\n", zone: "UTC", unit: .lbs)
        #expect(ImportFixture.summary(kilograms) == ["4 2007-01-01T12:00:00Z 85.5 kg"])
        // HDiet writes a comment's non-ASCII characters as Perl escapes.
        let (_, russian) = try fixture.read(
            "Preferences,1.0,kilogram,pound,calorie,0,.\n" + month
                + #"2007-01-02,85.4,12,1,\x{41c}\x{43e}\x{441}\x{43a}\x{432}\x{430} caf\x{e9} \x{1f3d4} \x{d800} \x{zz} \x{}"# + "\n",
            zone: "UTC", unit: .lbs)
        #expect(ImportFixture.summary(russian) == [#"4 2007-01-02T12:00:00Z 85.4 kg | Москва café 🏔 \x{d800} \x{zz} \x{}"#])
    }

    // A file that does not say its unit is never read in a guessed one.
    @Test func aFileThatDoesNotStateItsUnitNeedsOneNamed() throws {
        let month = "Date,Weight,Rung,Flag,Comment\r\nStartTrend,0,0,1195940413,1195940413,1.0\r\n"
        let hackersDiet = month + "2007-08-01,85.5,12,1,\r\n"
        #expect(throws: ImportError.unitNotStated(.hackersdiet)) { try fixture.read(hackersDiet, format: .hackersdiet, unit: nil) }
        let (_, named) = try fixture.read(hackersDiet, format: .hackersdiet, unit: .kg)
        #expect(ImportFixture.summary(named) == ["3 2007-08-01T12:00:00Z 85.5 kg"])
        let libra = "#Version: 6\n#date;weight\n2023-10-16T05:19:20.000Z;70.5\n"
        #expect(throws: ImportError.unitNotStated(.libra)) { try fixture.read(libra, unit: nil) }
        #expect(ImportFixture.summary(try fixture.read(libra, unit: .lbs).1) == ["3 2023-10-16T05:19:20Z 70.5 lbs"])
        // A unit the file states wins over the one named.
        #expect(
            ImportFixture.summary(try fixture.read("#Version: 6\n#Units: kg\n#date;weight\n2023-10-16T05:19:20.000Z;70.5\n", unit: nil).1) == [
                "4 2023-10-16T05:19:20Z 70.5 kg"
            ])
        #expect(ImportError.unitNotStated(.libra).message.contains("--unit lbs or --unit kg"))
    }

    // Apple Health's export.xml: `<HealthData>` holding `<Record type=...
    // unit=... value=... startDate="2026-01-05 07:30:00 +0100">`; only body
    // mass counts, in "kg" or "lb".
    @Test func readsAppleHealthBodyMassRecordsOnly() throws {
        let (format, items) = try fixture.read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>
            <!ATTLIST Record type CDATA #REQUIRED unit CDATA #IMPLIED value CDATA #IMPLIED>
            ]>
            <HealthData locale="en_US">
             <ExportDate value="2026-02-01 10:00:00 +0100"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth=""/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Health" unit="kg" creationDate="2026-01-05 07:31:00 +0100" startDate="2026-01-05 07:30:00 +0100" endDate="2026-01-05 07:30:00 +0100" value="72.5"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-01-05 08:00:00 +0100" endDate="2026-01-05 08:10:00 +0100" value="512"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="lb" startDate="2026-01-06 07:30:00 -0500" endDate="2026-01-06 07:30:00 -0500" value="160.12345">
              <MetadataEntry key="HKWasUserEntered" value="1"/>
             </Record>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="st" startDate="2026-01-07 07:30:00 +0000" value="11.5"/>
            </HealthData>
            """)
        #expect(format == .applehealth)
        #expect(
            ImportFixture.summary(items) == [
                "9 2026-01-05T06:30:00Z 72.5 kg",
                "11 2026-01-06T12:30:00Z 160.12 lbs rounded",
                "14 ! unit 'st' is not lbs or kg",
            ])
    }

    @Test func brokenXMLStopsWithTheLine() throws {
        let error = #expect(throws: ImportError.self) {
            try fixture.read(
                "<HealthData>\n<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" value=\"1\" startDate=\"2026-01-05\"/>\n<Record\n")
        }
        guard case .malformed(let line, _)? = error else {
            Issue.record("not malformed: \(String(describing: error))")
            return
        }
        #expect(line >= 3)
    }

    /// Real exports carry a DTD of several KiB, longer than the bytes read to
    /// detect the format; its ATTLISTs would crash XMLParser on Linux.
    @Test func aLongDoctypeIsSkippedAndLineNumbersStayTrue() throws {
        let attlists = (0..<400).map { "<!ATTLIST Record attribute\($0) CDATA #IMPLIED>" }.joined(separator: "\n")
        let (format, items) = try fixture.read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            \(attlists)
            ]>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" startDate="2026-01-05 07:30:00 +0100" value="72.5"/>
            </HealthData>
            """)
        #expect(format == .applehealth)
        #expect(ImportFixture.summary(items) == ["405 2026-01-05T06:30:00Z 72.5 kg"])
    }

    /// Apple's DTD has comments; an apostrophe in one ("the user's") or in
    /// a processing instruction opens no quote (it hid the rest of the file).
    @Test(arguments: ["<!-- HealthKit Export Version: 14. The user's data. -->", "<?pi it's here?>"])
    func anApostropheInADTDCommentIsNotAQuote(markup: String) throws {
        let (format, items) = try fixture.read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            \(markup)
            <!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>
            ]>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" startDate="2026-01-05 07:30:00 +0100" value="72.5"/>
            </HealthData>
            """)
        #expect(format == .applehealth)
        #expect(ImportFixture.summary(items) == ["7 2026-01-05T06:30:00Z 72.5 kg"])
    }

    @Test(arguments: [
        ("recorded_at,value,unit\n", FormatDetector.Kind.grocerCSV),
        ("\u{FEFF}recorded_at,value,unit\r\n", .grocerCSV),
        ("  [\n]", .grocerJSON),
        ("Date,\"Weight (kg)\",\"Fat mass (kg)\",Comments\n", .withings),
        ("Datum,\"Gewicht (kg)\",Kommentare\n", .withings),
        ("\"dateTime\",\"weight\",\"fat\"\n", .openscale),
        ("#Version: 6\n#Units: kg\n\n#date;weight;weight trend\n", .libra),
        ("Epoch,2025-11-20T14:07:50Z\r\nUser,1.0,somebody\r\n", .hackersdiet),
        ("Date,Weight,Rung,Flag,Comment\r\nStartTrend,0,0,1195940413,1195940413,1.0\r\n", .hackersdiet),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n]>\n<HealthData>", .applehealth),
    ])
    func detectsTheFormatFromTheFirstBytes(text: String, kind: FormatDetector.Kind) {
        #expect(FormatDetector.detect(Array(text.utf8)) == kind)
    }

    @Test(arguments: ["", "hello", "a,b,c\n1,2,3\n", "<html></html>"])
    func saysWhenItDoesNotKnowTheFormat(text: String) {
        #expect(FormatDetector.detect(Array(text.utf8)) == nil)
    }
}
