import Foundation
import GrocerCore

extension Route {
    public static let groceriesManage = Route("groceriesManage")
}

/// Units, places at home, aisles and shops (`m` on the grocery list):
/// add, rename, delete (items keep working: they lose that unit, place,
/// aisle or shop), and move aisles up and down to match the shop. `u`
/// undoes a rename or a delete of a unit, place or aisle (the items get it
/// back), or a shop's delete (its aisle order, hidden aisles and items
/// back), guarded as the grocery list's undo: what another grocer changed
/// since is left and named. A shop's own aisle order and the aisles it
/// hides are set on its aisles (Enter on a shop; `+Shops`).
public struct GroceriesManageScreen: Screen {
    public enum Mode: Equatable, Sendable {
        case list
        case adding
        case renaming(Int64)
        case confirmDelete(Int64)
    }

    public internal(set) var kind: GroceryNameKind = .aisle
    /// The Shops list is shown (after Aisles on Tab), not `kind`'s.
    public internal(set) var onShops = false
    /// The shop whose aisles are shown (Enter on a shop), nil for none.
    public internal(set) var openShop: Int64?
    public internal(set) var catalog = GroceryCatalog()
    public internal(set) var selection = 0
    public internal(set) var mode: Mode = .list
    public internal(set) var line = TextLine(limit: 100)
    public internal(set) var message: String?
    /// This session's renames and deletes, for `u`.
    public internal(set) var undo = UndoStack<ManageChange>()
    let locales: Locales

    public static let minimumSize = Size(width: 40, height: 10)
    public static let helpTitle: String? = "Units, places, aisles and shops"

    public init(locales: Locales) {
        self.locales = locales
    }

    public var takesText: Bool {
        switch mode {
        case .adding, .renaming: return true
        case .list, .confirmDelete: return false
        }
    }

    /// The names of the kind shown, in order, with their ids.
    public var entries: [(id: Int64, name: String)] {
        if openShop != nil { return shopAisles.map { ($0.id, $0.name) } }
        if onShops { return catalog.shops.map { ($0.id, $0.name) } }
        switch kind {
        case .unit: return catalog.units.map { ($0.id, $0.name) }
        case .place: return catalog.places.map { ($0.id, $0.name) }
        case .aisle: return catalog.aisles.map { ($0.id, $0.name) }
        }
    }

    /// The name being renamed or asked about, if any.
    var actingOn: Int64? {
        switch mode {
        case .renaming(let id), .confirmDelete(let id): return id
        case .list, .adding: return nil
        }
    }

    var selected: (id: Int64, name: String)? {
        let all = entries
        return all.indices.contains(selection) ? all[selection] : nil
    }

    public mutating func appear(_ context: inout AppContext) -> Outcome {
        mode = .list
        message = nil
        return .perform(.groceries(.load))
    }

    public mutating func receive(_ result: EffectResult, _ context: inout AppContext) -> Outcome {
        switch result {
        case .storeChanged:
            return .perform(.groceries(.load))
        case .groceries(.loaded(_, let catalog, _)), .groceries(.prefetched(_, let catalog, _)):
            show(catalog)
        case .groceries(.shopChanged(let request, let catalog)):
            let before = self.catalog
            show(catalog)
            message = Self.said(request, before: before, after: catalog)
        case .groceries(.shopDeleted(let deletion, let catalog)):
            undo.record(.shop(deletion))
            let before = self.catalog
            show(catalog)
            message = (Self.said(.delete(id: deletion.shop.id), before: before, after: catalog) ?? "") + " (u undoes)"
        case .groceries(.shopUndone(let undone, let catalog)):
            show(catalog)
            message = Self.said(undone)
            if undone.done {
                // The shop given back, on the Shops list.
                (onShops, openShop) = (true, nil)
                selection = entries.firstIndex { $0.id == undone.deletion.shop.id } ?? selection
                selection = max(0, min(selection, entries.count - 1))
            }
        case .groceries(.nameChanged(let change, let catalog)):
            undo.record(.name(change))
            show(catalog)
            message = Self.happened(change)
        case .groceries(.nameUndone(let undone, let catalog)):
            show(catalog)
            message = Self.said(undone)
            if undone.done {
                // The name given back, on its list.
                kind = undone.change.kind
                (onShops, openShop) = (false, nil)
                selection = entries.firstIndex { $0.id == undone.id } ?? selection
                selection = max(0, min(selection, entries.count - 1))
            }
        case .failed(.groceries(let request), let text):
            // An undo that failed is put back, to be undone again.
            if case .undoName = request { _ = undo.redo() }
            if case .shop(.undoDelete) = request { _ = undo.redo() }
            message = text
            return .reject
        default:
            return .none
        }
        return .redraw
    }

