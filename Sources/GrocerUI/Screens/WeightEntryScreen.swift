import Foundation
import GrocerCore

extension Route {
    public static let weight = Route("weight")
}

/// "Enter Today's Weight": the date and time, a field that takes only valid
/// decimals, and a unit button inside it that opens the unit picker; under
/// it an optional body fat (issue 34) and an optional note (Tab goes
/// there and back: weight, body fat, time on an earlier day, note). The unit is the app's
/// default unit (the picker changes it). On an earlier day (Up) the weight
/// takes the usual weigh-in time, in a time field Tab reaches
/// (WeightEntryScreen+Backfill.swift); a weight far from the trend is
/// asked about before it is saved (WeightEntryScreen+Typo.swift).
public struct WeightEntryScreen: Screen {
    public enum Focus: Equatable, Sendable { case weight, fat, time, note }

    public private(set) var field: WeightField
    /// "after a long run": saved with the weight (`WeightNote`).
    public private(set) var note = TextLine(limit: WeightNote.maxLength)
    /// The body fat, optional: saved with the weight (issue 34).
    public internal(set) var fat: BodyFatField
    public internal(set) var focus: Focus = .weight
    /// The time of day on an earlier day (issue 34).
    public internal(set) var time = TimeField()
    /// The trend and the recent weigh-in times, once read; nil: not yet
    /// (no typo check, the current time on an earlier day).
    public internal(set) var habits: WeighInHabits?
    /// A weight far from the trend, asked about: Enter saves it as typed,
    /// Esc goes back to edit it.
    public internal(set) var question: FarFromTrend?
    /// "Enter Weight for Tuesday" on an earlier day.
    var titleText = WeightEntryScreen.title
    public private(set) var appearedAt: Date
    /// `appearedAt` in the user's locale, formatted once per appearance:
    /// every keystroke redraws the screen, and an ICU date formatter is the
    /// costliest part of a render.
    private var appearedAtText = ""
    public internal(set) var message: String?
    let locales: Locales

    public static let title = "Enter Today's Weight"
    public static let minimumSize = Size(width: 36, height: 13)
    public static let helpTitle: String? = "Today's weight"
    static let fieldWidth = 34

    /// Made from the context: its locales, and the decimal separator its
    /// hints give (an earlier launch's until the store opens).
    public init(_ context: AppContext) {
        self.locales = context.locales
        self.appearedAt = .distantPast
        self.field = WeightField(filter: DecimalInputFilter(decimalSeparator: context.decimalSeparator))
        self.fat = BodyFatField(filter: DecimalInputFilter(decimalSeparator: context.decimalSeparator))
    }

    /// When the time shown next changes (the next minute), in uptime.
    public private(set) var wakeAt: Duration?

    /// Days before today the weight is for (Up and Down move it): last
    /// night's forgotten weigh-in is Up, then Enter; 0 is now.
    public internal(set) var daysBack = 0
    static let mostDaysBack = 36_500

    /// Each time the screen appears: empty field, today, fresh date and
    /// time; the trend and the usual time read again (once the store is
    /// open: nothing but the loop's thread runs before the first frame).
    public mutating func appear(_ context: inout AppContext) -> Outcome {
        field.clear()
        note.set("")
        fat.clear()
        focus = .weight
        daysBack = 0
        question = nil
        titleText = Self.title
        showTime(context)
        // A line the app left for this screen (keys typed before the store
        // opened, dropped: `AppModel.settle`).
        message = context.notice
        context.notice = nil
        guard context.storeReady else { return .redraw }
        return .perform(.loadWeighInHabits(unit: context.defaultUnit))
    }

    /// At the turn of each minute the time (and at midnight the date)
    /// shown moves on; what is typed stays.
    public mutating func wake(_ context: inout AppContext) -> Outcome {
        showTime(context)
        return .redraw
    }

    /// Shows `context.now` and asks to be woken when its minute ends.
    mutating func showTime(_ context: AppContext) {
        appearedAt = context.now
        appearedAtText = timeText(context.now, context)
        wakeAt = context.uptime + Self.untilNextMinute(context.now)
    }

