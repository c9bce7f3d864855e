import Foundation
import GrocerCore

/// The grocery screen's keys, by mode: the add line and the filter take
/// text (so `?` and `q` are typed there), the form takes every key, the
/// list takes single letters. Each table is one part of help.
extension GroceriesScreen {
    static func inList(_ s: GroceriesScreen) -> Bool { s.mode == .list }
    static func adding(_ s: GroceriesScreen) -> Bool { s.mode == .adding }
    static func filtering(_ s: GroceriesScreen) -> Bool { s.mode == .filtering }

    /// In the order the hint bar shows them (a kept filter's Esc first,
    /// then the tabs and Space).
    public static let bindings: [Binding<GroceriesScreen>] =
        filterBindings + tabBindings + prepareBindings + shopBindings + listBindings + syncBindings + addBindings + formBindings
        + recipeBindings + reviewBindings + pasteBindings

    /// Help, one section per mode: the list (both tabs), what differs in
    /// Prepare and in Shop, the add line, the filter, the edit form.
    public static var helpParts: [HelpPart<GroceriesScreen>] {
        [
            HelpPart("Groceries", tabBindings + listBindings),
            HelpPart("Groceries: Prepare", prepareBindings),
            HelpPart("Groceries: Shop", shopBindings),
            HelpPart("Groceries: sync", syncBindings),
            HelpPart("Groceries: adding (a)", addBindings),
            HelpPart("Groceries: filter (/)", filterBindings),
            HelpPart("Groceries: edit form (e)", formBindings),
            HelpPart("Groceries: recipe file (R), paste", recipeBindings + pasteBindings),
            HelpPart("Groceries: review", reviewBindings),
        ]
    }

    static let tabBindings: [Binding<GroceriesScreen>] = [
        Binding(
            keys: [.tab, .backTab], hint: "Tab", label: "Shop", help: "switch Prepare and Shop", helpKeys: "Tab  Shift-Tab",
            when: { inList($0) && $0.tab == .prepare }, liveLabel: { $0.nextTabLabel }
        ) { s, key, context in
            s.switchTab(backward: key == .backTab, context)
        },
        Binding(
            keys: [.tab, .backTab], hint: "Tab", label: "Prepare", help: "switch Prepare and Shop", helpKeys: "Tab  Shift-Tab",
            when: { inList($0) && $0.tab == .shop }, liveLabel: { $0.nextTabLabel }
        ) { s, key, context in
            s.switchTab(backward: key == .backTab, context)
        },
    ]

    static let prepareBindings: [Binding<GroceriesScreen>] = [
        Binding(
            keys: [.char(" ")], hint: "Space", label: "List", help: "put on the list or take off", when: { inList($0) && $0.tab == .prepare }
        ) { s, _, _ in
            guard let item = s.selectedItem else { return .none }
            return .perform(.groceries(.apply(.toggleListed(item), .record)))
        }
    ]

    static let shopBindings: [Binding<GroceriesScreen>] = [
        Binding(keys: [.char(" ")], hint: "Space", label: "Tick", help: "tick off or untick", when: { inList($0) && $0.tab == .shop }) {
            s, _, _ in
            guard let item = s.selectedItem else { return .none }
            return .perform(.groceries(.apply(.toggleCollected(item), .record)))
        },
        Binding(
            keys: [.char("C")], hint: "C", label: "Clear", help: "take ticked items off the list (asks y/n)", when: { inList($0) && $0.tab == .shop }
        ) { s, _, _ in
            guard s.tickedCount > 0 else {
                s.message = "Nothing is ticked: there is nothing to clear."
                return .reject
            }
            s.mode = .confirmClear
            s.message = nil
            return .redraw
        },
        Binding(keys: [.char("y")], hint: "y", label: "Clear them", help: "after C: yes, take them off", when: { $0.mode == .confirmClear }) {
            s, _, _ in
            s.mode = .list
            return .perform(.groceries(.clearTicked))
        },
        Binding(
            keys: [.char("n"), .escape], hint: "n", label: "Keep them", help: "after C: no, keep them", helpKeys: "n  Esc",
            when: { $0.mode == .confirmClear }
        ) { s, _, _ in
            s.mode = .list
            s.message = "Nothing was cleared."
            return .redraw
        },
    ]

