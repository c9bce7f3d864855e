import Foundation
import GrocerCore
import GrocerExchange
import GrocerStore

/// `grocer weight import`: a prepared file's rows into the store in one
/// transaction, counted as they go (`ImportSummary`). Kept only when the
/// run is not a dry run and, under `strict`, no row was rejected.
public enum WeightImport {
    public struct Result: Equatable, Sendable {
        public let format: ImportFormat
        /// What was read: the format as people know it, the unit and
        /// where it came from, the columns not kept.
        public let reading: ImportReading
        public let summary: ImportSummary
        public let dryRun: Bool
        /// Nothing was kept because `--strict` met a rejected row.
        public let refused: Bool
        /// The display unit this import chose (or would, in a dry run): a
        /// first import into an empty store with no unit chosen takes the
        /// file's.
        public var unitChosen: WeightUnit? = nil
        /// Rows kept that are far from the trend (issue 34): how many, and
        /// the first few.
        public var farFromTrend: (count: Int, first: [FarFromTrendRows.Row]) = (0, [])

        public static func == (a: Result, b: Result) -> Bool {
            a.format == b.format && a.reading == b.reading && a.summary == b.summary && a.dryRun == b.dryRun && a.refused == b.refused
                && a.unitChosen == b.unitChosen && a.farFromTrend.count == b.farFromTrend.count
                && a.farFromTrend.first == b.farFromTrend.first
        }
    }

    /// `name` is the file as the person gave it, for messages.
    public static func run(
        _ prepared: PreparedImport, into store: Store, name: String, dryRun: Bool = false, strict: Bool = false,
        stop: StopFlag = .process, progress: @escaping (Int) -> Void = { _ in }
    ) throws -> Result {
        var summary = ImportSummary()
        var reading: ImportReading?
        var unitChosen: WeightUnit?
        var kept = FarFromTrendRows(timeZone: store.timeZone)
        var committed = false
        do {
            let done = try store.weights.bulkImport(stop: stop, progress: progress) { importer in
                var kilograms = 0
                var pounds = 0
                reading = try prepared.read { item in
                    switch item {
                    case .row(let row):
                        let outcome = try importer.add(row.value, at: row.seconds, id: row.id, note: row.note, bodyFat: row.bodyFat)
                        summary.count(item, duplicate: outcome == .duplicate, repeated: outcome == .repeated)
                        if outcome == .inserted {
                            if row.value.unit == .kg { kilograms += 1 } else { pounds += 1 }
                        }
                        if outcome != .duplicate && outcome != .repeated { kept.add(row.value, seconds: row.seconds) }
                    case .problem:
                        summary.count(item)
                    }
                }
                let refused = strict && summary.refusedUnderStrict
                // The file's unit: the one it states, else that of most of its rows.
                let unit = reading?.unit ?? (kilograms >= pounds ? .kg : .lbs)
                if !refused, try importer.chooseUnitOfFirstImport(DisplayUnit(unit)) { unitChosen = unit }
                return !dryRun && !refused
            }
            summary.countRepeats(done.removedRepeats)
            committed = done.committed
        } catch let error as ImportError {
            throw Failure("cannot import \(name): \(error.message). Nothing was imported.")
        }
        var result = Result(
            format: prepared.format, reading: reading ?? ImportReading(title: prepared.format.rawValue, unitFrom: ""), summary: summary,
            dryRun: dryRun, refused: strict && summary.refusedUnderStrict, unitChosen: unitChosen)
        // Against the trend of every day now kept (the per-day table: one
        // row a day, not a read of every entry).
        if committed, kept.count > 0 {
            // The band is a share of the trend, so any unit gives the same
            // rows: kilograms, without asking the settings.
            let every = try StoreAccess.reading(store.path) { try store.weights.days(unit: .kg) }
            result.farFromTrend = kept.far(every: every, unit: .kg)
        }
        return result
    }

    /// The summary line, what was read, then one line per rejected row (at
    /// most `shown`), text from the file made visible.
    public static func text(_ result: Result, shown: Int = 20) -> String {
        var lines = [
            result.refused
                ? "Imported nothing: --strict and \(result.summary.rejectedCount) rejected \(result.summary.rejectedCount == 1 ? "row" : "rows")."
                : result.summary.line(dryRun: result.dryRun),
            VisibleText.escaped(result.reading.line),
        ]
        if let unit = result.unitChosen {
            lines.append("Display unit \(result.dryRun ? "would be" : "set to") \(unit.rawValue), as in the file (grocer unit changes it).")
        }
        if let far = FarFromTrendRows.line(count: result.farFromTrend.count, first: result.farFromTrend.first) { lines.append(far) }
        lines += result.summary.problemLines(shown: shown).map { "  " + VisibleText.escaped($0) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"format", "read": {"title", "unit", "unitFrom", "dates", "notKept"}, "dryRun", "kept", "imported", "duplicates", "repeats",
    /// "rounded", "rejected", "problems": [{"line", "reason"}], "unitSet"}`; "unitSet" is the display unit a first
    /// import into an empty store set (or would), else null.
    public static func json(_ result: Result) -> String {
        let s = result.summary
        let r = result.reading
        let notKept = (r.notKept + (r.notKeptMore > 0 ? ["and \(r.notKeptMore) more"] : [])).map(JSONString.literal)
        let problems = s.rejected.map { "\n    {\"line\": \($0.line), \"reason\": \(JSONString.literal($0.reason))}" }
        return """
            {
              "format": "\(result.format.rawValue)",
              "read": {
                "title": \(JSONString.literal(r.title)),
                "unit": \(r.unit.map { "\"\($0.rawValue)\"" } ?? "null"),
                "unitFrom": \(JSONString.literal(r.unitFrom)),
                "dates": \(r.dates.map(JSONString.literal) ?? "null"),
                "notKept": [\(notKept.joined(separator: ", "))]
              },
              "dryRun": \(result.dryRun),
              "kept": \(!result.dryRun && !result.refused),
              "imported": \(s.imported),
              "duplicates": \(s.duplicates),
              "repeats": \(s.repeats),
              "rounded": \(s.rounded),
              "rejected": \(s.rejectedCount),
              "problems": [\(problems.joined(separator: ","))\(problems.isEmpty ? "" : "\n  ")],
              "unitSet": \(result.unitChosen.map { "\"\($0.rawValue)\"" } ?? "null")
            }

            """
    }
}
