import Foundation

/// One calendar day's entries, summed in the default unit: what a per-day
/// summary table keeps, so the trend never has to read every entry.
public struct DayFigure: Equatable, Sendable {
    public let day: CivilDay
    /// The sum of the day's entries, each converted to the default unit.
    public let sum: Decimal
    public let count: Int

    public init(day: CivilDay, sum: Decimal, count: Int) {
        self.day = day
        self.sum = sum
        self.count = count
    }

    /// The day's weight: the mean of its entries (one entry: its value,
    /// without a Decimal division).
    public var weight: Decimal { count == 1 ? sum : sum / Decimal(count) }
}

/// A day with entries: its weight and the trend after it.
public struct TrendPoint: Equatable, Sendable {
    public let day: CivilDay
    public let weight: Decimal
    public let trend: Decimal

    public init(day: CivilDay, weight: Decimal, trend: Decimal) {
        self.day = day
        self.weight = weight
        self.trend = trend
    }
}

/// Where a trend made from its recent days only goes on from: the trend as
/// it stood at the end of `day`, made from every day up to it, and what the
/// figures need of those days (the first day, the number of entries). A
/// trend made from it and the days after it is exactly the trend made from
/// every day, from `day` on: the same Decimal steps, from the same value.
public struct TrendStart: Equatable, Sendable {
    /// The last day folded into `trend` (with entries or not).
    public let day: CivilDay
    public let trend: Decimal
    /// The history's first day with entries (its trend is its weight).
    public let first: TrendPoint
    /// The entries on the days up to `day`.
    public let entries: Int

    public init(day: CivilDay, trend: Decimal, first: TrendPoint, entries: Int) {
        self.day = day
        self.trend = trend
        self.first = first
        self.entries = entries
    }

    /// How many days before the last day with entries a start is kept
    /// (`lead`), and within which it still serves (`leads`): every range
    /// but `all` (a year, the day before it for the trend carried in) and
    /// the rate's 14 days lie after it.
    public static let lead = 400
    public static let leads = 380...440
}

/// The Hacker's Diet trend, exactly as issue 9 states it: the trend starts at
/// the first day's weight; each later day with entries moves it a tenth of
/// the way to that day's weight; days without entries carry it unchanged.
public struct WeightTrend: Sendable {
    public let unit: WeightUnit
    /// Days with entries, oldest first: every one, or those after `start`.
    public let points: [TrendPoint]
    /// Where the trend went on from, when it was made from the recent days
    /// only; nil when `points` are every day with entries.
    public let start: TrendStart?

    static let smoothing = Decimal(string: "0.1")!
    /// Forecasts further out than three years are not shown.
    public static let forecastLimitDays = 3 * 365 + 1

    /// `days` in any order; two figures for the same day are added together.
    /// With `start`, `days` are those after `start.day`, and the trend goes
    /// on from `start.trend`.
    public init(days: [DayFigure], unit: WeightUnit, start: TrendStart? = nil) {
        self.unit = unit
        self.start = start
        var merged: [DayFigure] = []
        for figure in days.sorted(by: { $0.day < $1.day }) where figure.count > 0 {
            if let last = merged.last, last.day == figure.day {
                merged[merged.count - 1] = DayFigure(day: last.day, sum: last.sum + figure.sum, count: last.count + figure.count)
            } else {
                merged.append(figure)
            }
        }
        var points: [TrendPoint] = []
        points.reserveCapacity(merged.count)
        var trend: Decimal? = start?.trend
        for figure in merged {
            let weight = figure.weight
            let next = WeightTrend.step(trend, toward: weight)
            points.append(TrendPoint(day: figure.day, weight: weight, trend: next))
            trend = next
        }
        self.points = points
    }

    /// Entries grouped by calendar day in `timeZone`, converted to `unit`.
    public static func dailyFigures(_ entries: some Sequence<WeightEntry>, unit: WeightUnit, timeZone: TimeZone) -> [DayFigure] {
        var byDay: [CivilDay: (Decimal, Int)] = [:]
        for entry in entries {
            let day = CivilDay(entry.recordedAt, in: timeZone)
            let (sum, count) = byDay[day] ?? (0, 0)
            byDay[day] = (sum + entry.weight.exactValue(in: unit), count + 1)
        }
        return byDay.map { DayFigure(day: $0.key, sum: $0.value.0, count: $0.value.1) }.sorted { $0.day < $1.day }
    }

    public init(entries: some Sequence<WeightEntry>, unit: WeightUnit, timeZone: TimeZone) {
        self.init(days: WeightTrend.dailyFigures(entries, unit: unit, timeZone: timeZone), unit: unit)
    }

    /// The last day with entries (a start always has days after it).
    public var latest: TrendPoint? { points.last }

