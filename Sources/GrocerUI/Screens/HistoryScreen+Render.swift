import Foundation
import GrocerCore

extension HistoryScreen {
    /// Where things go in an area of `size`: the title row, the graph, the
    /// figures, a line for notices or the form, the list's header, the list.
    struct Layout {
        let graphTop: Int
        let graphHeight: Int
        let figures: Int
        let message: Int
        let header: Int
        let listTop: Int
    }

    static func layout(_ size: Size) -> Layout {
        // The list keeps 9 rows; the graph takes the rest up to 55% of the
        // area (24 rows: 10 of 23; 50 rows: 26 of 49).
        let graphHeight = max(4, min(size.height - 13, size.height * 55 / 100))
        let figures = 1 + graphHeight
        return Layout(graphTop: 1, graphHeight: graphHeight, figures: figures, message: figures + 1, header: figures + 2, listTop: figures + 3)
    }

    public func render(into canvas: inout Canvas, _ context: AppContext) {
        let size = Size(width: canvas.width, height: canvas.height)
        let layout = Self.layout(size)
        let width = canvas.width
        canvas.put(Self.title, row: 0, column: 1, style: .bold)
        let ranges = TrendRange.allCases.map { $0 == range ? "[\($0.rawValue)]" : " \($0.rawValue) " }.joined()
        canvas.put(ranges, row: 0, column: max(0, width - 1 - canvas.columns(ranges)), style: .dim)
        renderSync(into: &canvas, context, rangesWidth: canvas.columns(ranges))

        if let graph {
            graph.render(into: &canvas, top: layout.graphTop, left: 1, width: width - 2, height: layout.graphHeight)
            canvas.put(canvas.truncate(figuresLine(fitting: width - 2), to: width - 2), row: layout.figures, column: 1)
        } else {
            canvas.center("No weights yet. Press F2 to enter today's weight.", row: layout.graphTop + layout.graphHeight / 2)
        }

        if let form {
            render(form, into: &canvas, row: layout.message)
        } else if let notice {
            canvas.put(canvas.truncate(notice, to: width - 2), row: layout.message, column: 1, style: .accent)
        }
        if let periods {
            renderPeriods(periods, into: &canvas, layout: layout)
        } else {
            renderList(into: &canvas, layout: layout)
        }
    }

    /// The figures line in `width` columns: with wide gaps when they fit,
    /// else narrow ones, else without the change over the range (the range
    /// is on the graph's top row), so the goal's date is not cut off.
    func figuresLine(fitting width: Int) -> String {
        for (gap, withRange) in [("   ", true), ("  ", true), ("  ", false)] {
            let line = figures(withRangeChange: withRange).joined(separator: gap)
            if line.count <= width { return line }
        }
        return figures(withRangeChange: false).joined(separator: "  ")
    }

    /// "Trend 81.6 kg   −0.40 kg/week   −2.1 kg over 3m   Goal 75.0 kg by Mar 12, 2027"
    /// ("over 6d" where the entries span less than the range).
    var figuresLine: String { figures(withRangeChange: true).joined(separator: "   ") }

    /// What the change is over: the range's name ("3m") when the entries
    /// fill it, else the span they do cover ("6d", as the ranges are
    /// named), never more than the
    /// data (a month of weigh-ins is not "over 1y"); nil for a single day.
    func rangeSpan(_ trend: WeightTrend, ending last: CivilDay) -> String? {
        guard let first = trend.first?.day else { return nil }
        if let start = range.firstDay(endingAt: last), start >= first { return range.rawValue }
        let days = last.number - first.number
        guard days > 0 else { return nil }
        return "\(days)d"
    }

    /// A weight from the figures (in `unit`) as the person reads it: "81.9
    /// kg", or in stones "11 st 4.5 lb" (to a tenth of a pound).
    func weightText(_ value: Decimal) -> String {
        guard display == .st else { return "\(NumberText.fixed(value, digits: 1, separator: separator)) \(unit.rawValue)" }
        return Stones.text(pounds: value, digits: 1, separator: separator.first ?? ".")
    }

    /// The trend (and its BMI with a height set), the change per week, the
    /// change over the range, the goal.
    func figures(withRangeChange: Bool) -> [String] {
        guard let trend, let latest = trend.latest else { return [] }
        let u = unit.rawValue
        var parts = ["Trend \(weightText(latest.trend))"]
        if let height {
            parts.append("BMI \(NumberText.fixed(height.bodyMassIndex(of: latest.trend, in: unit), digits: 1, separator: separator))")
        }
        // Too few days weighed for a rate (help says the rule): "--".
        if let rate = trend.reliableChangePerWeek {
            parts.append("\(NumberText.fixed(rate, digits: 2, separator: separator, signed: true)) \(u)/week")
        } else if trend.hasSeveralDays {
            parts.append("-- \(u)/week")
        }
        if withRangeChange, let change = trend.change(over: range), let span = rangeSpan(trend, ending: latest.day) {
            parts.append("\(NumberText.fixed(change, digits: 1, separator: separator, signed: true)) \(u) over \(span)")
        }
        if let goal {
            let target = goal.exactValue(in: unit)
            var text = "Goal \(weightText(target))"
            switch trend.reliableForecast(goal: target) {
            case .reached: text += " reached"
            case .passed(let day): text += " reached " + formats.dayWithYear(day) + " (t: next)"
            case .noRate: text += " by --"
            case .inDays: trend.reliableForecastDay(goal: target).map { text += " by " + formats.dayWithYear($0) }
            case .movingAway, .tooFar: break
            }
            parts.append(text)
        }
        return parts
    }