    static let listBindings: [Binding<GroceriesScreen>] = [
        Binding(keys: [.char("a")], hint: "a", label: "Add", help: "add: \"2 kg flour\", \"3 apples\", \"milk\"", when: inList) { s, _, _ in
            s.mode = .adding
            s.message = nil
            s.addLine.set("")
            s.completion = nil
            return .redraw
        },
        Binding(keys: [.char("/")], hint: "/", label: "Find", help: "filter by name as you type", when: inList) { s, _, _ in
            s.mode = .filtering
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
            keys: [.char("m")], hint: "m", label: "Manage", help: "units, places at home, aisles and shops", when: inList,
            outcome: .go(.groceriesManage)),
        Binding(keys: [.up, .down, .char("k"), .char("j")], help: "move the selection", helpKeys: "Up Down  k j", when: inList) {
            s, key, context in
            s.move(by: key == .up || key == .char("k") ? -1 : 1, context)
        },
        Binding(keys: [.pageUp, .pageDown], help: "move by a page", helpKeys: "PgUp PgDn", when: inList) { s, key, context in
            s.move(byPage: key, context)
        },
        Binding(keys: [.home, .end, .char("g"), .char("G")], help: "to the first or last item", helpKeys: "Home End  g G", when: inList) {
            s, key, context in
            s.move(by: key == .home || key == .char("g") ? -s.rows.count : s.rows.count, context)
        },
        Binding(keys: [.escape], help: "back to today's weight", when: { inList($0) && $0.filter.text.isEmpty }, outcome: .go(.weight)),
    ]

    static let addBindings: [Binding<GroceriesScreen>] = [
        Binding(keys: [], typing: { _ in true }, help: "type the item (Enter adds what is typed)", helpKeys: "letters", when: adding) {
            s, key, context in
            s.editLine(key, context)
        },
        // Only while a name is offered, so that the bar offers Tab only then.
        Binding(
            keys: [.tab], hint: "Tab", label: "Complete", help: "take the offered name (Right at the end too)",
            when: { adding($0) && $0.completion != nil }
        ) { s, _, _ in
            s.takeCompletion()
        },
        Binding(
            keys: [.backspace, .delete, .left, .right, .home, .end, .ctrl("u")],
            help: "edit the line", helpKeys: "Backspace Delete Left Right Home End Ctrl-U", when: adding
        ) { s, key, context in
            if key == .right, s.completion != nil, s.addLine.atEnd { return s.takeCompletion() }
            return s.editLine(key, context)
        },
        Binding(keys: [.enter], hint: "Enter", label: "Add", help: "add the item (or put it back on the list)", when: adding) { s, _, _ in
            s.submitAdd()
        },
        Binding(keys: [.escape], hint: "Esc", label: "Done", help: "close the add line", when: adding) { s, _, _ in
            s.mode = .list
            s.addLine.set("")
            s.completion = nil
            s.message = nil
            return .redraw
        },
    ]

    /// Up and Down move the selection while typing the filter; k and j are
    /// typed.
    static let filterBindings: [Binding<GroceriesScreen>] = [
        Binding(keys: [], typing: { _ in true }, help: "type the filter (case and accents ignored)", helpKeys: "letters", when: filtering) {
            s, key, context in
            s.editLine(key, context)
        },
        Binding(
            keys: [.backspace, .delete, .left, .right, .home, .end, .ctrl("u")],
            help: "edit the filter", helpKeys: "Backspace Delete Left Right Home End Ctrl-U", when: filtering
        ) { s, key, context in
            s.editLine(key, context)
        },
        Binding(keys: [.up, .down], help: "move the selection", helpKeys: "Up Down", when: filtering) { s, key, context in
            s.move(by: key == .up ? -1 : 1, context)
        },
        Binding(keys: [.pageUp, .pageDown], help: "move by a page", helpKeys: "PgUp PgDn", when: filtering) { s, key, context in
            s.move(byPage: key, context)
        },
        Binding(keys: [.enter], hint: "Enter", label: "Keep", help: "keep the filter and go back to the list", when: filtering) { s, _, _ in
            s.mode = .list
            return .redraw
        },
        // Also from the list while a filter is kept.
        Binding(
            keys: [.escape], hint: "Esc", label: "Clear", help: "clear the filter (also from the list)",
            when: { filtering($0) || !$0.filter.text.isEmpty && inList($0) }
        ) { s, _, context in
            s.mode = .list
            s.filter.set("")
            s.refreshRows(keep: s.selectedItem.map { .item($0.id) } ?? .index(0), context)
            return .redraw
        },
    ]

    mutating func switchTab(backward: Bool = false, _ context: AppContext) -> Outcome {
        stepTab(backward: backward)
        message = nil
        refreshRows(keep: .index(0), context)
        offset = 0
        return .redraw
    }

    mutating func move(byPage key: Key, _ context: AppContext) -> Outcome {
        let page = max(1, Self.listHeight(context) - 1)
        return move(by: key == .pageUp ? -page : page, context)
    }

    /// The add line takes the offered name.
    mutating func takeCompletion() -> Outcome {
        guard let completion else { return .none }
        addLine.set(completion.text)
        self.completion = nil
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
        if let aisle = NameCompleter.aisleFragment(in: addLine.text) {
            let aisles = NameCompleter(
                candidates: catalog.aisles.map { NameCompleter.Candidate(name: $0.name, recency: -Int64($0.position)) }, locale: locale)
            completion = aisles.completeAisle(addLine.text, fragment: aisle)
            return
        }
        completion = completer?.complete(addLine.text, knownUnits: catalog.units.map(\.name))
    }
}