    /// The history's first day with entries.
    public var first: TrendPoint? { start?.first ?? points.first }

    /// Whether entries were made on more than one day.
    public var hasSeveralDays: Bool { start != nil || points.count > 1 }

    /// Every entry's count: `start`'s and those of `days`, as given.
    public static func entries(_ days: [DayFigure], start: TrendStart?) -> Int {
        days.reduce(start?.entries ?? 0) { $0 + $1.count }
    }

    /// The trend as it stood at the end of `day`: carried from the last day
    /// with entries on or before it; nil before the first entry, and (made
    /// from the recent days) before `start.day`.
    public func trend(on day: CivilDay) -> Decimal? {
        guard let index = lastIndex(onOrBefore: day) else {
            guard let start, day >= start.day else { return nil }
            return start.trend
        }
        return points[index].trend
    }

    /// 7 x the least-squares slope of (day, trend) over the days with entries
    /// among the 14 calendar days ending at the last day with entries; nil
    /// with fewer than 2 such days.
    public var changePerWeek: Decimal? {
        slopePerDay.map { $0 * 7 }
    }

    /// TrendWeight's rule for a rate: enough days with weigh-ins in its
    /// span (2 of 2 days, 4 of 7, 9 of 14, 19 of 28). The rate here is
    /// over 14 days, so it needs 9 of them.
    public static let rateWindowDays = 14
    public static let rateMinimumDays = 9

    /// Days with entries among the 14 calendar days ending at the last day
    /// with entries (the days `changePerWeek` is computed over).
    public var daysInRateWindow: Int {
        guard let last = points.last else { return 0 }
        let first = last.day.adding(days: -(Self.rateWindowDays - 1))
        return points.reversed().prefix { $0.day >= first }.count
    }

    /// Whether the rate (and a forecast from it) rests on enough days to be
    /// shown: `rateMinimumDays` of the last `rateWindowDays`.
    public var rateIsReliable: Bool { daysInRateWindow >= Self.rateMinimumDays }

    /// The change per week as grocer shows it, on the screen and in the
    /// commands: `changePerWeek` when `rateIsReliable`, else nil.
    public var reliableChangePerWeek: Decimal? { rateIsReliable ? changePerWeek : nil }

    /// The forecast as grocer shows it: `forecast(goal:)`, but `.noRate`
    /// (no date) when the rate is not reliable; a goal reached is reached.
    public func reliableForecast(goal: Decimal) -> Forecast {
        let forecast = forecast(goal: goal)
        switch forecast {
        case .reached, .passed: return forecast
        default: return rateIsReliable ? forecast : .noRate
        }
    }

    /// The day of `reliableForecast(goal:)`, or nil when none is shown.
    public func reliableForecastDay(goal: Decimal) -> CivilDay? {
        day(of: reliableForecast(goal: goal))
    }

    var slopePerDay: Decimal? {
        guard let last = points.last else { return nil }
        let first = last.day.adding(days: -13)
        let window = points.reversed().prefix { $0.day >= first }
        guard window.count >= 2 else { return nil }
        var n: Decimal = 0
        var sx: Decimal = 0
        var sy: Decimal = 0
        var sxy: Decimal = 0
        var sxx: Decimal = 0
        for point in window {
            let x = Decimal(point.day.number - first.number)
            n += 1
            sx += x
            sy += point.trend
            sxy += x * point.trend
            sxx += x * x
        }
        let denominator = n * sxx - sx * sx
        guard denominator != 0 else { return nil }
        return (n * sxy - sx * sy) / denominator
    }

    public enum Forecast: Equatable, Sendable {
        /// The trend is at the goal (to 2 decimals).
        case reached
        /// Whole days from the last day with entries until the trend reaches the goal.
        case inDays(Int)
        /// The trend crossed the goal on `on` (the first day past it) and has
        /// stayed past it since: reached, and time for the next (issue 34).
        case passed(on: CivilDay)
        /// The trend moves away from the goal, or does not move.
        case movingAway
        /// More than three years out at this rate.
        case tooFar
        /// Fewer than 2 days with entries in the last 14: no rate yet.
        case noRate
    }

    /// When the trend reaches `goal` (in this trend's unit) at the current rate.
    public func forecast(goal: Decimal) -> Forecast {
        guard let last = points.last else { return .noRate }
        let distance = goal - last.trend
        if distance.rounded(scale: 2) == 0 { return .reached }
        guard let slope = slopePerDay else { return passed(goal, last) ?? .noRate }
        guard slope != 0, (slope > 0) == (distance > 0) else { return passed(goal, last) ?? .movingAway }
        let days = (distance / slope).rounded(scale: 0, mode: .up)
        guard days <= Decimal(WeightTrend.forecastLimitDays) else { return .tooFar }
        return .inDays(NSDecimalNumber(decimal: days).intValue)
    }

