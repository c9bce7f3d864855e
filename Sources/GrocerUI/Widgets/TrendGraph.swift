import Foundation
import GrocerCore

/// The trend graph: over a span of days, each day's weight as dots, the
/// trend as a line and the goal as a line, in braille (2x4 dots a cell).
/// Days that fall in the same dot column are summarised as the column's
/// minimum to maximum, never dropped. The y axis is labelled in the
/// weights' unit, the x axis with days in the user's locale.
///
/// Made once per change of data or range (values in `Double`, ready to
/// plot); rendering formats nothing through ICU.
///
/// Over a long history the `all` range is made from blocks of days
/// instead (`init(blocks:...)`, issue 35): per block the lowest and highest
/// day weight and the trend's lowest, highest and last value, which is
/// all a dot column draws of its days. Each block is drawn in the dot
/// column of its first day with entries, so a day can sit up to one block
/// (2 to 8 blocks a column: at most half a column) from its own column;
/// nothing else differs, and blocks of one day draw exactly what the days
/// draw.
public struct TrendGraph: Sendable {
    public struct Point: Equatable, Sendable {
        public let day: Int
        public let weight: Double
        public let trend: Double
        public init(day: Int, weight: Double, trend: Double) {
            self.day = day
            self.weight = weight
            self.trend = trend
        }
    }

    /// What one dot column draws of a day or a block of days: the lowest
    /// and highest weight, the trend's lowest, highest and last value, in
    /// the column of `day`.
    struct Mark: Equatable, Sendable {
        let day: Int
        let low: Double
        let high: Double
        let trendLow: Double
        let trendHigh: Double
        let trendLast: Double

        init(_ point: Point) {
            day = point.day
            (low, high) = (point.weight, point.weight)
            (trendLow, trendHigh, trendLast) = (point.trend, point.trend, point.trend)
        }

        init(_ block: WeightBlock) {
            day = block.first
            (low, high) = (block.low, block.high)
            (trendLow, trendHigh, trendLast) = (block.trendLow, block.trendHigh, block.trendLast)
        }
    }

    /// The first and last day shown (day numbers, `CivilDay.number`).
    public let first: Int
    public let last: Int
    /// Days with entries in the span, oldest first (none when made from
    /// blocks).
    public let points: [Point]
    /// What is plotted: the points, or the blocks.
    let marks: [Mark]
    /// The trend carried into the first day, when entries came before it.
    public let trendAtStart: Double?
    public let goal: Double?
    /// "Nov 21": a day as the x axis labels it.
    let dayLabel: @Sendable (CivilDay) -> String
    /// The locale's decimal separator, for the y axis.
    let separator: String
    /// The y axis's labels in stones and pounds ("11st4") instead of the
    /// trend's unit, for a person who reads stones.
    public var inStones = false
    /// The body fat's trend over the same days (issue 34), drawn on a
    /// scale of its own (its lowest to its highest value over the graph's
    /// rows, named at the top right: "fat 17.9-18.6 %"); nil: not shown.
    public var fat: FatLine?

    /// The body fat's trend as the graph draws it.
    public struct FatLine: Equatable, Sendable {
        /// Days with a body fat in the span, oldest first: (day, trend).
        public let points: [Point]
        /// The trend carried into the first day.
        public let atStart: Double?

        public struct Point: Equatable, Sendable {
            public let day: Int
            public let trend: Double
        }

        /// The part of `trend` from `first` to `last` (day numbers).
        public init(_ trend: BodyFatTrend, first: Int, last: Int) {
            func double(_ d: Decimal) -> Double { NSDecimalNumber(decimal: d).doubleValue }
            points = trend.points.filter { (first...last).contains($0.day.number) }.map { Point(day: $0.day.number, trend: double($0.trend)) }
            atStart = trend.trend(on: CivilDay(number: first - 1)).map(double)
        }

