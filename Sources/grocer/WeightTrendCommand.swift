import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerExchange
import GrocerStore

extension TrendRange: ExpressibleByArgument {}

/// `grocer weight trend [--range 1w|1m|3m|6m|1y|all] [--json]`.
struct WeightTrendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trend",
        abstract: "Print each day's weight and the trend, the change per week and the goal's forecast.",
        discussion: """
            Days are calendar days in TZ; a day's weight is the mean of its entries in the store's unit (or --unit; \
            in stones the weights, trend and goal show as stones and pounds to a tenth, the change per week in pounds). The \
            trend starts at the first day's weight and moves a tenth of the way to each later day's weight. The \
            change per week comes from the days with entries among the last 14. --json prints \
            {"unit", "days": [{"date", "weight", "trend"}], "trend", "ratePerWeek", "goal", "forecastDate"}, and \
            with a height set (grocer height) "bmi", the body mass index of the trend to a tenth, after "trend"; in JSON, \
            stones are pounds ("unit": "lbs"). With body fats kept, a day with one has "bodyFat" and "bodyFatTrend" \
            (its own trend, by the same rule over the days with a body fat) and the object "bodyFatTrend"; the text \
            ends its trend line with a "Body fat trend" line.
            """)

    @Option(help: "1w, 1m, 3m, 6m, 1y or all (default: 3m), ending at the last day with entries.")
    var range: TrendRange = .default

    @Option(help: StoreOptions.unitHelp)
    var unit: DisplayUnit?

    @Flag(help: "Print a JSON object.")
    var json = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        guard let db = try store.openIfThere() else {
            let display = try StoreOptions.displayUnit(unit, nil)
            print(render(WeightTrend(days: [], unit: display.measure), goal: nil, display: display), terminator: "")
            return
        }
        defer { try? db.close() }
        let display = try StoreOptions.displayUnit(unit, db)
        let (trend, goal) = try StoreAccess.reading(db.path) { try WeightTrendSource.read(db, unit: display.measure, range: range) }
        let height = json ? try StoreAccess.reading(db.path) { try db.settings.read(.height).value } : nil
        let fat = try StoreAccess.reading(db.path) { BodyFatTrend(days: try db.weights.bodyFatDays()) }
        print(render(trend, goal: goal, height: height, display: display, bodyFat: fat.points.isEmpty ? nil : fat), terminator: "")
    }

    func render(_ trend: WeightTrend, goal: Decimal?, height: Height? = nil, display: DisplayUnit, bodyFat: BodyFatTrend? = nil) -> String {
        json
            ? TrendJSON.render(trend, range: range, goal: goal, height: height, bodyFat: bodyFat)
            : TrendText.render(trend, range: range, goal: goal, display: display, bodyFat: bodyFat)
    }
}
