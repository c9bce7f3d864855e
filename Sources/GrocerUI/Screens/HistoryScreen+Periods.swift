import Foundation
import GrocerCore

/// The history's weeks and months (`w`): each period's mean, lowest and
/// highest weigh-in, their number, the change from the period before and
/// the trend at its end, in place of the entries.
extension HistoryScreen {
    var browsingEntries: Bool { form == nil && periods == nil }
    var browsingPeriods: Bool { form == nil && periods != nil }

    /// `w`: the entries, then the weeks, then the months, then the entries.
    /// The periods are read a page at a time from the newest (issue 35).
    mutating func switchList(_ context: AppContext) -> Outcome {
        switch periods?.period {
        case nil: periods = PeriodList(period: .week)
        case .week?: periods = PeriodList(period: .month)
        case .month?:
            periods = nil
            return .redraw
        }
        return reloadPeriods(context)
    }

    /// The newest periods read again (the list shown, or the days changed).
    mutating func reloadPeriods(_ context: AppContext) -> Outcome {
        guard let request = periods?.reload(visible: Self.listRows(context.size), unit: context.defaultUnit) else { return .redraw }
        return .perform(.history(.loadWeightPeriods(request)))
    }

    /// Asks for the lowest and highest weigh-ins of the periods shown (and
    /// a page around) that it does not have yet; then for the next page
    /// back when the rows shown near the end of those read.
    mutating func askExtremes(_ context: AppContext) -> Outcome {
        guard var list = periods else { return .redraw }
        let visible = Self.listRows(context.size)
        list.follow(visible: visible)
        let request = list.request(visible: visible, unit: unit)
        let next = request == nil ? list.nextPage(visible: visible, unit: context.defaultUnit) : nil
        periods = list
        if let request { return .perform(.history(.loadWeightExtremes(request))) }
        if let next { return .perform(.history(.loadWeightPeriods(next))) }
        return .redraw
    }

    mutating func movePeriods(by delta: Int, _ context: AppContext) -> Outcome {
        guard periods?.move(by: delta, visible: Self.listRows(context.size)) == true else { return .none }
        return askExtremes(context)
    }

    /// End: the oldest period, once every period is read.
    mutating func periodsToOldest(_ context: AppContext) -> Outcome {
        guard var list = periods else { return .none }
        if list.reachesOldest { return movePeriods(by: list.rows.count, context) }
        let request = list.nextPage(visible: Self.listRows(context.size), unit: context.defaultUnit, toOldest: true)
        periods = list
        return request.map { .perform(.history(.loadWeightPeriods($0))) } ?? .none
    }

    mutating func receivePeriods(_ page: WeightAverages.PeriodPage, for request: WeightPeriodsRequest, _ context: AppContext) -> Outcome {
        guard request.period == periods?.period else { return .none }
        periods?.receive(page, for: request, visible: Self.listRows(context.size))
        return askExtremes(context)
    }

    mutating func receiveExtremes(_ found: [CivilDay: WeightAverages.Extremes], for request: WeightExtremesRequest, _ context: AppContext)
        -> Outcome
    {
        guard request.unit == unit, request.period == periods?.period else { return .none }
        periods?.receive(found, for: request)
        return askExtremes(context)
    }

    /// The header and columns: "Week of  mean  min  max  weigh-ins  change  trend".
    static let periodColumns: [(title: String, width: Int)] = [
        ("mean", 8), ("min", 8), ("max", 8), ("weigh-ins", 11), ("change", 8), ("trend", 8),
    ]
    static let periodDateWidth = 14

    func periodTitle(_ list: PeriodList) -> String {
        (list.period == .week ? "Week of" : "Month") + " (\(unit.rawValue))"
    }

    func periodLine(_ row: WeightAverages.PeriodRow, _ extremes: WeightAverages.Extremes?) -> String {
        func number(_ value: Decimal?, signed: Bool = false) -> String {
            value.map { NumberText.fixed($0, digits: 2, separator: separator, signed: signed) } ?? "…"
        }
        let date = periods?.period == .month ? formats.monthWithYear(row.firstDay) : formats.dayWithYear(row.firstDay)
        let cells = [
            number(row.mean), number(extremes?.lowest), number(extremes?.highest), grouped(row.count),
            row.change.map { number($0, signed: true) } ?? "", number(row.trend),
        ]
        var line = date.padding(toLength: max(date.count, Self.periodDateWidth), withPad: " ", startingAt: 0)
        for (cell, column) in zip(cells, Self.periodColumns) {
            line += String(repeating: " ", count: max(1, column.width - cell.count)) + cell
        }
        return line
    }

    func renderPeriods(_ list: PeriodList, into canvas: inout Canvas, layout: Layout) {
        let width = canvas.width
        var header = periodTitle(list).padding(toLength: Self.periodDateWidth, withPad: " ", startingAt: 0)
        for column in Self.periodColumns {
            header += String(repeating: " ", count: max(1, column.width - column.title.count)) + column.title
        }
        // "3 of 27+" until the oldest is read, then "3 of 143".
        let place = list.rows.isEmpty ? "" : "\(grouped(list.cursor + 1)) of \(list.total.map(grouped) ?? grouped(list.rows.count) + "+")"
        canvas.put(canvas.truncate(header, to: max(0, width - 3 - canvas.columns(place))), row: layout.header, column: 1, style: .dim)
        canvas.put(place, row: layout.header, column: max(1, width - 1 - canvas.columns(place)), style: .dim)
        let rows = max(0, canvas.height - layout.listTop)
        var top = list.top
        if list.cursor >= top + rows { top = list.cursor - rows + 1 }
        if list.cursor < top { top = list.cursor }
        for (i, row) in list.rows.dropFirst(top).prefix(rows).enumerated() {
            let y = layout.listTop + i
            let line = canvas.truncate(" " + periodLine(row, list.extremes[row.firstDay]), to: width - 2)
            let selected = top + i == list.cursor
            if selected { canvas.fill(row: y, from: 1, count: width - 2, style: .reverse) }
            canvas.put(line, row: y, column: 1, style: selected ? .reverse : [])
        }
    }
}

extension HistoryScreen {
    /// `f`: the body fat's trend on the graph (issue 34), a dim line on a
    /// scale of its own; read when it is turned on.
    mutating func toggleFat() -> Outcome {
        showsFat.toggle()
        notice = nil
        if showsFat { return .perform(.history(.loadBodyFatDays)) }
        makeGraph()
        return .redraw
    }
}