    /// The date and time the weight is for: "Tuesday, November 24, 2026 at
    /// 7:25 AM (yesterday)".
    private func timeText(_ now: Date, _ context: AppContext) -> String {
        let text = context.longDateShortTime(savedAt(now))
        switch daysBack {
        case 0: return text
        case 1: return text + " (yesterday)"
        default: return text + " (\(daysBack) days ago)"
        }
    }

    /// From `now` to the start of the next minute (never zero).
    static func untilNextMinute(_ now: Date) -> Duration {
        let seconds = now.timeIntervalSince1970
        let left = 60 - (seconds - (seconds / 60).rounded(.down) * 60)
        return .milliseconds(Int64((left * 1000).rounded(.up)))
    }

    /// With a weight or a note typed, `q` asks first (a second `q` quits).
    public var guardsQuit: Bool { !field.text.isEmpty || !note.text.isEmpty || !fat.text.isEmpty }
    /// In the note every character is text: `q` and `?` too.
    public var takesText: Bool { focus == .note }
    /// Digits, a separator, a space (stones) and Backspace in the weight.
    public func typesBeforeStore(_ key: Key) -> Bool {
        guard !saving, question == nil, focus == .weight else { return false }
        switch key {
        case .char(let ch): return ch.isASCIIDigit || ch == "." || ch == "," || ch == " "
        case .backspace, .delete: return true
        default: return false
        }
    }
    var inNote: Bool { focus == .note }
    var inTime: Bool { focus == .time }
    var inFat: Bool { focus == .fat }

    /// A save asked for and not answered yet: the field keeps its text
    /// (edits wait), Enter does not save twice, Esc gives up the wait.
    public internal(set) var saving = false
    public var holdsScreen: Bool { saving }
    static let waitingText = "Waiting for another grocer to finish writing to the store… Esc gives up; your weight stays typed."

    /// Shown after a first `q` with a weight typed; while it shows, `q` quits.
    var quitQuestion: String {
        field.text.isEmpty ? "Not saved: q again quits and drops the note." : "Not saved: q again quits and drops “\(field.text)”; Enter saves it."
    }

    public static let bindings: [Binding<WeightEntryScreen>] = [
        Binding(
            keys: [.char("q")], help: "quit; with a weight typed, asks first",
            when: { $0.guardsQuit && !$0.inNote }
        ) { s, _, _ in
            if s.message == s.quitQuestion { return .quit() }
            s.message = s.quitQuestion
            return .reject
        },
        Binding(
            keys: [], typing: { _ in true }, help: "type the weight (the separator or .) or note",
            helpKeys: "0-9 and ."
        ) { s, key, context in
            guard case .char(let ch) = key else { return .none }
            return s.type(ch, unit: context.displayUnit, context)
        },
        Binding(keys: [.backspace, .delete], help: "delete the last character", helpKeys: "Backspace  Delete") { s, key, context in
            guard !s.saving else { return .reject }
            s.message = nil
            s.question = nil
            if s.inNote { return s.note.edit(key) ? .redraw : .none }
            if s.inTime { return s.editTime(context) { $0.deleteBackward() } }
            if s.inFat { return s.fat.deleteBackward() ? .redraw : .none }
            return s.field.deleteBackward() ? .redraw : .none
        },
        Binding(
            keys: [.tab, .backTab], help: "body fat, time (earlier days), note, weight", helpKeys: "Tab  Shift-Tab"
        ) { s, key, _ in
            guard !s.saving else { return .reject }
            s.nextField(backwards: key == .backTab)
            s.message = nil
            return .redraw
        },
        Binding(keys: [.left, .right, .home, .end], help: "move in the note", helpKeys: "Left Right  Home End") { s, key, _ in
            s.inNote && s.note.edit(key) ? .redraw : .none
        },
        Binding(
            keys: [.enter], hint: "Enter", label: "Save", help: "save, then the history (a typo: asks first)"
        ) { s, _, context in
            s.save(unit: context.displayUnit, now: context.now)
        },
        Binding(
            keys: [.up, .down], help: "an earlier or later day (at your usual time)", helpKeys: "Up Down"
        ) { s, key, context in
            guard !s.saving else { return .reject }
            return s.moveDay(by: key == .up ? 1 : -1, context)
        },
        Binding(keys: [.escape], help: "clear (a question: edit it; saving: give up)") { s, _, _ in
            if s.saving {
                s.message = "Giving up…"
                return .perform(.giveUpSave)
            }
            if s.question != nil {
                // Back to edit what was typed, kept as it is.
                s.question = nil
                s.message = nil
                s.focus = .weight
                return .redraw
            }
            guard !s.field.text.isEmpty || !s.note.text.isEmpty || !s.fat.text.isEmpty || s.message != nil || s.inNote || s.inFat
            else { return .none }
            s.field.clear()
            s.note.set("")
            s.fat.clear()
            s.focus = .weight
            s.message = nil
            return .redraw
        },
        Binding(keys: [.ctrl("u")], hint: "^U", label: "Unit", help: "unit picker (lbs, kg, st); a field: clear it") {
            s, _, context in
            guard !s.saving else { return .reject }
            s.message = nil
            if s.inNote { return s.note.edit(.ctrl("u")) ? .redraw : .none }
            if s.inFat {
                guard !s.fat.text.isEmpty else { return .none }
                s.fat.clear()
                return .redraw
            }
            if s.inTime { return s.editTime(context) { $0.clear() } }
            return .present(.unitPicker)
        },
    ]