    /// The catalog as the store has it now; the selection stays on its
    /// name where it still exists.
    mutating func show(_ catalog: GroceryCatalog) {
        let keep = selected?.id
        self.catalog = catalog
        if openShop != nil && shop == nil {
            openShop = nil
            message = "That shop was deleted by another grocer."
        }
        if let id = actingOn, !entries.contains(where: { $0.id == id }) {
            // Deleted by another grocer meanwhile.
            mode = .list
            message = "That name was deleted by another grocer."
        }
        if let keep, let index = entries.firstIndex(where: { $0.id == keep }) { selection = index }
        selection = max(0, min(selection, entries.count - 1))
    }

    /// "Renamed Baking to Bread", "Deleted Baking (u undoes)".
    static func happened(_ change: GroceryNameChange) -> String {
        switch change.action {
        case .renamed(let from, let to): return "Renamed \(from) to \(to)"
        case .deleted(let name, _, _): return "Deleted \(name) (u undoes)"
        }
    }

    /// "Undid: delete Baking.", "Undid delete Baking, except apples another
    /// grocer changed since.", "Not undone: another grocer changed Bread
    /// since." (as the grocery list says it).
    static func said(_ undone: GroceryNameChange.Undone) -> String {
        let change = undone.change
        guard undone.done else { return "Not undone: another grocer changed \(change.currentName) since." }
        guard !undone.skipped.isEmpty else { return "Undid: \(change.label)." }
        let what = undone.skipped.count == 1 ? undone.skipped[0].name : "\(undone.skipped.count) items"
        return "Undid \(change.label), except \(what) another grocer changed since."
    }

    static func inList(_ s: Self) -> Bool { s.mode == .list }
    static func typing(_ s: Self) -> Bool { s.takesText }
    static func confirming(_ s: Self) -> Bool {
        if case .confirmDelete = s.mode { return true }
        return false
    }

    public static let bindings: [Binding<GroceriesManageScreen>] = [
        Binding(keys: [], typing: { _ in true }, help: "type the name", helpKeys: "letters", when: typing) { s, key, _ in
            s.line.edit(key) ? .redraw : .none
        },
        Binding(
            keys: [.backspace, .delete, .left, .right, .home, .end, .ctrl("u")], help: "edit the name",
            helpKeys: "Backspace Delete Left Right Home End Ctrl-U", when: typing
        ) { s, key, _ in
            s.line.edit(key) ? .redraw : .none
        },
        Binding(keys: [.enter], hint: "Enter", label: "Save", help: "save the name", when: typing) { s, _, _ in
            s.save()
        },
        Binding(keys: [.escape], hint: "Esc", label: "Cancel", help: "cancel", when: typing) { s, _, _ in
            s.mode = .list
            return .redraw
        },
        Binding(keys: [.char("y")], hint: "y", label: "Delete", help: "yes, delete (when asked)", when: confirming) { s, _, _ in
            guard case .confirmDelete(let id) = s.mode else { return .none }
            s.mode = .list
            return .perform(.groceries(s.onShops ? .shop(.delete(id: id)) : .delete(s.kind, id: id)))
        },
        Binding(keys: [.char("n"), .escape], hint: "n", label: "Keep", help: "no, keep it", helpKeys: "n  Esc", when: confirming) { s, _, _ in
            s.mode = .list
            return .redraw
        },
        Binding(
            keys: [.tab, .backTab], hint: "Tab", label: "Next list", help: "units, places, aisles, shops", helpKeys: "Tab  Shift-Tab",
            when: names
        ) { s, key, _ in
            // The kinds of name, then Shops, then round again.
            let all = GroceryNameKind.allCases
            let count = all.count + 1
            let now = s.onShops ? all.count : all.firstIndex(of: s.kind)!
            let next = (now + (key == .tab ? 1 : count - 1)) % count
            s.onShops = next == all.count
            if !s.onShops { s.kind = all[next] }
            s.openShop = nil
            s.selection = 0
            s.message = nil
            return .redraw
        },
        Binding(keys: [.up, .down, .char("k"), .char("j")], help: "move the selection", helpKeys: "Up Down  k j", when: inList) { s, key, _ in
            let next = s.selection + (key == .up || key == .char("k") ? -1 : 1)
            guard s.entries.indices.contains(next) else { return .none }
            s.selection = next
            return .redraw
        },
        Binding(keys: [.home, .end, .char("g"), .char("G")], help: "to the first or last one", helpKeys: "Home End  g G", when: inList) {
            s, key, _ in
            let target = key == .home || key == .char("g") ? 0 : max(0, s.entries.count - 1)
            guard target != s.selection else { return .none }
            s.selection = target
            return .redraw
        },
        Binding(keys: [.char("a")], hint: "a", label: "Add", help: "add one", when: names) { s, _, _ in
            s.line.set("")
            s.mode = .adding
            s.message = nil
            return .redraw
        },
        openShopBinding,
        Binding(keys: [.char("r"), .enter], hint: "r", label: "Rename", help: "rename the selected one", helpKeys: "r  Enter", when: names) {
            s, _, _ in
            guard let entry = s.selected else { return .none }
            s.line.set(entry.name)
            s.mode = .renaming(entry.id)
            s.message = nil
            return .redraw
        },
        Binding(
            keys: [.char("d"), .delete], hint: "d", label: "Delete", help: "delete (asks y/n; items keep working)", helpKeys: "d  Delete",
            when: names
        ) { s, _, _ in
            guard let entry = s.selected else { return .none }
            s.mode = .confirmDelete(entry.id)
            return .redraw
        },
        Binding(
            keys: [.char("u")], hint: "u", label: "Undo", help: "undo a rename or delete (several levels)",
            when: names
        ) {
            s, _, _ in
            guard let change = s.undo.undo() else {
                s.message = "Nothing to undo."
                return .reject
            }
            s.message = nil
            return .perform(.groceries(change.undoRequest))
        },
        Binding(
            keys: [.char("K"), .char("J"), .char("-"), .char("+")], hint: "K J", label: "Move", help: "aisles: move up or down", helpKeys: "K J  - +",
            when: { inList($0) && $0.kind == .aisle && !$0.onShops }
        ) { s, key, _ in
            guard let entry = s.selected else { return .none }
            let up = key == .char("K") || key == .char("-")
            let target = s.selection + (up ? -1 : 1)
            guard s.entries.indices.contains(target) else { return .none }
            // The reload keeps the moved aisle selected, at its new place.
            return .perform(.groceries(.moveAisle(id: entry.id, to: target)))
        },
        moveShopAisle, hideShopAisle, backToShops,
        Binding(keys: [.escape], hint: "Esc", label: "Groceries", help: "back to the grocery list", when: names, outcome: .go(.groceries)),
    ]

