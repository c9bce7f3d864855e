import Foundation
import GrocerCore

/// The grocery screen's keys, by mode: the add line and the filter take
/// text (so `?` and `q` are typed there), the form takes every key, the
/// list takes single letters.
extension GroceriesScreen {
    static func inList(_ s: GroceriesScreen) -> Bool { s.mode == .list }
    static func typing(_ s: GroceriesScreen) -> Bool { s.mode == .adding || s.mode == .filtering }

    static let textBindings: [Binding<GroceriesScreen>] = [
        Binding(keys: [], typing: { _ in true }, help: "type the item or the filter", helpKeys: "letters", when: typing) { s, key, context in
            s.editLine(key, context)
        },
        // Only while a name is offered, so the bar offers Tab only then
        // (before the line's keys: Right at the end takes the name).
        Binding(
            keys: [.tab, .right], hint: "Tab", label: "Complete",
            help: "accept the offered name (adding)", helpKeys: "Tab  Right", when: { $0.mode == .adding && $0.completion != nil }
        ) { s, key, context in
            if let completion = s.completion, key == .tab || s.addLine.atEnd {
                s.addLine.set(completion.text)
                s.completion = nil
                return .redraw
            }
            return s.editLine(key, context)
        },
        Binding(
            keys: [.backspace, .delete, .left, .right, .home, .end, .ctrl("u")],
            help: "edit the line", helpKeys: "Backspace Delete Left Right Home End Ctrl-U", when: typing
        ) { s, key, context in
            s.editLine(key, context)
        },
        Binding(keys: [.enter], hint: "Enter", label: "Add", help: "add the item (or put it back on the list)", when: { $0.mode == .adding }) {
            s, _, _ in
            s.submitAdd()
        },
        Binding(keys: [.escape], hint: "Esc", label: "Done", help: "close the add line", when: { $0.mode == .adding }) { s, _, _ in
            s.mode = .list
            s.addLine.set("")
            s.completion = nil
            s.message = nil
            return .redraw
        },
        Binding(keys: [.enter], hint: "Enter", label: "Keep", help: "keep the filter and go back to the list", when: { $0.mode == .filtering }) {
            s, _, _ in
            s.mode = .list
            return .redraw
        },
        Binding(
            keys: [.escape], hint: "Esc", label: "Clear", help: "clear the filter",
            when: { $0.mode == .filtering || !$0.filter.text.isEmpty && $0.mode == .list }
        ) { s, _, context in
            s.mode = .list
            s.filter.set("")
            s.refreshRows(keep: s.selectedItem.map { .item($0.id) } ?? .index(0), context)
            return .redraw
        },
    ]