    private mutating func type(_ ch: Character, unit display: DisplayUnit, _ context: AppContext) -> Outcome {
        let unit = display.measure
        if saving { return .reject }
        question = nil
        if inTime {
            guard editTime(context, { $0.insert(ch) }) != .none else {
                message = Self.timeRule
                return .reject
            }
            message = nil
            return .redraw
        }
        if inFat {
            if let refusal = fat.insert(ch) {
                message = refusal
                return .reject
            }
            message = nil
            return .redraw
        }
        if inNote {
            guard note.insert(ch) else {
                message = WeightNote.typingRule
                return .reject
            }
            message = nil
            return .redraw
        }
        if display == .st {
            guard field.insertStones(ch) else {
                message = Self.stonesHint(separator)
                return .reject
            }
            message = nil
            return .redraw
        }
        if let rejection = field.insert(ch, unit: unit) {
            message = describe(rejection, unit: unit)
            return .reject
        }
        message = nil
        return .redraw
    }

    /// How a weight is typed in stones.
    static func stonesHint(_ separator: String) -> String {
        Stones.typingRule(separator: separator.first ?? ".")
    }

    /// Saved at the time of the key: the minute shown (on the day chosen).
    private mutating func save(unit display: DisplayUnit, now: Date) -> Outcome {
        let unit = display.measure
        guard !saving else { return .none }
        guard !field.text.isEmpty else {
            if inNote || !note.text.isEmpty {
                message = "Type the weight first (Tab goes back to it)."
                return .reject
            }
            return .none
        }
        if display == .st {
            // Kept in pounds, exactly.
            guard let weight = Stones.weight(typed: field.text, separator: field.filter.decimalSeparator) else {
                message = Self.stonesHint(separator) + " At most \(WeightUnit.lbs.maximum) lbs, more than 0."
                return .reject
            }
            return ask(weight, now: now, display: display)
        }
        if let rejection = field.filter.check(field.text, unit: unit) {
            message = describe(rejection, unit: unit)
            return .reject
        }
        guard let weight = field.weight(unit: unit) else {
            message = "A weight must be more than 0. Type your weight, e.g. \(example(unit))."
            return .reject
        }
        return ask(weight, now: now, display: display)
    }

    /// Saved: the history shows it. Refused: say so and keep what was typed.
    public mutating func receive(_ result: EffectResult, _ context: inout AppContext) -> Outcome {
        switch result {
        case .weighInHabits(let habits):
            self.habits = habits
            // An earlier day shown before the usual time was known takes it now.
            if daysBack > 0, !time.edited { showUsualTime(context) }
            return .redraw
        case .weightSaved(let entry):
            saving = false
            context.saved = entry
            let typed = entry.weight.formatted(locales.numeric)
            context.notice =
                context.displayUnit == .st && entry.weight.unit == .lbs
                ? "Saved \(Stones.text(pounds: entry.weight.value, separator: field.filter.decimalSeparator)) (\(typed))" : "Saved \(typed)"
            return .go(.history)
        case .saveWaiting where saving:
            message = Self.waitingText
            return .redraw
        case .failed(.saveWeight, let text):
            saving = false
            message = text
            return .redraw
        default:
            return .none
        }
    }

