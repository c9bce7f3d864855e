import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

struct WeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weight",
        abstract: "Add, list, edit and remove weights; the goal, the trend, export and import.",
        subcommands: [
            Add.self, List.self, Edit.self, Remove.self, Goal.self,
            WeightTrendCommand.self, WeightAveragesCommand.self, WeightExportCommand.self, WeightImportCommand.self,
        ]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a weight, recorded now or at --at.")

        @Argument(
            help: ArgumentHelp(
                "The weight, a positive decimal with at most 2 decimals: 72.5, or with the locale's separator (72,5 in de_DE); in stones 11 4.5.",
                valueName: "value"))
        var words: [String]

        @Option(help: "lbs, kg or st (default: the store's unit, see grocer unit); st: '11 4.5' is 11 st 4.5 lb, kept in pounds.")
        var unit: DisplayUnit?

        /// "11 4.5" typed as two words is one weight.
        var value: String { words.joined(separator: " ") }

        // Unconditional: "--at -2d" is a time, not an option.
        @Option(name: .customLong("at"), parsing: .unconditional, help: ArgumentHelp(WeightCommand.timeHelp, valueName: "time"))
        var at: String?

        @Option(help: ArgumentHelp(WeightCommand.noteHelp, valueName: "text"))
        var note: String?

        @Option(help: ArgumentHelp(WeightCommand.fatHelp, valueName: "percent"))
        var fat: String?

        @Flag(help: "Keep a weight far from your trend (more than 15% off, see the man page): without it, such a weight is refused as a likely typo.")
        var force = false

        @Flag(help: "Print the saved entry as a JSON object {id, recordedAt, value, unit, note, bodyFat (when kept)}.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let note = try self.note.map { text throws(CommandError) in try WeightParsing.note(text) } ?? ""
            let bodyFat = try fat.map { text throws(CommandError) in try WeightParsing.bodyFat(text, locale: StoreOptions.numericLocale) }
            let db = try store.open()
            defer { try? db.close() }
            let unit = try StoreOptions.displayUnit(self.unit, db)
            let weight = try WeightParsing.parse(value, in: unit, locale: StoreOptions.numericLocale)
            let date = try at.map { text throws(CommandError) in try WeightParsing.weighInTime(text, timeZone: db.timeZone, now: Date()) } ?? Date()
            if !force { try TrendCheck.require(weight, at: date, unit: unit.measure, in: db) }
            let entry = try StoreAccess.writing(db.path) { try db.weights.add(weight, at: date, note: note, bodyFat: bodyFat) }
            if json { return JSONText.write(JSONText.object(entry)) }
            print("Saved \(WeightCommand.describe(entry, in: unit == .st ? .st : nil)) as id \(entry.id)")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the weights, oldest first: id, local time, weight, body fat, note (tab-separated).",
            discussion: """
                Each line is the entry's id (what weight edit and weight rm take), its local date and time \
                (TZ) to the minute, the weight (as typed; in stones and pounds, 11 st 4.5 lb, when the store's unit is st; \
                in --unit when given), its body fat when it has one ("18.4 % fat") and its note when it has one, separated by tabs; --utc prints the time in UTC to the \
                second instead. --since and --until are calendar days in the local time zone (TZ), both included. \
                With no store at the path yet, prints nothing ([] with --json), creates nothing and exits 0.
                """)

        @Flag(help: "An array of {id, recordedAt, value, unit, note, bodyFat (when kept)}.")
        var json = false

        @Flag(help: "Times in UTC (2026-01-05T07:30:00Z), not local.")
        var utc = false

        @Option(help: ArgumentHelp("Only weights from this local day on (YYYY-MM-DD).", valueName: "date"))
        var since: String?

        @Option(help: ArgumentHelp("Only weights up to this local day, included (YYYY-MM-DD).", valueName: "date"))
        var until: String?

        @Option(
            help: """
                lbs, kg or st to show each weight in, the value as typed after it where it differs (default: as typed, \
                in stones when the store's unit is st); --json keeps each as typed.
                """
        )
        var unit: DisplayUnit?

        @OptionGroup var store: StoreOptions

        func run() throws {
            let first = try since.map { text throws(CommandError) in try WeightParsing.date(text) }
            let last = try until.map { text throws(CommandError) in try WeightParsing.date(text) }
            guard let db = try store.openIfThere() else {
                if json { print("[]") }
                return
            }
            defer { try? db.close() }
            let start = first.map { WeightParsing.start(of: $0, timeZone: db.timeZone) }
            let end = last.map { WeightParsing.start(of: $0.adding(days: 1), timeZone: db.timeZone) }
            if json {
                // The same bytes as `weight export --format json`, through its
                // writer: no WeightEntry, Date or String per field (it was
                // five times as slow as the export). Rows that cannot be read
                // are named after everything readable is out, as before.
                let report = try WeightExport.write(db, format: .json, from: start, before: end, to: 1, name: "standard output")
                return try report.requireComplete(path: db.path)
            }
            // The lines through the same writer (its local time from the
            // zone's offset per week, not a TimeZone lookup per row).
            let shown = try StoreOptions.shownUnit(unit, db)
            let report = try WeightExport.writeLines(db, utc: utc, shown: shown, from: start, before: end, to: 1, name: "standard output")
            try report.requireComplete(path: db.path)
        }
    }

    static let timeHelp =
        "When it was weighed: 2026-01-05T07:30:00Z (UTC), '2026-01-05 7:30' (local), 2026-01-05 (12:00 local), today, yesterday or -2d, each with a time ('yesterday 21:10') or at 12:00, or a time alone (7:00, today); from 1900 to 5 minutes after now."

    static let fatHelp = "Body fat, a percentage with at most 2 decimals (18.4), kept beside the weight."

    static let noteHelp = "A note on the weigh-in, one line of at most 200 characters ('after a long run')."

    /// "72.5 kg at 2026-01-05T07:30:00Z", then ", 18.4 % fat" when it has a
    /// body fat and ' ("after a run")' when it has a note; the weight in
    /// `shown` when given (`text`).
    static func describe(_ entry: WeightEntry, in shown: DisplayUnit? = nil) -> String {
        var text = "\(WeightCommand.text(entry.weight, in: shown)) at \(ISO8601.string(entry.recordedAt))"
        if let fat = entry.bodyFat { text += ", \(fat.digits) % fat" }
        return entry.note.isEmpty ? text : text + " (\"\(VisibleText.escaped(entry.note))\")"
    }

    /// "72.5 kg" as typed; in `shown` when given ("11 st 4.5 lb",
    /// `Weight.shown(in:)`).
    static func text(_ weight: Weight, in shown: DisplayUnit?) -> String {
        shown.map { weight.shown(in: $0) } ?? "\(weight.digits) \(weight.unit.rawValue)"
    }
}