    func render(_ form: EntryForm, into canvas: inout Canvas, row: Int) {
        var column = 1
        switch form.purpose {
        case .edit: column = canvas.put("Edit: ", row: row, column: column, style: .bold)
        case .goal: column = canvas.put("Goal: ", row: row, column: column, style: .bold)
        }
        column = canvas.put("[" + form.value.text + "]", row: row, column: column, style: form.focus == .value ? .reverse : [])
        var cursor = (row, column - 1)
        column = canvas.put(" " + form.unitName + " ", row: row, column: column, style: .accent)
        if case .edit = form.purpose {
            column = canvas.put(" at ", row: row, column: column)
            column = canvas.put("[" + form.when + "]", row: row, column: column, style: form.focus == .when ? .reverse : [])
            if form.focus == .when { cursor = (row, column - 1) }
            column = canvas.put("  note ", row: row, column: column)
            // The note takes what is left of the row (less the hint, when
            // it fits), scrolled to keep its cursor in view.
            let hint = "  Tab next  ^U unit"
            let room = canvas.width - 1 - column - 2
            let noteWidth = max(1, room - (form.message == nil && room - canvas.columns(hint) >= 12 ? canvas.columns(hint) : 0))
            let style: Style = form.focus == .note ? .reverse : []
            column = canvas.put("[", row: row, column: column, style: style)
            let noteCursor = form.note.render(into: &canvas, row: row, column: column, width: noteWidth, style: style)
            if form.focus == .note { cursor = (row, noteCursor) }
            let shown = min(noteWidth, canvas.columns(form.note.text))
            column = canvas.put("]", row: row, column: column + shown, style: style)
            if form.message == nil, canvas.width - 1 - column >= canvas.columns(hint) {
                column = canvas.put(hint, row: row, column: column, style: .dim)
            }
        } else if form.message == nil {
            column = canvas.put("  ^U unit; empty clears it", row: row, column: column, style: .dim)
        }
        if let message = form.message {
            canvas.put(canvas.truncate(" " + message, to: max(0, canvas.width - column)), row: row, column: column, style: .error)
        }
        canvas.cursor = cursor
    }

    func renderList(into canvas: inout Canvas, layout: Layout) {
        let width = canvas.width
        guard window.count > 0 else { return }
        let place = "\(grouped(window.position)) of \(grouped(window.count))"
        canvas.put("Entries, newest first", row: layout.header, column: 1, style: .dim)
        canvas.put(place, row: layout.header, column: max(1, width - 1 - canvas.columns(place)), style: .dim)
        let rows = max(0, canvas.height - layout.listTop)
        // From the first row shown, moved if a resize left the selection out of view.
        var start = max(0, topPosition - window.firstPosition)
        if window.cursor >= start + rows { start = window.cursor - rows + 1 }
        if window.cursor < start { start = window.cursor }
        let shownRows = window.rows.dropFirst(start).prefix(rows)
        // The body fat beside the weight (issue 34), in a column of its
        // own when a row shown has one, so the weights stay aligned.
        let fatWidth = shownRows.map { $0.bodyFat.map { canvas.columns(fatText($0)) } ?? 0 }.max() ?? 0
        for (i, entry) in shownRows.enumerated() {
            let row = layout.listTop + i
            let date = formats.entry(entry.recordedAt)
            var value = valueText(entry.weight)
            if fatWidth > 0 {
                let fat = entry.bodyFat.map(fatText) ?? ""
                value += "  " + String(repeating: " ", count: fatWidth - canvas.columns(fat)) + fat
            }
            var gap = max(1, width - 4 - canvas.columns(date) - canvas.columns(value))
            // The note, when it has one, between the date and the weight,
            // cut to the room there is.
            var note = ""
            if !entry.note.isEmpty, gap >= 6 {
                note = "  " + canvas.truncate(VisibleText.escaped(entry.note), to: gap - 4)
                gap -= canvas.columns(note)
            }
            let line = canvas.truncate(" " + date + note + String(repeating: " ", count: gap) + value + " ", to: width - 2)
            let selected = start + i == window.cursor
            if selected { canvas.fill(row: row, from: 1, count: width - 2, style: .reverse) }
            canvas.put(line, row: row, column: 1, style: selected ? .reverse : [])
        }
    }

    /// "18.4 %" with the locale's separator.
    func fatText(_ fat: BodyFat) -> String {
        fat.digits.replacingOccurrences(of: ".", with: separator) + " %"
    }

    /// "2,000,000" with the locale's grouping separator, without ICU per frame.
    func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += grouping }
            out.append(ch)
        }
        return out
    }
}
