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
    }

    /// `name` is the file as the person gave it, for messages.
    public static func run(
        _ prepared: PreparedImport, into store: Store, name: String, dryRun: Bool = false, strict: Bool = false,
        stop: StopFlag = .process, progress: @escaping (Int) -> Void = { _ in }
    ) throws -> Result {
        var summary = ImportSummary()
        var reading: ImportReading?
        do {
            let done = try store.weights.bulkImport(stop: stop, progress: progress) { importer in
                reading = try prepared.read { item in
                    switch item {
                    case .row(let row):
                        let outcome = try importer.add(row.value, at: row.seconds, id: row.id, note: row.note)
                        summary.count(item, duplicate: outcome == .duplicate, repeated: outcome == .repeated)
                    case .problem:
                        summary.count(item)
                    }
                }
                return !dryRun && !(strict && summary.refusedUnderStrict)
            }
            summary.countRepeats(done.removedRepeats)
        } catch let error as ImportError {
            throw Failure("cannot import \(name): \(error.message). Nothing was imported.")
        }
        return Result(
            format: prepared.format, reading: reading ?? ImportReading(title: prepared.format.rawValue, unitFrom: ""), summary: summary,
            dryRun: dryRun, refused: strict && summary.refusedUnderStrict)
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
        lines += result.summary.problemLines(shown: shown).map { "  " + VisibleText.escaped($0) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"format", "read": {"title", "unit", "unitFrom", "dates", "notKept"}, "dryRun", "kept", "imported", "duplicates", "repeats",
    /// "rounded", "rejected", "problems": [{"line", "reason"}]}`.
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
              "problems": [\(problems.joined(separator: ","))\(problems.isEmpty ? "" : "\n  ")]
            }

            """
    }
}
