import Foundation
import GrocerCLI
import GrocerCore
import GrocerExchange
import GrocerStore
import Testing

/// `weight export` and `weight import` over real store files: round trips,
/// dry runs, --strict, and what the person reads.
@Suite struct WeightExchangeTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-cli-exchange-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func store(_ name: String, zone: TimeZone = .current) throws -> Store {
        try Store.open(at: folder.appendingPathComponent(name).path, mode: .create, zone: zone, stop: StopFlag())
    }

    func export(_ store: Store, _ format: ExportWriter.Format, _ name: String) throws -> Data {
        let path = folder.appendingPathComponent(name).path
        let report = try WeightExport.write(store, format: format, from: nil, before: nil, toFile: path)
        #expect(report.isComplete)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func prepare(_ text: String, format: ImportFormat? = nil) throws -> PreparedImport {
        try ImportReader(format: format, timeZone: TimeZone(identifier: "UTC")!, defaultUnit: .kg)
            .prepare(InputStream(data: Data(text.utf8)))
    }

    func prepare(_ data: Data) throws -> PreparedImport {
        try ImportReader(timeZone: TimeZone(identifier: "Pacific/Auckland")!, defaultUnit: .lbs).prepare(InputStream(data: data))
    }

    /// Entries added out of time order (ids not in time order), both units,
    /// trailing zeros, two entries in the same second.
    func filled(_ name: String) throws -> Store {
        let db = try store(name)
        let at = { (s: Double) in Date(timeIntervalSince1970: 1_767_598_200 + s) }
        try db.weights.add(Weight(digits: "72.50", unit: .kg)!, at: at(86_400))
        try db.weights.add(Weight(digits: "180", unit: .lbs)!, at: at(0))
        try db.weights.add(Weight(digits: "0.5", unit: .kg)!, at: at(0))
        try db.weights.add(Weight(digits: "72.5", unit: .kg)!, at: at(-40_000_000))
        return db
    }

    @Test(arguments: ExportWriter.Format.allCases)
    func exportThenImportIntoAnEmptyStoreThenExportAgainIsByteIdentical(format: ExportWriter.Format) throws {
        let first = try export(try filled("a.sqlite"), format, "first")
        let empty = try store("b.sqlite")
        let result = try WeightImport.run(try prepare(first), into: empty, name: "first")
        #expect(result.summary.imported == 4 && result.summary.rejectedCount == 0)
        let second = try export(empty, format, "second")
        #expect(second == first)
        #expect(!first.isEmpty)
        // Importing the same file again adds nothing.
        let again = try WeightImport.run(try prepare(first), into: empty, name: "first")
        #expect(again.summary.imported == 0 && again.summary.duplicates == 4)
        #expect(try export(empty, format, "third") == first)
    }

    static let mixed = "recorded_at,value,unit\n2026-01-05T07:30:00Z,72.505,kg\nyesterday,72,kg\n2026-01-06T07:30:00Z,72.4,kg\n"

    @Test func aDryRunCountsEverythingAndKeepsNothing() throws {
        let db = try store("dry.sqlite")
        let result = try WeightImport.run(try prepare(Self.mixed), into: db, name: "f", dryRun: true)
        #expect(result.summary.imported == 2 && result.summary.rounded == 1 && result.summary.rejectedCount == 1)
        #expect(WeightImport.text(result).hasPrefix("Would import 2 entries, skipped 0 already in the store, rounded 1 to 2 decimals, rejected 1.\n"))
        #expect(try db.weights.newestFirst(before: nil, limit: 10).entries.isEmpty)
    }

    @Test func strictKeepsNothingWhenARowIsRejectedAndOtherwiseImportsTheReadableRows() throws {
        let strict = try store("strict.sqlite")
        let refused = try WeightImport.run(try prepare(Self.mixed), into: strict, name: "f", strict: true)
        #expect(refused.refused)
        #expect(
            WeightImport.text(refused)
                == """
                Imported nothing: --strict and 1 rejected row.
                Read grocer's CSV, each row names its unit.
                  line 3: 'yesterday' is not a date and time grocer reads

                """)
        #expect(try strict.weights.newestFirst(before: nil, limit: 10).entries.isEmpty)
        let plain = try store("plain.sqlite")
        let kept = try WeightImport.run(try prepare(Self.mixed), into: plain, name: "f")
        #expect(!kept.refused)
        #expect(try plain.weights.newestFirst(before: nil, limit: 10).entries.map(\.weight.digits) == ["72.4", "72.51"])
    }

    static let kilograms = "recorded_at,value,unit\n2026-01-05T07:30:00Z,72.5,kg\n2026-01-06T07:30:00Z,72.4,kg\n2026-01-07T07:30:00Z,160,lbs\n"

    /// A first import into an empty store with no unit chosen sets the
    /// display unit of the file (the one it states, else most of its rows'),
    /// and says so; the next weight typed is in it.
    @Test func aFirstImportIntoAnEmptyStoreSetsTheFilesUnit() throws {
        let db = try store("first.sqlite")
        let result = try WeightImport.run(try prepare(Self.kilograms), into: db, name: "f")
        #expect(result.unitChosen == .kg)
        #expect(try db.settings.read(.unit).value == .kg)
        #expect(WeightImport.text(result).contains("\nDisplay unit set to kg, as in the file (grocer unit changes it).\n"))
        #expect(WeightImport.json(result).contains("\"unitSet\": \"kg\"\n}"))
        // The file states its unit: that one, whatever most rows are in.
        let libra = try store("stated.sqlite")
        let stated = try WeightImport.run(try prepare("2026-01-05,160\n2026-01-06,161\n", format: .csv), into: libra, name: "p")
        #expect(stated.reading.unit == .kg && stated.unitChosen == .kg)
    }

    @Test func aStoreWithWeightsOrAChosenUnitKeepsItsUnit() throws {
        let weighed = try store("weighed.sqlite")
        try weighed.weights.add(Weight(digits: "160", unit: .lbs)!, at: Date(timeIntervalSince1970: 1_700_000_000))
        let into = try WeightImport.run(try prepare(Self.kilograms), into: weighed, name: "f")
        #expect(into.unitChosen == nil)
        #expect(try weighed.settings.read(.unit).value == nil)
        #expect(!WeightImport.text(into).contains("Display unit") && WeightImport.json(into).contains("\"unitSet\": null"))
        let chosen = try store("chosen.sqlite")
        try chosen.settings.set(.unit, to: .st)
        #expect(try WeightImport.run(try prepare(Self.kilograms), into: chosen, name: "f").unitChosen == nil)
        #expect(try chosen.settings.read(.unit).value == .st)
        // A dry run says what it would do and does nothing; nothing read, nothing chosen.
        let dry = try store("dry-unit.sqlite")
        let would = try WeightImport.run(try prepare(Self.kilograms), into: dry, name: "f", dryRun: true)
        #expect(WeightImport.text(would).contains("\nDisplay unit would be kg, as in the file"))
        #expect(try dry.settings.read(.unit).value == nil)
        let none = try WeightImport.run(try prepare("recorded_at,value,unit\nyesterday,72,kg\n"), into: dry, name: "f")
        #expect(none.unitChosen == nil)
        #expect(try dry.settings.read(.unit).value == nil)
    }

    @Test func aFileThatBreaksHalfWayImportsNothingAndSaysWhichFileAndLine() throws {
        let db = try store("broken.sqlite")
        let text = "[\n{\"recordedAt\": \"2026-01-05T07:30:00Z\", \"value\": 72.5, \"unit\": \"kg\"}\n{\"value\": 1}\n]"
        #expect(
            throws: Failure(
                "cannot import w.json: line 3 breaks the file's structure (expected ',' or ']' after an entry); nothing after it can be read. Nothing was imported."
            )
        ) {
            try WeightImport.run(try prepare(text), into: db, name: "w.json")
        }
        #expect(try db.weights.newestFirst(before: nil, limit: 10).entries.isEmpty)
    }

    @Test func rejectedRowsAreShownVisiblyShortAndCapped() throws {
        let bad = (0..<25).map { "2026-01-05T07:30:00Z,\u{1B}[2J\($0)\(String(repeating: "x", count: 300)),kg" }
        let db = try store("capped.sqlite")
        let result = try WeightImport.run(try prepare("recorded_at,value,unit\n" + bad.joined(separator: "\n")), into: db, name: "f")
        let lines = WeightImport.text(result).split(separator: "\n")
        #expect(lines.count == 2 + 20 + 1)
        #expect(lines.last == "  ... and 5 more rejected rows")
        #expect(lines[2].hasPrefix("  line 2: '^[[2J0xxx"))
        #expect(lines.dropFirst(2).allSatisfy { $0.count <= 2 + 160 + 8 && !$0.contains("\u{1B}") })
        #expect(WeightImport.json(result).contains("\"rejected\": 25,"))
    }

    /// A file is a record, not a typo (issue 34): rows far from the trend
    /// before their day are kept and named in one line, at most three.
    @Test func rowsFarFromTheTrendAreKeptAndNamed() throws {
        let rows = ["78.5", "78.4", "7.87", "78.6", "30", "78.5", "7.85", "8"].enumerated().map { i, value in
            "2026-03-0\(i + 1)T07:00:00Z,\(value),kg"
        }
        let db = try store("far.sqlite", zone: TimeZone(identifier: "UTC")!)
        let result = try WeightImport.run(try prepare("recorded_at,value,unit\n" + rows.joined(separator: "\n")), into: db, name: "f")
        #expect(result.summary.imported == 8)
        #expect(result.farFromTrend.count == 4)
        // The first import into an empty store also set its unit: that line
        // comes first.
        #expect(WeightImport.text(result).split(separator: "\n")[2].hasPrefix("Display unit set to kg"))
        #expect(
            WeightImport.text(result).split(separator: "\n")[3]
                == "4 rows far from the trend kept: 2026-03-03 7.87 kg, 2026-03-05 30 kg, 2026-03-07 7.85 kg, and 1 more (typos? grocer weight edit fixes one)."
        )
        let near = try WeightImport.run(
            try prepare("recorded_at,value,unit\n2026-04-01T07:00:00Z,78.5,kg\n2026-04-02T07:00:00Z,79,kg\n"), into: try store("near.sqlite"),
            name: "f")
        #expect(near.farFromTrend.count == 0)
        #expect(!WeightImport.text(near).contains("far from"))
    }

    /// A Hacker's Diet file read day first says so in both summaries.
    @Test func theDateReadingTakenIsInTheTextAndTheJSON() throws {
        let text = "The Hacker's Diet,,,\n,,Kilograms,\nDay,Date,Weight,Trend\nThu,1/2/07,80.5,\nTue,13/2/07,79,\n"
        let result = try WeightImport.run(try prepare(text), into: try store("dayfirst.sqlite"), name: "w.csv")
        let said = "dates read day first (1/2/07 is 1 February 2007), as their weekdays say"
        #expect(WeightImport.text(result).contains("; " + said))
        #expect(WeightImport.json(result).contains("\"dates\": \"\(said)\","))
        let plain = try WeightImport.run(
            try prepare("recorded_at,value,unit\n2026-01-05T07:30:00Z,72.5,kg\n"), into: try store("p.sqlite"), name: "p")
        #expect(WeightImport.json(plain).contains("\"dates\": null,"))
    }

    @Test func sinceAndUntilAreWholeLocalDaysBothIncluded() throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let (from, before) = try DayBounds.range(since: "2026-03-08", until: "2026-03-08", in: zone)
        #expect(from == Date(timeIntervalSince1970: 1_772_946_000))  // 2026-03-08T05:00:00Z
        #expect(before == Date(timeIntervalSince1970: 1_773_028_800))  // 2026-03-09T04:00:00Z: a 23-hour day
        #expect(throws: CommandError.notADate("2026-02-30")) {
            try DayBounds.range(since: "2026-02-30", until: nil, in: zone)
        }
        #expect(throws: Failure("--until 2026-01-01 is before --since 2026-01-02: give the earlier day to --since.")) {
            try DayBounds.range(since: "2026-01-02", until: "2026-01-01", in: zone)
        }
    }

    @Test func theExportFileAppearsOnlyWhenCompleteAndNeverOverTheStore() throws {
        let db = try filled("own.sqlite")
        #expect(throws: BackupError.isTheStore(path: db.path)) { try WeightExport.write(db, format: .csv, from: nil, before: nil, toFile: db.path) }
        for journal in ["-wal", "-shm", "-journal"] {
            #expect(throws: BackupError.isTheStore(path: db.path + journal)) {
                try WeightExport.write(db, format: .csv, from: nil, before: nil, toFile: db.path + journal, replacing: true)
            }
        }
        let missing = folder.appendingPathComponent("no/such/folder/out.csv").path
        #expect(throws: Failure.self) { try WeightExport.write(db, format: .csv, from: nil, before: nil, toFile: missing) }
        _ = try export(db, .csv, "out.csv")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.contains(".partial-") })
    }

    /// The trend from the store's per-day table is the trend GrocerCore works
    /// out from the entries themselves, and the goal is in the default unit.
    @Test func theTrendFromTheStoreIsTheTrendOfItsEntriesByLocalDay() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let db = try store("trend.sqlite", zone: berlin)
        let times: [(Double, String, WeightUnit)] = [
            (1_767_655_800, "70", .kg),  // 2026-01-05T23:30Z: Jan 6 in Berlin
            (1_767_693_600, "154.32", .lbs),  // 2026-01-06T10:00Z
            (1_774_746_000, "71.05", .kg),  // 2026-03-29T01:00Z, the day clocks go forward
            (1_774_821_600, "160", .lbs),
        ]
        for (t, digits, unit) in times { try db.weights.add(Weight(digits: digits, unit: unit)!, at: Date(timeIntervalSince1970: t)) }
        try db.settings.set(.unit, to: .kg)
        try db.settings.set(.goal, to: Weight(digits: "150", unit: .lbs)!)
        let (trend, goal) = try WeightTrendSource.read(db, unit: .kg)
        #expect(goal == Decimal(string: "68.0388555"))
        let expected = WeightTrend(entries: try db.weights.newestFirst(before: nil, limit: 10).entries, unit: .kg, timeZone: berlin)
        #expect(trend.points == expected.points)
        #expect(trend.points.map(\.day.description) == ["2026-01-06", "2026-03-29", "2026-03-30"])
    }

    /// `weight trend` over a long history reads the days after the trend's
    /// checkpoint for a range up to a year: its text and JSON are those
    /// every day gives, byte for byte, in both units, with a goal.
    @Test(arguments: [WeightUnit.kg, .lbs])
    func theTrendOfALongHistoryPrintsWhatEveryDayGives(unit: WeightUnit) throws {
        let db = try store("long-\(unit).sqlite", zone: TimeZone(identifier: "UTC")!)
        let end = 1_795_262_400.0
        _ = try db.weights.bulkImport { importer in
            for i in 0..<1_100 where i % 9 != 4 {
                let h = 7_000 + (i * 53) % 700 - i / 4
                let weight = Weight(digits: "\(h / 100).\(h % 100)", unit: i % 3 == 0 ? .lbs : .kg)!
                try importer.add(weight, at: Int64(end) - Int64(1_099 - i) * 86_400)
            }
            return true
        }
        try db.settings.set(.unit, to: DisplayUnit(unit))
        try db.settings.set(.goal, to: Weight(digits: "62.5", unit: .kg)!)
        let (every, goal) = try WeightTrendSource.read(db, unit: unit, range: .all)
        for range in TrendRange.allCases where range != .all {
            let (recent, _) = try WeightTrendSource.read(db, unit: unit, range: range)
            #expect(recent.start != nil)
            #expect(TrendText.render(recent, range: range, goal: goal) == TrendText.render(every, range: range, goal: goal))
            #expect(TrendJSON.render(recent, range: range, goal: goal) == TrendJSON.render(every, range: range, goal: goal))
        }
    }
}
