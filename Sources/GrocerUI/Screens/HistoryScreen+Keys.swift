import Foundation
import GrocerCore

extension HistoryScreen {
    var browsing: Bool { form == nil }
    var editing: Bool { form != nil }
    /// In the form typed characters are its text: `?` and `q` too (refused there).
    public var takesText: Bool { form != nil }

    public static let bindings: [Binding<HistoryScreen>] = [
        // Browsing the list and the graph.
        Binding(
            keys: [.up, .down, .char("k"), .char("j")], help: "select the newer or older entry (week, month)",
            helpKeys: "Up Down  k j", when: \.browsing
        ) { s, key, context in
            let delta = key == .up || key == .char("k") ? -1 : 1
            return s.periods == nil ? s.move(by: delta, context) : s.movePeriods(by: delta, context)
        },
        Binding(keys: [.pageUp, .pageDown], help: "a page newer or older", helpKeys: "PgUp PgDn", when: \.browsing) { s, key, context in
            let page = max(1, listRows(context.size) - 1)
            let delta = key == .pageUp ? -page : page
            return s.periods == nil ? s.move(by: delta, context) : s.movePeriods(by: delta, context)
        },
        // g and G jump as in the grocery list, less and htop.
        Binding(
            keys: [.home, .end, .char("g"), .char("G")], help: "the newest or the very oldest entry", helpKeys: "Home End  g G",
            when: \.browsing
        ) { s, key, context in
            let oldest = key == .end || key == .char("G")
            guard s.periods != nil else { return s.jump(toOldest: oldest, context) }
            return oldest ? s.periodsToOldest(context) : s.movePeriods(by: -(s.periods?.rows.count ?? 0), context)
        },
        Binding(
            keys: [.char("["), .char("]")] + (1...6).map { .char(Character(String($0))) },
            help: "graph range (1w 1m 3m 6m 1y all)", helpKeys: "[ ]  1 2 3 4 5 6", when: \.browsing
        ) { s, key, context in
            s.choose(range: key, context)
        },
        // No key: why the figures line shows "--" (TrendWeight's rule, WeightTrend.rateIsReliable).
        Binding(
            keys: [], help: "under 9 of the last 14 days weighed: no rate", helpKeys: "-- /week, by --", when: { _ in false }
        ) { _, _, _ in .none },
        Binding(
            keys: [.char("d"), .delete], hint: "d", label: "Delete", help: "delete the selected entry (u undoes it)",
            helpKeys: "d  Delete", when: \.browsingEntries
        ) { s, _, _ in
            guard let entry = s.window.selected else { return .reject }
            return .perform(.history(.deleteWeights([entry.id])))
        },
        Binding(
            keys: [.char("u")], hint: "u", label: "Undo", help: "undo a save, delete or edit (several times)",
            when: \.browsingEntries, liveLabel: \.undoLabel
        ) { s, _, _ in
            s.undoLast()
        },
        Binding(keys: [.char("U")], help: "redo: make the change undone last again", when: \.browsingEntries) { s, _, _ in
            s.redoLast()
        },
        Binding(
            keys: [.char("e"), .enter], hint: "e", label: "Edit", help: "edit the entry: value, unit, time, note",
            helpKeys: "e  Enter", when: \.browsingEntries
        ) { s, _, context in
            guard let entry = s.window.selected else { return .reject }
            s.form = EntryForm(
                purpose: .edit(entry), filter: s.filter, unit: context.defaultUnit, stones: context.displayUnit == .st, timeZone: s.locales.timeZone)
            return .redraw
        },
        Binding(keys: [.char("f")], help: "the body fat's trend on the graph, on or off", when: \.browsing) { s, _, _ in
            s.toggleFat()
        },
        // t for target: g and G jump, as on every list.
        Binding(keys: [.char("t")], hint: "t", label: "Goal", help: "set or clear the goal (target weight)", when: \.browsing) {
            s, _, context in
            s.form = EntryForm(
                purpose: .goal(current: s.goal), filter: s.filter, unit: context.defaultUnit, stones: context.displayUnit == .st,
                timeZone: s.locales.timeZone)
            return .redraw
        },
        // w for weeks (free on this screen and among the global keys); the
        // bar names what it shows next (help says it once).
        Binding(keys: [.char("w")], hint: "w", label: "Weeks", help: switchHelp, when: { $0.browsing && $0.periods == nil }) {
            s, _, context in
            s.switchList(context)
        },
        Binding(keys: [.char("w")], hint: "w", label: "Months", help: switchHelp, when: { $0.browsing && $0.periods?.period == .week }) {
            s, _, context in
            s.switchList(context)
        },
        Binding(
            keys: [.char("w")], hint: "w", label: "Entries", help: switchHelp, when: { $0.browsing && $0.periods?.period == .month }
        ) { s, _, context in
            s.switchList(context)
        },
        Binding(keys: [.escape], help: "weeks or months: back to the entries", when: \.browsingPeriods) { s, _, _ in
            s.periods = nil
            return .redraw
        },
        Binding(keys: [.escape], help: "back to today's weight", when: \.browsingEntries, outcome: .go(.weight)),

        // The edit and goal form.
        Binding(
            keys: [], typing: { _ in true }, help: "form: the value, or the date 2026-11-21 07:30",
            helpKeys: "0-9 . , - :", when: \.editing
        ) { s, key, _ in
            guard case .char(let ch) = key, s.form?.type(ch) == nil else { return .reject }
            return .redraw
        },
        // Always taken (help lists them), acting only in the form.
        // Always taken (help lists them; Home and End browse the list first).
        Binding(keys: [.left, .right, .home, .end], help: "form: move in the note", helpKeys: "Left Right  Home End") { s, key, _ in
            s.form?.moveInNote(key) == true ? .redraw : .none
        },
        Binding(keys: [.backspace, .delete], help: "form: delete the last character", helpKeys: "Backspace  Delete") { s, _, _ in
            s.form?.deleteBackward() == true ? .redraw : .none
        },
        Binding(keys: [.tab, .backTab], help: "form: the value, the date and time, the note", helpKeys: "Tab  Shift-Tab") { s, key, _ in
            s.form?.nextField(backwards: key == .backTab) == true ? .redraw : .none
        },
        Binding(keys: [.ctrl("u")], help: "form: the other unit (date or note: clear it)") { s, _, _ in
            guard let form = s.form else { return .none }
            if form.focus != .value { return s.form?.clearText() == true ? .redraw : .none }
            return s.form?.toggleUnit() == true ? .redraw : .reject
        },
        Binding(keys: [.enter], hint: "Enter", label: "Save", help: "form: save", when: \.editing) { s, _, context in
            s.submit(now: context.now)
        },
        Binding(keys: [.escape], hint: "Esc", label: "Cancel", help: "form: cancel", when: \.editing) { s, _, _ in
            s.form = nil
            return .redraw
        },
    ]