    static let listBindings: [Binding<GroceriesScreen>] = [
        Binding(
            keys: [.tab, .backTab], hint: "Tab", label: "Shop", help: "switch Prepare and Shop", helpKeys: "Tab  Shift-Tab",
            when: { inList($0) && $0.tab == .prepare }
        ) { s, _, context in
            s.switchTab(context)
        },
        Binding(
            keys: [.tab, .backTab], hint: "Tab", label: "Prepare", help: "switch Prepare and Shop", helpKeys: "Tab  Shift-Tab",
            when: { inList($0) && $0.tab == .shop }
        ) { s, _, context in
            s.switchTab(context)
        },
        Binding(
            keys: [.char(" ")], hint: "Space", label: "List", help: "Prepare: put on the list or take off", when: { inList($0) && $0.tab == .prepare }
        ) { s, _, _ in
            guard let item = s.selectedItem else { return .none }
            return .perform(.groceries(.apply(.toggleListed(item), .record)))
        },
        Binding(keys: [.char(" ")], hint: "Space", label: "Tick", help: "Shop: tick off or untick", when: { inList($0) && $0.tab == .shop }) {
            s, _, _ in
            guard let item = s.selectedItem else { return .none }
            return .perform(.groceries(.apply(.toggleCollected(item), .record)))
        },
        Binding(keys: [.char("a")], hint: "a", label: "Add", help: "add: \"2 kg flour\", \"3 apples\", \"milk\"", when: inList) { s, _, _ in
            s.mode = .adding
            s.message = nil
            s.addLine.set("")
            s.completion = nil
            return .redraw
        },
        Binding(keys: [.char("/")], hint: "/", label: "Find", help: "filter by name as you type (Esc clears)", when: inList) { s, _, _ in
            s.mode = .filtering
            s.message = nil
            return .redraw
        },
        Binding(
            keys: [.char("C")], hint: "C", label: "Clear", help: "Shop: take ticked items off the list (y/n)", when: { inList($0) && $0.tab == .shop }
        ) { s, _, _ in
            guard s.tickedCount > 0 else {
                s.message = "Nothing is ticked: there is nothing to clear."
                return .reject
            }
            s.mode = .confirmClear
            s.message = nil
            return .redraw
        },
        Binding(keys: [.char("e"), .enter], hint: "e", label: "Edit", help: "edit the item", helpKeys: "e  Enter", when: inList) { s, _, _ in
            guard let item = s.selectedItem else { return .none }
            s.form = GroceriesEditForm(item: item, catalog: s.catalog, locale: s.locale)
            s.mode = .editing
            s.message = nil
            return .redraw
        },
        Binding(
            keys: [.char("d"), .delete], hint: "d", label: "Delete", help: "delete the item (u brings it back)", helpKeys: "d  Delete", when: inList
        ) { s, _, _ in
            guard let item = s.selectedItem else { return .none }
            return .perform(.groceries(.apply(.deleted(item), .record)))
        },
        Binding(keys: [.char("u")], hint: "u", label: "Undo", help: "undo the last change (several levels)", when: inList) { s, _, _ in
            guard let change = s.undo.undo() else {
                s.message = "Nothing to undo."
                return .reject
            }
            return .perform(.groceries(.apply(change.reversed, .undo)))
        },
        Binding(
            keys: [.char("m")], hint: "m", label: "Manage", help: "units, places at home and aisles", when: inList, outcome: .go(.groceriesManage)),
        Binding(
            keys: [.up, .down, .char("k"), .char("j")], help: "move the selection", helpKeys: "Up Down  k j",
            when: { inList($0) || $0.mode == .filtering }
        ) { s, key, context in
            s.move(by: key == .up || key == .char("k") ? -1 : 1, context)
        },
        Binding(keys: [.pageUp, .pageDown], help: "move by a page", helpKeys: "PgUp PgDn", when: { inList($0) || $0.mode == .filtering }) {
            s, key, context in
            let page = max(1, listHeight(context) - 1)
            return s.move(by: key == .pageUp ? -page : page, context)
        },
        Binding(keys: [.home, .end, .char("g"), .char("G")], help: "to the first or last item", helpKeys: "Home End  g G", when: inList) {
            s, key, context in
            s.move(by: key == .home || key == .char("g") ? -s.rows.count : s.rows.count, context)
        },
        Binding(keys: [.char("y")], hint: "y", label: "Clear them", help: "yes (when asked)", when: { $0.mode == .confirmClear }) { s, _, _ in
            s.mode = .list
            return .perform(.groceries(.clearTicked))
        },
        Binding(
            keys: [.char("n"), .escape], hint: "n", label: "Keep them", help: "no (when asked)", helpKeys: "n  Esc",
            when: { $0.mode == .confirmClear }
        ) { s, _, _ in
            s.mode = .list
            s.message = "Nothing was cleared."
            return .redraw
        },
        Binding(keys: [.escape], help: "back to today's weight", when: { inList($0) && $0.filter.text.isEmpty }, outcome: .go(.weight)),
    ]

    mutating func switchTab(_ context: AppContext) -> Outcome {
        tab = tab.other
        message = nil
        refreshRows(keep: .index(0), context)
        offset = 0
        return .redraw
    }

    /// Moves to the item `step` items away (headings are skipped).
    mutating func move(by step: Int, _ context: AppContext) -> Outcome {
        guard let current = selection else { return .none }
        var index = current
        var left = abs(step)
        let direction = step < 0 ? -1 : 1
        var probe = current + direction
        while left > 0 && rows.indices.contains(probe) {
            if rows.isItem(probe) {
                index = probe
                left -= 1
            }
            probe += direction
        }
        guard index != current else { return .none }
        selection = index
        scrollToSelection(context)
        return .redraw
    }

    /// A key for the add line or the filter.
    mutating func editLine(_ key: Key, _ context: AppContext) -> Outcome {
        if mode == .filtering {
            let before = filter.text
            guard filter.edit(key) else { return .none }
            // A move of the cursor keeps the rows and the selection.
            guard filter.text != before else { return .redraw }
            offset = 0
            refreshRows(keep: .bestMatch, context)
            return .redraw
        }
        guard addLine.edit(key) else { return .none }
        message = nil
        complete()
        return .redraw
    }

    /// The name to offer for the add line as it is now.
    mutating func complete() {
        guard !addLine.text.trimmingCharacters(in: .whitespaces).isEmpty else {
            completion = nil
            return
        }
        if completer == nil {
            completer = NameCompleter(
                candidates: items.map { NameCompleter.Candidate(name: $0.name, recency: $0.id) }, locale: locale)
        }
        completion = completer?.complete(addLine.text, knownUnits: catalog.units.map(\.name))
    }

    mutating func submitAdd() -> Outcome {
        switch QuickEntry.parse(addLine.text, knownUnits: catalog.units.map(\.name), locale: locale) {
        case .failure(let problem):
            message = problem.message(locale: locale)
            return .reject
        case .success(let entry):
            addLine.set("")
            completion = nil
            return .perform(.groceries(.add(entry, locale: locale)))
        }
    }
}