    /// In a list of names or of shops (not a shop's aisles).
    static func names(_ s: Self) -> Bool { inList(s) && s.openShop == nil }

    private mutating func save() -> Outcome {
        let name = line.text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !name.isEmpty else {
            message = "Type a name."
            return .reject
        }
        let request: GroceriesRequest
        switch mode {
        case .renaming(let id): request = onShops ? .shop(.rename(id: id, to: name)) : .rename(kind, id: id, to: name)
        default: request = onShops ? .shop(.add(name)) : .addName(kind, name)
        }
        mode = .list
        message = nil
        return .perform(.groceries(request))
    }

    public func render(into canvas: inout Canvas, _ context: AppContext) {
        canvas.cursor = nil
        var column = canvas.put("Manage", row: 0, column: 1, style: .bold) + 3
        for kind in GroceryNameKind.allCases {
            column = canvas.put(" \(kind.title) ", row: 0, column: column, style: kind == self.kind && !onShops ? [.reverse, .bold] : .dim) + 1
        }
        canvas.put(" Shops ", row: 0, column: column, style: onShops ? [.reverse, .bold] : .dim)
        switch mode {
        case .adding, .renaming:
            let start = canvas.put(mode == .adding ? "New name: " : "Rename to: ", row: 1, column: 1, style: .bold)
            let cursor = line.render(into: &canvas, row: 1, column: start, width: canvas.width - start - 1)
            canvas.cursor = (1, cursor)
        case .confirmDelete(let id) where onShops:
            let name = PlainText.visible(selected?.name ?? "")
            canvas.put(
                canvas.truncate("Delete \u{201C}\(name)\u{201D}? \(Self.losing(itemCount(naming: id))). (y/n)", to: canvas.width - 2),
                row: 1, column: 1, style: [.bold, .accent])
        case .confirmDelete:
            let name = PlainText.visible(selected?.name ?? "")
            canvas.put(
                canvas.truncate("Delete \u{201C}\(name)\u{201D}? Items keep working without it. (y/n)", to: canvas.width - 2), row: 1, column: 1,
                style: [.bold, .accent])
        case .list:
            break
        }
        // The status line, as the grocery list's (not an error's colour: "Renamed ...").
        if let message { canvas.put(canvas.truncate(PlainText.visible(message), to: canvas.width - 2), row: 2, column: 1, style: .accent) }
        if onShops { return renderShops(into: &canvas) }
        let all = entries
        if all.isEmpty { canvas.center("None yet. Press a to add one.", row: 4, style: .dim) }
        let height = max(1, canvas.height - 3)
        let first = max(0, min(selection - height + 1, all.count - height)) > 0 ? selection - height + 1 : 0
        for (i, entry) in all.dropFirst(first).prefix(height).enumerated() {
            let row = 3 + i
            let isSelected = first + i == selection
            let number = kind == .aisle ? String(first + i + 1) + ". " : ""
            if isSelected { canvas.fill(row: row, from: 1, count: canvas.width - 2, style: .reverse) }
            canvas.put(
                canvas.truncate(number + PlainText.visible(entry.name), to: canvas.width - 6), row: row, column: 3, style: isSelected ? .reverse : [])
        }
    }
}
