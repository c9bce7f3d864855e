import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerExchange
import GrocerStore

extension WeightAverages.Period: ExpressibleByArgument {}

/// `grocer weight averages [--by week|month] [--json]`.
struct WeightAveragesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "averages",
        abstract: "Print each week's or month's weigh-ins: how many, their mean, lowest and highest.",
        discussion: """
            Periods with at least one weigh-in, oldest first, in the store's unit or --unit (entries in another unit \
            converted), to the hundredth; in stones, as stones and pounds to a tenth (JSON: in pounds, "unit": "lbs"). Weeks start on Monday (ISO 8601); days are calendar days in TZ. \
            --json prints {"unit", "by", "periods": [{"start", "count", "mean", "min", "max"}]}.
            """)

    @Option(help: "week or month (default: week).")
    var by: WeightAverages.Period = .week

    @Option(help: StoreOptions.unitHelp)
    var unit: DisplayUnit?

    @Flag(help: "Print a JSON object.")
    var json = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        guard let db = try store.openIfThere() else {
            let display = try StoreOptions.displayUnit(unit, nil)
            print(render([], unit: display.measure, display: display), terminator: "")
            return
        }
        defer { try? db.close() }
        let display = try StoreOptions.displayUnit(unit, db)
        // From the per-day table; every entry one by one only when it
        // cannot answer for them all (an unreadable row is then reported).
        if let figures = try StoreAccess.reading(db.path, { try db.weights.averages(period: by, unit: display.measure) }) {
            print(render(figures, unit: display.measure, display: display), terminator: "")
            return
        }
        var averages = WeightAverages(period: by, unit: display.measure, timeZone: db.timeZone)
        let report = try StoreAccess.reading(db.path) { try db.weights.forEachEntry { averages.add($0.weight, at: $0.recordedAt) } }
        try report.requireComplete(path: db.path)
        print(render(averages.finished(), unit: display.measure, display: display), terminator: "")
    }

    func render(_ figures: [WeightAverages.Figure], unit measure: WeightUnit, display: DisplayUnit) -> String {
        let unit = measure.rawValue
        let fixed = TrendJSON.fixed2
        if json {
            let periods = figures.map {
                "\n    {\"start\": \"\($0.firstDay)\", \"count\": \($0.count), \"mean\": \(fixed($0.mean)), "
                    + "\"min\": \(fixed($0.min)), \"max\": \(fixed($0.max))}"
            }
            return "{\n  \"unit\": \"\(unit)\",\n  \"by\": \"\(by.rawValue)\",\n  \"periods\": ["
                + periods.joined(separator: ",") + (periods.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        }
        if figures.isEmpty { return "No weights yet.\n" }
        let stones = display == .st && measure == .lbs
        // In stones each figure names its units ("11 st 4.5 lb"), in a column as wide as the widest.
        let figure = { (value: Decimal) in stones ? Stones.text(pounds: value, digits: 1) : fixed(value) }
        let named = { (title: String) in stones ? String(repeating: " ", count: 13 - title.count) + title : "\(title) (\(unit))" }
        let header = [by == .week ? "Week of   " : "Month of  ", "Weigh-ins", named("Mean"), named("Min"), named("Max")]
        var lines = [header.joined(separator: "  ")]
        for f in figures {
            let cells = ["\(f.firstDay)", String(f.count), figure(f.mean), figure(f.min), figure(f.max)]
            lines.append(zip(cells, header).map { cell, title in pad(cell, title.count) }.joined(separator: "  "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Right-aligned in `width` columns.
    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