    private var separator: String { String(field.filter.decimalSeparator) }
    private func example(_ unit: WeightUnit) -> String { unit == .kg ? "72\(separator)5" : "160\(separator)5" }
    private func example(_ unit: DisplayUnit) -> String { unit == .st ? "11 4\(separator)5" : example(unit.measure) }

    func describe(_ rejection: DecimalInputFilter.Rejection, unit: WeightUnit) -> String {
        // A comma kept as typed: the command line's words for the same text.
        if field.holdsGroupingComma { return field.filter.notAWeight(field.text) }
        switch rejection {
        case .notADigit(let ch) where ch == field.filter.decimalSeparator:
            return "Type a digit before “\(separator)”."
        case .notADigit(let ch):
            return "“\(ch)” is not allowed: type digits and one “\(separator)”."
        case .secondSeparator:
            return "Only one “\(separator)” is allowed."
        case .tooManyFractionDigits:
            return "At most 2 digits after “\(separator)”."
        case .overMaximum(let max, let unit):
            let shown = max.formatted(.number.locale(locales.numeric))
            return "That is over \(shown) \(unit.rawValue), the most grocer takes."
        }
    }

    public func render(into canvas: inout Canvas, _ context: AppContext) {
        let w = canvas.width
        let unit = context.displayUnit
        canvas.center(titleText, row: 1, style: .bold)
        canvas.center(appearedAtText, row: 3)

        let boxWidth = min(Self.fieldWidth, w)
        let left = (w - boxWidth) / 2
        let top = 5
        Box.draw(into: &canvas, top: top, left: left, width: boxWidth, height: 3, title: "Weight")
        let button = "[ \(unit.rawValue) ^U ]"
        let buttonColumn = left + boxWidth - 1 - canvas.columns(button) - 1
        canvas.put(button, row: top + 1, column: buttonColumn, style: .accent)
        let textColumn = left + 2
        var end: Int
        if unit == .st, !field.text.isEmpty {
            // "11 st 4.5 lb" as it is typed: the stones, then the pounds.
            let parts = field.text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            end = canvas.put(String(parts[0]), row: top + 1, column: textColumn, style: .bold)
            end = canvas.put(" st", row: top + 1, column: end, style: .dim)
            if parts.count == 2 {
                end = canvas.put(" " + parts[1], row: top + 1, column: end, style: .bold)
                canvas.put(" lb", row: top + 1, column: end, style: .dim)
            }
        } else {
            end = canvas.put(field.text, row: top + 1, column: textColumn, style: .bold)
        }
        if field.text.isEmpty {
            canvas.put("e.g. \(example(unit))", row: top + 1, column: textColumn, style: .dim)
        }
        // Under the box the body fat, "Body fat: 18.4 %" (Tab goes there),
        // then on an earlier day the time, "Time: 07:00".
        var row = top + 3
        let fatCursor = renderFat(into: &canvas, row: row, left: left + 1, width: boxWidth - 1)
        row += 1
        var timeCursor = left + 1
        if daysBack > 0 {
            timeCursor = renderTime(into: &canvas, row: row, left: left + 1, width: boxWidth - 1)
            row += 1
        }
        // The note, under the box: "Note: after a run" (Tab goes there).
        let label = "Note: "
        let noteWidth = max(1, boxWidth - canvas.columns(label) - 1)
        canvas.put(label, row: row, column: left + 1, style: inNote ? .bold : .dim)
        var noteCursor = left + 1 + canvas.columns(label)
        if note.text.isEmpty && !inNote {
            canvas.put(canvas.truncate("Tab adds one", to: noteWidth), row: row, column: noteCursor, style: .dim)
        } else {
            noteCursor = note.render(into: &canvas, row: row, column: noteCursor, width: noteWidth, style: inNote ? .underline : [])
        }
        if let message {
            for (i, line) in canvas.wrap(message, width: max(10, w - 4)).prefix(2).enumerated() {
                canvas.center(line, row: row + 1 + i, style: question != nil ? .accent : .error)
            }
        }
        switch focus {
        case .weight: canvas.cursor = (top + 1, end)
        case .fat: canvas.cursor = (top + 3, fatCursor)
        case .time: canvas.cursor = (top + 4, timeCursor)
        case .note: canvas.cursor = (row, noteCursor)
        }
    }
}