    /// `.passed` when the trend crossed `goal` within the last year and
    /// has stayed past it since: on the first day with entries past it.
    /// A year, as every range but `all`: a trend made from the recent days
    /// (`TrendStart`) answers as one made from every day.
    private func passed(_ goal: Decimal, _ last: TrendPoint) -> Forecast? {
        let below = last.trend < goal
        func across(_ trend: Decimal) -> Bool { (trend < goal) != below && (trend - goal).rounded(scale: 2) != 0 }
        let boundary = last.day.adding(days: -365)
        let window = points.firstIndex { $0.day > boundary } ?? points.count
        if let before = points[window...].lastIndex(where: { across($0.trend) }) {
            return before + 1 < points.count ? .passed(on: points[before + 1].day) : nil
        }
        guard let then = trend(on: boundary), across(then), window < points.count else { return nil }
        return .passed(on: points[window].day)
    }

    /// The calendar day of the forecast, or nil when none is shown.
    public func forecastDay(goal: Decimal) -> CivilDay? {
        day(of: forecast(goal: goal))
    }

    private func day(of forecast: Forecast) -> CivilDay? {
        guard let last = points.last else { return nil }
        switch forecast {
        case .inDays(let days): return last.day.adding(days: days)
        case .reached: return last.day
        case .passed(let day): return day
        default: return nil
        }
    }

    /// The days with entries within `range`, ending at `last` (default: the
    /// last day with entries); made from the recent days, those after
    /// `start.day` only (`all` needs a trend made from every day).
    public func points(in range: TrendRange, endingAt last: CivilDay? = nil) -> ArraySlice<TrendPoint> {
        guard let end = last ?? points.last?.day else { return [] }
        let first = range.firstDay(endingAt: end)
        let lower = first.map { start in points.firstIndex { $0.day >= start } ?? points.count } ?? 0
        let upper = points.lastIndex { $0.day <= end }.map { $0 + 1 } ?? 0
        return lower < upper ? points[lower..<upper] : []
    }

    /// How far the trend moved over `range` ending at `last`: the trend at
    /// the end minus the trend at the range's first day (or at the first
    /// entry, when the range starts before it). nil without entries.
    public func change(over range: TrendRange, endingAt last: CivilDay? = nil) -> Decimal? {
        guard let end = last ?? points.last?.day, let endTrend = trend(on: end), let firstPoint = first else { return nil }
        let startTrend = range.firstDay(endingAt: end).flatMap { trend(on: $0) } ?? firstPoint.trend
        return endTrend - startTrend
    }

    func lastIndex(onOrBefore day: CivilDay) -> Int? {
        Self.lastIndex(of: points.count, onOrBefore: day) { points[$0].day }
    }

    /// The rule of every trend grocer draws (the weight's, the body fat's):
    /// it starts at the first value and each later one moves it a tenth of
    /// the way there.
    static func step(_ trend: Decimal?, toward value: Decimal) -> Decimal {
        trend.map { $0 + smoothing * (value - $0) } ?? value
    }

    /// Among `count` points in day order (`dayAt`), the index of the last
    /// on or before `day`; nil when there is none.
    static func lastIndex(of count: Int, onOrBefore day: CivilDay, dayAt: (Int) -> CivilDay) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if dayAt(mid) <= day { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }
}

extension Weight {
    /// The value in `target`, unrounded: kg = lbs x 0.45359237 exactly; lbs
    /// from kg is a 38-digit Decimal quotient.
    public func exactValue(in target: WeightUnit) -> Decimal {
        switch (unit, target) {
        case (.lbs, .kg): return value * WeightUnit.kilogramsPerPound
        case (.kg, .lbs): return value / WeightUnit.kilogramsPerPound
        default: return value
        }
    }
}

extension TrendStart {
    /// `days` (in any order) split after `day`: where the trend stands at
    /// its end, made from the days up to it, and the days after it, oldest
    /// first. No start when no day with entries is on or before `day`.
    public static func split(_ days: [DayFigure], unit: WeightUnit, after day: CivilDay) -> (start: TrendStart?, days: [DayFigure]) {
        let sorted = days.filter { $0.count > 0 }.sorted { $0.day < $1.day }
        let cut = sorted.firstIndex { $0.day > day } ?? sorted.count
        let upTo = Array(sorted[..<cut])
        let trend = WeightTrend(days: upTo, unit: unit)
        guard let first = trend.points.first, let last = trend.latest else { return (nil, sorted) }
        let start = TrendStart(day: day, trend: last.trend, first: first, entries: entries(upTo))
        return (start, Array(sorted[cut...]))
    }

    static func entries(_ days: [DayFigure]) -> Int { days.reduce(0) { $0 + $1.count } }
}