        /// The lowest and highest value, at least half a percent apart.
        var range: (low: Double, high: Double)? {
            var values = points.map(\.trend)
            if let atStart { values.append(atStart) }
            guard var low = values.min(), var high = values.max() else { return nil }
            if high - low < 0.5 {
                let middle = (high + low) / 2
                (low, high) = (middle - 0.25, middle + 0.25)
            }
            return ((low * 10).rounded(.down) / 10, (high * 10).rounded(.up) / 10)
        }
    }

    public init(
        first: Int, last: Int, points: [Point], trendAtStart: Double? = nil, goal: Double? = nil,
        separator: String = ".", dayLabel: @escaping @Sendable (CivilDay) -> String
    ) {
        self.first = first
        self.last = max(first, last)
        self.points = points
        marks = points.map(Mark.init)
        self.trendAtStart = trendAtStart
        self.goal = goal
        self.separator = separator
        self.dayLabel = dayLabel
    }

    /// The graph of `trend` over `range` ending at its last day with
    /// entries (from the first day with entries when that is later), with
    /// `goal` (in the trend's unit) when set.
    public init(
        trend: WeightTrend, range: TrendRange, goal: Decimal?, separator: String,
        dayLabel: @escaping @Sendable (CivilDay) -> String
    ) {
        let end = trend.points.last?.day ?? CivilDay(number: 0)
        // A range longer than the history starts at its first day.
        let oldest = trend.first?.day ?? end
        let start = max(range.firstDay(endingAt: end) ?? oldest, oldest)
        let shown = trend.points(in: range)
        let before = trend.trend(on: start.adding(days: -1))
        func double(_ d: Decimal) -> Double { NSDecimalNumber(decimal: d).doubleValue }
        self.init(
            first: start.number, last: end.number,
            points: shown.map { Point(day: $0.day.number, weight: double($0.weight), trend: double($0.trend)) },
            trendAtStart: before.map(double), goal: goal.map(double), separator: separator, dayLabel: dayLabel)
    }

    /// The `all` range of a long history from its blocks of days (oldest
    /// first, in the trend's unit), with `goal` when set.
    public init(
        blocks: [WeightBlock], goal: Decimal?, separator: String, dayLabel: @escaping @Sendable (CivilDay) -> String
    ) {
        first = blocks.first?.first ?? 0
        last = max(first, blocks.last?.last ?? 0)
        points = []
        marks = blocks.map(Mark.init)
        trendAtStart = nil
        self.goal = goal.map(WeightBlock.double)
        self.separator = separator
        self.dayLabel = dayLabel
    }

    /// Every weight and trend value that bounds the plot.
    var extremes: [Double] { marks.flatMap { [$0.low, $0.high, $0.trendLow, $0.trendHigh] } }

    /// The lowest and highest weight and trend shown; nil without points.
    var dataBounds: (low: Double, high: Double)? {
        var values = extremes
        if let trendAtStart { values.append(trendAtStart) }
        guard let low = values.min(), let high = values.max() else { return nil }
        return (low, high)
    }

    /// Where the goal is left out of the y axis: further from the data than
    /// the data's own span (at least one unit), taking it in would squash
    /// the data into less than half the rows. A marker at that edge names it.
    public enum GoalPlace: Equatable, Sendable {
        case inside, above, below
    }

    public var goalPlace: GoalPlace {
        guard let goal, let data = dataBounds else { return .inside }
        let span = max(1, data.high - data.low)
        if goal > data.high + span { return .above }
        if goal < data.low - span { return .below }
        return .inside
    }

    /// The values the y axis spans: every weight, trend and the goal (unless
    /// it is far off, `goalPlace`), at least one unit tall, a little room
    /// above and below.
    var valueRange: (low: Double, high: Double) {
        var values = extremes
        if let goal, goalPlace == .inside { values.append(goal) }
        if let trendAtStart { values.append(trendAtStart) }
        guard var low = values.min(), var high = values.max() else { return (0, 1) }
        if high - low < 1 {
            let middle = (high + low) / 2
            low = middle - 0.5
            high = middle + 0.5
        }
        let pad = (high - low) * 0.05
        return (((low - pad) * 10).rounded(.down) / 10, ((high + pad) * 10).rounded(.up) / 10)
    }

