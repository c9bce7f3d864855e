import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
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

    @Option(help: "the period each line averages")
    var by: WeightAverages.Period = .week

    @Option(help: StoreOptions.unitHelp)
    var unit: DisplayUnit?

    @Flag(help: "Print a JSON object.")
    var json = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        guard let db = try store.openIfThere() else {
            let display = try StoreOptions.displayUnit(unit, nil)
            write([], unit: display.measure, display: display)
            return
        }
        defer { try? db.close() }
        let display = try StoreOptions.displayUnit(unit, db)
        // From the per-day table; every entry one by one only when it
        // cannot answer for them all (an unreadable row is then reported).
        if let figures = try StoreAccess.reading(db.path, { try db.weights.averages(period: by, unit: display.measure) }) {
            write(figures, unit: display.measure, display: display)
            return
        }
        var averages = WeightAverages(period: by, unit: display.measure, timeZone: db.timeZone)
        let report = try StoreAccess.reading(db.path) { try db.weights.forEachEntry { averages.add($0.weight, at: $0.recordedAt) } }
        try report.requireComplete(path: db.path)
        write(averages.finished().map(WeightAverages.HundredthsFigure.init), unit: display.measure, display: display)
    }

    func write(_ figures: [WeightAverages.HundredthsFigure], unit measure: WeightUnit, display: DisplayUnit) {
        text(unit: measure, display: display).write(figures) { StandardOutput.write(Data($0)) }
    }

    func text(unit measure: WeightUnit, display: DisplayUnit) -> WeightAveragesText {
        WeightAveragesText(period: by, unit: measure, display: display, json: json)
    }
}
