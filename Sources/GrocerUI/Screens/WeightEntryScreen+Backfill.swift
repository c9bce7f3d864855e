import Foundation
import GrocerCore

/// Backfill (issue 34): Up moves to an earlier day, which takes the
/// person's usual weigh-in time (`UsualWeighInTime`, from the recent
/// weigh-ins the screen read; none: the current time), shown in the date
/// line and in a time field that Tab reaches. The title names the day.
extension WeightEntryScreen {
    /// How the time is typed, when a character is refused.
    static let timeRule = "Type the time on the 24-hour clock: 7:00, 07:30 or 19:45."

    /// When the weight being typed will be saved: now, or the time in the
    /// time field (while it holds a whole time; else the current time of
    /// day) `daysBack` local days before.
    func savedAt(_ now: Date) -> Date {
        guard daysBack > 0 else { return now }
        let zone = locales.timeZone
        let day = CivilDay(now, in: zone).adding(days: -daysBack)
        let minutes = time.minutes ?? UsualWeighInTime.minutes(of: [now], timeZone: zone) ?? 0
        return UsualWeighInTime.date(day, minutes: minutes, timeZone: zone)
    }

    /// Up and Down: an earlier or later day. Leaving today fills the time
    /// field with the usual time; between earlier days a time the person
    /// typed stays.
    mutating func moveDay(by delta: Int, _ context: AppContext) -> Outcome {
        let next = daysBack + delta
        guard (0...Self.mostDaysBack).contains(next) else { return .reject }
        let wasToday = daysBack == 0
        daysBack = next
        question = nil
        if next == 0 {
            if focus == .time { focus = .weight }
        } else if wasToday || !time.edited {
            time.show(minutes: usualMinutes(context))
        }
        titleText = title(context)
        showTime(context)
        return .redraw
    }

    /// The usual weigh-in time, or the current time of day without one.
    func usualMinutes(_ context: AppContext) -> Int {
        let zone = locales.timeZone
        return habits?.usualMinutes(timeZone: zone) ?? UsualWeighInTime.minutes(of: [context.now], timeZone: zone) ?? 0
    }

    /// The usual time, once read, in the field and the date line.
    mutating func showUsualTime(_ context: AppContext) {
        time.show(minutes: usualMinutes(context))
        showTime(context)
    }

    /// Tab: the weight, the body fat (read off the same scale, so next to
    /// it), the time (on an earlier day), the note; Shift-Tab the other way.
    mutating func nextField(backwards: Bool) {
        let order: [Focus] = daysBack > 0 ? [.weight, .fat, .time, .note] : [.weight, .fat, .note]
        let index = order.firstIndex(of: focus) ?? 0
        focus = order[(index + (backwards ? order.count - 1 : 1)) % order.count]
    }

    /// An edit of the time field; the date line follows a whole time.
    mutating func editTime(_ context: AppContext, _ edit: (inout TimeField) -> Bool) -> Outcome {
        guard edit(&time) else { return .none }
        showTime(context)
        return .redraw
    }

    /// "Enter Today's Weight"; "Enter Weight for Tuesday" within the last
    /// week; "Enter Weight for Nov 3" further back.
    func title(_ context: AppContext) -> String {
        guard daysBack > 0 else { return Self.title }
        let day = CivilDay(context.now, in: locales.timeZone).adding(days: -daysBack)
        let noon = Date(timeIntervalSince1970: Double(day.number) * 86_400 + 43_200)
        let utc = TimeZone(identifier: "UTC") ?? locales.timeZone
        var style = Date.FormatStyle(locale: locales.time, timeZone: utc)
        style.calendar = Calendar(identifier: .gregorian)
        let name = daysBack < 7 ? noon.formatted(style.weekday(.wide)) : noon.formatted(style.month(.abbreviated).day())
        return "Enter Weight for \(name)"
    }

    /// "Time: 07:00" (24-hour) at `row`; returns the cursor's column.
    func renderTime(into canvas: inout Canvas, row: Int, left: Int, width: Int) -> Int {
        let label = "Time: "
        canvas.put(label, row: row, column: left, style: inTime ? .bold : .dim)
        let column = left + canvas.columns(label)
        let end = canvas.put(time.text, row: row, column: column, style: inTime ? [.bold, .underline] : .bold)
        if !inTime, width - (end - left) > 16 {
            canvas.put("  (Tab changes it)", row: row, column: end, style: .dim)
        }
        return end
    }
}

extension WeightEntryScreen {
    /// "Body fat: 18.4 %" at `row` (issue 34), or "Body fat: Tab adds it"
    /// while empty and elsewhere; returns the cursor's column.
    func renderFat(into canvas: inout Canvas, row: Int, left: Int, width: Int) -> Int {
        let label = "Body fat: "
        canvas.put(label, row: row, column: left, style: inFat ? .bold : .dim)
        let column = left + canvas.columns(label)
        if fat.text.isEmpty && !inFat {
            canvas.put(canvas.truncate("optional, Tab", to: max(1, width - canvas.columns(label))), row: row, column: column, style: .dim)
            return column
        }
        let end = canvas.put(fat.text, row: row, column: column, style: inFat ? [.bold, .underline] : .bold)
        canvas.put(" %", row: row, column: end, style: .dim)
        return end
    }
}