    /// "81.5" with the locale's separator: one decimal, no ICU formatter.
    func label(_ value: Double) -> String {
        guard inStones else { return NumberText.fixed(value, digits: 1, separator: separator) }
        let (stones, pounds) = Stones.split(pounds: Decimal(value), digits: 0)
        return "\(stones)st\(pounds)"
    }

    /// Draws the graph in the rectangle: y labels and axis at the left,
    /// the x axis and its day labels in the last two rows.
    public func render(into canvas: inout Canvas, top: Int, left: Int, width: Int, height: Int) {
        let (low, high) = valueRange
        let labelWidth = max(label(low).count, label(high).count)
        let plotLeft = left + labelWidth + 1
        let plotWidth = width - labelWidth - 1
        let plotRows = height - 2
        guard plotWidth >= 4, plotRows >= 1 else { return }
        var grid = BrailleGrid(columns: plotWidth, rows: plotRows)
        plot(into: &grid, low: low, high: high)

        // The y axis: labels at the top, the middle and the bottom row.
        let labelled: Set<Int> = plotRows >= 5 ? [0, plotRows / 2, plotRows - 1] : [0, plotRows - 1]
        for row in 0..<plotRows {
            if labelled.contains(row) {
                let y = row == plotRows - 1 ? Double(grid.dotHeight - 1) : row == 0 ? 0 : Double(row * 4) + 1.5
                let text = label(high - (high - low) * y / Double(grid.dotHeight - 1))
                canvas.put(text, row: top + row, column: plotLeft - 1 - text.count, style: .dim)
                canvas.put("┤", row: top + row, column: plotLeft - 1, style: .dim)
            } else {
                canvas.put("│", row: top + row, column: plotLeft - 1, style: .dim)
            }
            for column in 0..<plotWidth {
                guard let (ch, layer) = grid.cell(row: row, column: column) else { continue }
                let style: Style = layer == .trend ? .accent : layer == .goal || layer == .fat ? .dim : []
                canvas.put(String(ch), row: top + row, column: plotLeft + column, style: style)
            }
        }
        if let goal, goalPlace != .inside {
            // "▼ goal 60.0" in the bottom row's right end (above: the top row's).
            let marker = (goalPlace == .above ? "▲ goal " : "▼ goal ") + label(goal)
            let row = goalPlace == .above ? top : top + plotRows - 1
            canvas.put(marker, row: row, column: max(plotLeft, plotLeft + plotWidth - canvas.columns(marker)), style: .dim)
        }
        if let fat, let range = fat.range {
            // "fat 17.9-18.6 %": what the dim line's top and bottom are.
            let text =
                "fat " + NumberText.fixed(range.low, digits: 1, separator: separator) + "-"
                + NumberText.fixed(range.high, digits: 1, separator: separator) + " %"
            let row = goalPlace == .above ? top + 1 : top
            canvas.put(text, row: row, column: max(plotLeft, plotLeft + plotWidth - canvas.columns(text)), style: .dim)
        }
        canvas.put("└" + String(repeating: "─", count: plotWidth), row: top + plotRows, column: plotLeft - 1, style: .dim)
        renderDays(into: &canvas, row: top + plotRows + 1, left: plotLeft, width: plotWidth)
    }

    /// The dot column of `day`.
    func x(_ day: Int, dots: Int) -> Int {
        let span = last - first
        guard span > 0 else { return dots - 1 }
        return Int((Double(day - first) * Double(dots - 1) / Double(span)).rounded())
    }

