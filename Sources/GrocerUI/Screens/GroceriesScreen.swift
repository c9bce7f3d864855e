import Foundation
import GrocerCore

extension Route {
    public static let groceries = Route("groceries")
}

/// The grocery list (F5): Prepare lists every item by where it is kept at
/// home, and Space puts one on the list; Shop lists what is on the list by
/// aisle in the person's order, and Space ticks one off; `C` clears the
/// ticked ones. `a` adds with one line, `/` filters, `e` edits in a form,
/// `d` deletes, `u` undoes. The lists are grouped once per change of the
/// data; a frame draws only the rows that show. The header says where sync
/// stands, and the screen drives it while open (GroceriesSync.swift).
public struct GroceriesScreen: Screen {
    public enum Mode: Equatable, Sendable {
        case list
        /// Typing in the add line.
        case adding
        /// Typing in the filter.
        case filtering
        /// "Clear N ticked items? y/n".
        case confirmClear
        /// The edit form is open.
        case editing
        /// `R`: typing a recipe file's path.
        case recipePath
        /// Reviewing many lines before they are added (`review`).
        case reviewing
    }

    public internal(set) var tab: GroceriesTab = .prepare
    /// In Shop, the shop shown (an index into `catalog.shops`); nil with
    /// no shop defined: Shop lists every item, as before shops.
    public internal(set) var shopIndex: Int?
    public internal(set) var mode: Mode = .list
    public internal(set) var items: [GroceryItem] = []
    public internal(set) var catalog = GroceryCatalog() {
        didSet {
            guard catalog.shops != oldValue.shops || catalog.itemShops != oldValue.itemShops else { return }
            keepShop(from: oldValue.shops)
            lists[.shop] = nil
            membership = nil
        }
    }
    public internal(set) var loaded = false
    /// What the list shows now (filtered), headings included.
    public internal(set) var rows = GroceriesRows()
    /// The selected row (always an item row), nil when no item shows.
    public internal(set) var selection: Int?
    /// The first row of the list on screen.
    public internal(set) var offset = 0
    public internal(set) var filter = TextLine()
    public internal(set) var addLine = TextLine(limit: 240)
    public internal(set) var completion: NameCompleter.Completion?
    public internal(set) var form: GroceriesEditForm?
    /// The review of a paste or a recipe (GroceriesScreen+Review.swift).
    public internal(set) var review: GroceriesReview?
    public internal(set) var recipePath = TextLine(limit: 1024)
    public internal(set) var undo = UndoStack<GroceryItemChange>()
    /// A line under the input line: what just happened, or why a key was refused.
    public internal(set) var message: String?
    /// Items on the list, and ticked ones among them: counted per change.
    public internal(set) var listedCount = 0
    public internal(set) var tickedCount = 0
    /// Where sync stands, as last heard; nil until the first answer.
    public internal(set) var syncStatus: SyncStatus?
    /// This screen asked for a sync and has not heard its end.
    public internal(set) var syncStarted = false
    /// Just opened: the status asked for is followed by a sync.
    var syncOnStatus = false
    /// The sync running was asked for with `s`: its failure is said.
    var syncAskedByKey = false
    /// When (uptime) the sync after the person's last change is due.
    public internal(set) var syncDueAt: Duration?
    /// When the next periodic sync is due.
    public internal(set) var nextPeriodicSync: Duration?
    /// How long the periodic sync waits (SyncPoll.swift), and when the
    /// sync this screen started began (to tell a slow server).
    var syncPoll = SyncPoll()
    var syncStartedAt: Duration?
    /// When the header's "synced … ago" is drawn again.
    var headerRefreshAt: Duration?
    var lists: [GroceriesTab: GroceriesTabList] = [:]
    /// Every item in the order of their names, kept while no name
    /// changes: Tab to a tab or a shop groups without sorting or copying.
    var byName: ItemsByName?
    /// The items' shops as bits, for `byName` and `catalog` as they are.
    var membership: ShopMembership?
    var completer: NameCompleter?
    let locales: Locales

    public static let minimumSize = Size(width: 40, height: 10)
    public static let helpTitle: String? = "Groceries"
    /// Rows above the list: the tabs, the input line, the message line.
    static let listTop = 3

    public init(locales: Locales) {
        self.locales = locales
    }

    var locale: Locale { locales.numeric }

    public var takesText: Bool { mode == .adding || mode == .filtering || mode == .editing || mode == .recipePath }

    /// The selected item, if any.
    public var selectedItem: GroceryItem? { selection.flatMap { rows.indices.contains($0) ? rows[$0].item : nil } }