    static let switchHelp = "entries, weekly, monthly averages, entries"

    var filter: DecimalInputFilter { DecimalInputFilter(locale: locales.numeric) }

    mutating func move(by delta: Int, _ context: AppContext) -> Outcome {
        let (moved, needs) = window.move(by: delta)
        if let needs {
            return .perform(.history(.loadWeightPage(needs)))
        }
        follow(context)
        return moved ? .redraw : .none
    }

    mutating func jump(toOldest: Bool, _ context: AppContext) -> Outcome {
        let (moved, needs) = toOldest ? window.end() : window.home()
        if let needs {
            return .perform(.history(.loadWeightPage(needs)))
        }
        follow(context)
        return moved ? .redraw : .none
    }

    mutating func choose(range key: Key, _ context: AppContext) -> Outcome {
        let next: TrendRange
        switch key {
        case .char("["): next = range.shorter
        case .char("]"): next = range.longer
        case .char(let ch): next = ch.wholeNumberValue.map { TrendRange.allCases[$0 - 1] } ?? range
        default: next = range
        }
        guard next != range else { return .none }
        range = next
        // `all` over a long history draws the store's blocks of days: read
        // them first (every day, when it spans too few for blocks).
        if needsBlocks { return .perform(.history(blocksRequest(context))) }
        makeGraph()
        return .redraw
    }