    func plot(into grid: inout BrailleGrid, low: Double, high: Double) {
        let dotsDown = grid.dotHeight
        func y(_ v: Double) -> Int { Int(((high - v) * Double(dotsDown - 1) / (high - low)).rounded()) }
        if let goal, goalPlace == .inside { grid.line(from: 0, y(goal), to: grid.dotWidth - 1, y(goal), .goal) }
        if let fat, let range = fat.range { plotFat(fat, range: range, into: &grid) }
        // Weights: per dot column the lowest to the highest day in it.
        var column: (x: Int, low: Double, high: Double)? = nil
        for mark in marks {
            let px = x(mark.day, dots: grid.dotWidth)
            if let c = column, c.x == px {
                column = (px, min(c.low, mark.low), max(c.high, mark.high))
            } else {
                if let c = column { grid.vertical(x: c.x, from: y(c.low), to: y(c.high), .points) }
                column = (px, mark.low, mark.high)
            }
        }
        if let c = column { grid.vertical(x: c.x, from: y(c.low), to: y(c.high), .points) }
        // The trend: from the carried value at the left edge through every
        // day (a block: through its lowest and highest, on from its last).
        var previous: (x: Int, y: Int)? = trendAtStart.map { (0, y($0)) }
        for mark in marks {
            let here = x(mark.day, dots: grid.dotWidth)
            // y falls as the value rises.
            var top = y(mark.trendHigh)
            var bottom = y(mark.trendLow)
            if let p = previous {
                // Carried flat until the day, then to its values.
                grid.line(from: p.x, p.y, to: here, p.y, .trend)
                (top, bottom) = (min(top, p.y), max(bottom, p.y))
            }
            grid.vertical(x: here, from: top, to: bottom, .trend)
            previous = (here, y(mark.trendLast))
        }
        if let p = previous, p.x < grid.dotWidth - 1, x(last, dots: grid.dotWidth) > p.x {
            grid.line(from: p.x, p.y, to: x(last, dots: grid.dotWidth), p.y, .trend)
        }
    }

    /// The body fat's trend on its own scale, carried flat between days as
    /// the weight's trend is.
    func plotFat(_ fat: FatLine, range: (low: Double, high: Double), into grid: inout BrailleGrid) {
        let dotsDown = grid.dotHeight
        func y(_ v: Double) -> Int { Int(((range.high - v) * Double(dotsDown - 1) / (range.high - range.low)).rounded()) }
        var previous: (x: Int, y: Int)? = fat.atStart.map { (0, y($0)) }
        for point in fat.points {
            let here = (x: x(point.day, dots: grid.dotWidth), y: y(point.trend))
            if let p = previous {
                grid.line(from: p.x, p.y, to: here.x, p.y, .fat)
                grid.vertical(x: here.x, from: p.y, to: here.y, .fat)
            } else {
                grid.set(x: here.x, y: here.y, .fat)
            }
            previous = here
        }
        if let p = previous, x(last, dots: grid.dotWidth) > p.x { grid.line(from: p.x, p.y, to: x(last, dots: grid.dotWidth), p.y, .fat) }
    }

    /// Day labels under the axis, evenly spread, the first and last at the
    /// ends, none overlapping: the first, then the last (when it does not
    /// cover the first), then those between that fit beside both.
    func renderDays(into canvas: inout Canvas, row: Int, left: Int, width: Int) {
        let firstText = dayLabel(CivilDay(number: first))
        let widest = max(canvas.columns(firstText), canvas.columns(dayLabel(CivilDay(number: last))))
        let span = last - first
        let count = span == 0 ? 1 : max(2, min(span + 1, (width + 3) / (widest + 3)))
        func label(_ i: Int) -> (text: String, column: Int, width: Int) {
            let day = count == 1 ? last : first + Int((Double(span * i) / Double(count - 1)).rounded())
            let text = dayLabel(CivilDay(number: day))
            let w = canvas.columns(text)
            let centre = left + x(day, dots: width * 2) / 2
            return (text, min(max(left, centre - w / 2), left + width - w), w)
        }
        let start = label(0)
        canvas.put(start.text, row: row, column: start.column, style: .dim)
        var nextFree = start.column + start.width + 2
        // The labels between end two columns before the last one's.
        var limit = left + width
        if count > 1 {
            let end = label(count - 1)
            if end.column >= nextFree {
                canvas.put(end.text, row: row, column: end.column, style: .dim)
                limit = end.column - 2
            }
        }
        for i in stride(from: 1, to: count - 1, by: 1) {
            let between = label(i)
            guard between.column >= nextFree, between.column + between.width <= limit else { continue }
            canvas.put(between.text, row: row, column: between.column, style: .dim)
            nextFree = between.column + between.width + 2
        }
    }
}