    /// Every time it is brought up: the store may have changed (the manage
    /// screen, a command in another terminal).
    public mutating func appear(_ context: inout AppContext) -> Outcome {
        message = context.notice
        context.notice = nil
        if mode == .editing || mode == .confirmClear { mode = .list }
        form = nil
        // The status is asked once the list is read, then a sync. Whether
        // one runs is asked afresh: the end of one that ran while the
        // screen was closed went to another screen.
        syncOnStatus = true
        syncStarted = false
        syncStartedAt = nil
        syncAskedByKey = false
        return .perform(.groceries(.load))
    }

    public mutating func receive(_ result: EffectResult, _ context: inout AppContext) -> Outcome {
        switch result {
        case .storeChanged:
            return .perform(.groceries(.load))
        case .groceries(.loaded(let items, let catalog, let unreadable)):
            self.catalog = catalog
            if let unreadable { message = unreadable }
            loaded = true
            if let editing = form?.item, !items.contains(where: { $0.id == editing.id }) {
                // Deleted by another grocer while its form was open.
                form = nil
                mode = .list
                message = "\(editing.name) was deleted by another grocer; nothing to edit."
            }
            replaceItems(items, keep: selectedItem.map { .item($0.id) } ?? .index(selection ?? 0), context)
            // On open, or after another process wrote (a sync, `grocer sync
            // setup`): where sync stands now.
            return .perform(.sync(.status))
        case .groceries(.prefetched(let items, let catalog, let prepare)):
            self.catalog = catalog
            loaded = true
            let keep: Keep = selectedItem.map { .item($0.id) } ?? .index(selection ?? 0)
            replaceItems(items, keep: keep, context, prepared: prepare.locale == locale ? prepare : nil)
            return .perform(.sync(.status))
        case .groceries(.changed(let change, let purpose, let catalog)):
            if let catalog { self.catalog = catalog }
            received(change, purpose, context)
            return changedBySelf(context)
        case .groceries(.undone(let undone)):
            guard !undone.applied.edits.isEmpty || !undone.skipped.isEmpty else { return .redraw }
            if !undone.applied.edits.isEmpty { received(undone.applied, .undo, context) }
            guard !undone.skipped.isEmpty else { return changedBySelf(context) }
            if !undone.applied.edits.isEmpty { _ = changedBySelf(context) }
            message = Self.notUndone(undone)
            // What the other grocer wrote is shown as it is now.
            return .perform(.groceries(.load))
        case .groceries(.batchAdded(let added, let catalog)):
            if let catalog { self.catalog = catalog }
            return receiveBatch(added, context)
        case .groceries(.recipeRead(let recipe)):
            return receiveRecipe(recipe)
        case .groceries(.pathCompleted(let typed, let candidates)):
            return receivePathCompletion(typed: typed, candidates)
        case .groceries(.nothingChanged):
            message = "Nothing is ticked: there is nothing to clear."
        case .failed(.groceries, let text):
            message = text
            return .reject
        case .sync(let result):
            return receiveSync(result, context)
        default:
            return .none
        }
        return .redraw
    }

    public func render(into canvas: inout Canvas, _ context: AppContext) {
        renderScreen(into: &canvas, context)
    }

    public var wakeAt: Duration? { syncWakeAt }

    public mutating func wake(_ context: inout AppContext) -> Outcome {
        wakeForSync(context)
    }

}

// MARK: The data

extension GroceriesScreen {
    enum Keep {
        case item(Int64)
        case index(Int)
        /// After a tick in Shop: the next item not yet ticked (from this
        /// row on, then from the top), so that the next Space ticks it.
        case nextUnticked(Int)
        /// While filtering: the first item with the text as a whole word,
        /// else the first item.
        case bestMatch
    }

    /// New items: the lists are grouped again (the shown tab now, the
    /// other on its first use) and the filter and completer made afresh.
    mutating func replaceItems(
        _ newItems: [GroceryItem], keep: Keep, _ context: AppContext, namesChanged: Bool = true, prepared: GroceriesTabList? = nil
    ) {
        items = newItems
        listedCount = newItems.reduce(0) { $0 + ($1.listed ? 1 : 0) }
        tickedCount = newItems.reduce(0) { $0 + ($1.listed && $1.collected ? 1 : 0) }
        lists = [:]
        if namesChanged {
            completer = nil
            byName = nil
        } else {
            // The same order: the items' shops as bits hold too.
            byName = byName?.reordering(newItems)
        }
        if byName == nil { membership = nil }
        if let prepared {
            lists[.prepare] = prepared
            byName = prepared.byName
            membership = prepared.membership
        }
        refreshRows(keep: keep, context)
    }