    mutating func undoLast() -> Outcome {
        guard let last = undo.undo() else {
            notice = "Nothing to undo."
            return .reject
        }
        switch last {
        case .deleted(let entries):
            return .perform(.history(.restoreWeights(entries)))
        case .edited(let before, let after):
            return .perform(.history(.undoEdit(now: after, back: before)))
        case .added(let entry):
            return .perform(.history(.undoAdd(entry)))
        }
    }

    /// `U`: the change undone last, made again.
    mutating func redoLast() -> Outcome {
        guard let last = undo.redo() else {
            notice = "Nothing to redo."
            return .reject
        }
        return .perform(.history(.redo(last)))
    }

    /// What `u` will undo, for the hint bar: "undoes: add 78.7 kg Nov 28";
    /// nil (the bar says "Undo") when there is nothing.
    var undoLabel: String? {
        guard let next = undo.nextUndo else { return nil }
        switch next {
        case .added(let entry): return "undoes: add \(short(entry))"
        case .edited(_, let after): return "undoes: edit \(short(after))"
        case .deleted(let entries):
            return entries.count == 1 ? "undoes: delete \(short(entries[0]))" : "undoes: delete \(entries.count) entries"
        }
    }

    /// "78.7 kg Nov 28": the value as kept and the local day.
    func short(_ entry: WeightEntry) -> String {
        "\(entry.weight.formatted(locales.numeric)) \(formats.day(CivilDay(entry.recordedAt, in: locales.timeZone)))"
    }

    /// A change made again (`U`): the list and the days again.
    mutating func redone(_ change: HistoryChange, _ context: AppContext) -> Outcome {
        switch change {
        case .deleted(let entries):
            window.remove(entries)
            notice = "Deleted \(describe(entries)) again. Press u to undo."
        case .edited(let before, let after):
            window.remove([before])
            window.insert([after], select: true)
            notice = "Changed to \(describe([after])) again. Press u to undo."
        case .added(let entry):
            window.insert([entry], select: true)
            notice = "Saved \(describe([entry])) again. Press u to undo."
        }
        follow(context)
        return .perform(.history(daysRequest(context)))
    }

    mutating func submit(now: Date) -> Outcome {
        guard var form else { return .none }
        defer { self.form = form }
        if form.value.text.isEmpty, case .goal(let current) = form.purpose {
            return current == nil ? .reject : .perform(.history(.setGoal(nil)))
        }
        if form.value.holdsGroupingComma {
            form.message = form.value.filter.notAWeight(form.value.text)
            return .reject
        }
        if !form.inStones, let rejection = form.value.filter.check(form.value.text, unit: form.unit) {
            form.message = rejection == .tooManyFractionDigits ? "At most 2 digits after the separator." : "Type a weight, e.g. 72\(separator)5."
            return .reject
        }
        guard let weight = form.weight else {
            form.message =
                form.inStones
                ? Stones.typingRule(separator: form.value.filter.decimalSeparator) + " At most \(WeightUnit.lbs.maximum) lbs, more than 0."
                : "A weight must be more than 0."
            return .reject
        }
        switch form.purpose {
        case .goal:
            return .perform(.history(.setGoal(weight)))
        case .edit(let entry):
            guard let at = form.date(in: locales.timeZone) else {
                form.message = "Type the date and time as 2026-11-21 07:30."
                return .reject
            }
            if let problem = WeighInTime.problem(at, now: now) {
                form.message = problem == .inTheFuture ? "In the future (5 min at most)." : "That is before 1900."
                return .reject
            }
            return .perform(.history(.editWeight(id: entry.id, weight: weight, at: at, note: form.note.text)))
        }
    }
}