    /// The rows for the tab and filter as they are now.
    mutating func refreshRows(keep: Keep, _ context: AppContext) {
        let order = byName.flatMap { $0.locale == locale ? $0 : nil } ?? ItemsByName(items, locale: locale)
        byName = order
        if tab == .shop, shownShop != nil, membership == nil {
            membership = ShopMembership(order, itemShops: catalog.itemShops, shops: catalog.shops)
        }
        var list =
            lists[tab]
            ?? GroceriesTabList(byName: order, tab: tab, shop: shownShop, itemShops: catalog.itemShops, membership: membership)
        rows = list.rows(filteredBy: filter.text)
        lists[tab] = list
        switch keep {
        case .item(let id):
            if let index = rows.index(ofItem: id) {
                selection = index
            } else {
                select(near: selection ?? 0)
            }
        case .index(let index):
            select(near: index)
        case .bestMatch:
            select(near: rows.firstWholeWord ?? 0)
        case .nextUnticked(let index):
            let rows = self.rows
            let unticked = { (row: Int) in rows[row].item.map { !$0.collected } ?? false }
            if let next = (max(0, index)..<rows.count).first(where: unticked) ?? (0..<rows.count).first(where: unticked) {
                selection = next
            } else {
                select(near: index)
            }
        }
        scrollToSelection(context)
    }

    /// The item row at `index`, or the nearest one after it, or before it.
    mutating func select(near index: Int) {
        let start = min(max(0, index), max(0, rows.count - 1))
        if let after = (start..<rows.count).first(where: rows.isItem) {
            selection = after
        } else {
            selection = (0..<start).last(where: rows.isItem)
        }
    }

    /// How many rows of the list fit.
    static func listHeight(_ context: AppContext) -> Int {
        max(1, context.size.height - listTop)
    }

    mutating func scrollToSelection(_ context: AppContext) {
        let height = Self.listHeight(context)
        guard let selection else {
            offset = 0
            return
        }
        // Keep the heading above the first item of a section in view.
        let top = selection > 0 && !rows.isItem(selection - 1) ? selection - 1 : selection
        if top < offset { offset = top }
        if selection >= offset + height { offset = selection - height + 1 }
        offset = max(0, min(offset, max(0, rows.count - height)))
    }

    /// A change the store made: applied to the items shown, and recorded
    /// for `u` unless it was an undo.
    mutating func received(_ change: GroceryItemChange, _ purpose: GroceriesPurpose, _ context: AppContext) {
        let namesChanged = change.edits.contains { $0.before?.name != $0.after?.name }
        let added = change.edits.count == 1 && change.edits[0].before == nil
        let keep: Keep
        switch purpose {
        case .record:
            undo.record(change)
            message = Self.happened(change.label)
            let ticked =
                tab == .shop && change.edits.count == 1 && change.edits[0].after?.collected == true
                && change.edits[0].before?.collected == false
            keep = added ? .item(change.edits[0].id) : ticked ? .nextUnticked(selection ?? 0) : .index(selection ?? 0)
        case .undo:
            message = "Undid: \(change.label)."
            keep = change.edits.first.map { .item($0.id) } ?? .index(selection ?? 0)
        }
        // A deleted item names no shop; one put back names its shops again.
        for edit in change.edits where edit.after == nil || (edit.before == nil && !edit.shops.isEmpty) {
            catalog.itemShops.set(edit.after == nil ? [] : edit.shops, for: edit.id)
        }
        replaceItems(change.apply(to: items), keep: keep, context, namesChanged: namesChanged)
    }

    /// "Not undone: another grocer changed apples since." or "Undid
    /// clear 9 items, except 2 another grocer changed since." (short: one
    /// line at 80 columns).
    static func notUndone(_ undone: GroceryItemChange.Undone) -> String {
        let names = undone.skipped.compactMap { ($0.before ?? $0.after)?.name }
        let what = names.count == 1 ? names[0] : "\(names.count) items"
        if undone.applied.edits.isEmpty { return "Not undone: another grocer changed \(what) since." }
        return "Undid \(undone.applied.label), except \(what) another grocer changed since."
    }

    /// What a change did, for the status line: "Added flour", "Ticked
    /// apples", "Deleted beer (u undoes)", "Cleared 9 items (u undoes)",
    /// from the change's label ("add flour", "clear 9 items").
    static func happened(_ label: String) -> String {
        let verb = label.prefix { $0 != " " }
        let rest = label.dropFirst(verb.count)
        let past: String
        switch verb {
        case "add": past = "Added"
        case "delete": past = "Deleted"
        case "edit": past = "Edited"
        case "tick": past = "Ticked"
        case "untick": past = "Unticked"
        case "clear": past = "Cleared"
        case "take": past = "Took"
        case "put": past = "Put"
        default: return capitalized(label)
        }
        return past + rest + (verb == "delete" || verb == "clear" ? " (u undoes)" : "")
    }

    static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
