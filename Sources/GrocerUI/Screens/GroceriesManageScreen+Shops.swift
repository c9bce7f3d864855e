import Foundation
import GrocerCore

/// The manage screen's Shops list (issue 33): add, rename and delete a
/// shop (asking first, and saying how many items lose it), and, for the
/// shop opened with Enter, its own order of the aisles (K / J) and the
/// aisles it does not have (h hides, h shows again).
extension GroceriesManageScreen {
    /// One row of an opened shop's aisles: the ones it has in its order,
    /// then the ones it hides, in the default order.
    public struct ShopAisle: Equatable, Sendable {
        public let id: Int64
        public let name: String
        public let hidden: Bool
    }

    /// The shop opened with Enter, as the catalog has it.
    var shop: GroceryShop? { openShop.flatMap { id in catalog.shops.first { $0.id == id } } }

    /// The opened shop's aisles: its order, then the hidden ones.
    var shopAisles: [ShopAisle] {
        guard let shop else { return [] }
        let shown = shop.ordered(catalog.aisles).map { ShopAisle(id: $0.id, name: $0.name, hidden: false) }
        let hidden = catalog.aisles.filter { shop.hidden.contains($0.id) }.map { ShopAisle(id: $0.id, name: $0.name, hidden: true) }
        return shown + hidden
    }

    /// How many items name the shop (they lose it when it is deleted).
    func itemCount(naming shopID: Int64) -> Int {
        catalog.itemShops.byItem.values.reduce(0) { $0 + ($1.contains(shopID) ? 1 : 0) }
    }

    /// "3 items lose it", "1 item loses it", "No item names it".
    static func losing(_ count: Int) -> String {
        switch count {
        case 0: return "No item names it"
        case 1: return "1 item loses it"
        default: return "\(count) items lose it"
        }
    }

    /// What a shop's change did, for the status line; nil: nothing to say.
    static func said(_ request: ShopRequest, before: GroceryCatalog, after: GroceryCatalog) -> String? {
        func name(_ id: Int64, _ catalog: GroceryCatalog) -> String { catalog.shops.first { $0.id == id }?.name ?? "" }
        switch request {
        case .add(let typed): return "Added \(after.shops.last?.name ?? typed)"
        case .rename(let id, _): return "Renamed \(name(id, before)) to \(name(id, after))"
        case .delete(let id):
            let count = before.itemShops.byItem.values.reduce(0) { $0 + ($1.contains(id) ? 1 : 0) }
            let lost = count == 0 ? "" : count == 1 ? "; 1 item lost it" : "; \(count) items lost it"
            return "Deleted \(name(id, before))\(lost)"
        case .hide(let shop, let aisle, let hidden):
            let aisleName = after.aisles.first { $0.id == aisle }?.name ?? ""
            return hidden ? "\(name(shop, after)) has no \(aisleName) (h shows it)" : "\(name(shop, after)) has \(aisleName) again"
        case .order, .undoDelete: return nil
        }
    }

    /// "Undid: delete Market.", "Undid delete Market, except 2 items
    /// another grocer deleted since.", "Not undone: a shop called Market
    /// was made since."
    static func said(_ undone: ShopDeletion.Undone) -> String {
        let deletion = undone.deletion
        guard undone.done else { return "Not undone: a shop called \(deletion.shop.name) was made since." }
        switch undone.skippedItems {
        case 0: return "Undid: \(deletion.label)."
        case 1: return "Undid \(deletion.label), except 1 item another grocer deleted since."
        default: return "Undid \(deletion.label), except \(undone.skippedItems) items another grocer deleted since."
        }
    }

    static func inShops(_ s: Self) -> Bool { s.mode == .list && s.onShops && s.openShop == nil }
    static func inShopAisles(_ s: Self) -> Bool { s.mode == .list && s.openShop != nil }

    /// Enter on a shop: its aisles.
    static let openShopBinding = Binding<Self>(
        keys: [.enter], hint: "Enter", label: "Aisles", help: "shops: that shop's aisles (order, hide)", when: inShops
    ) { s, _, _ in
        guard let entry = s.selected else { return .none }
        s.openShop = entry.id
        s.selection = 0
        s.message = nil
        return .redraw
    }

    /// K / J on a shop's aisles: its own order.
    static let moveShopAisle = Binding<Self>(
        keys: [.char("K"), .char("J"), .char("-"), .char("+")], hint: "K J", label: "Move",
        help: "a shop's aisles: move up or down in its order", helpKeys: "K J  - +", when: inShopAisles
    ) { s, key, _ in
        guard let shop = s.shop else { return .none }
        let rows = s.shopAisles
        let shown = rows.filter { !$0.hidden }.map(\.id)
        guard rows.indices.contains(s.selection), !rows[s.selection].hidden else {
            s.message = "A hidden aisle has no place in the order: h shows it."
            return .reject
        }
        let target = s.selection + (key == .char("K") || key == .char("-") ? -1 : 1)
        guard shown.indices.contains(target) else { return .none }
        var order = shown
        order.swapAt(s.selection, target)
        s.message = nil
        // The reload keeps the moved aisle selected, at its new place.
        return .perform(.groceries(.shop(.order(shop: shop.id, aisles: order))))
    }

    /// h on a shop's aisles: the shop has no such aisle, or has it again.
    static let hideShopAisle = Binding<Self>(
        keys: [.char("h")], hint: "h", label: "Hide", help: "a shop's aisles: hide one, or show it again",
        when: inShopAisles,
        liveLabel: { s in s.shopAisles.indices.contains(s.selection) && s.shopAisles[s.selection].hidden ? "Show" : "Hide" }
    ) { s, _, _ in
        guard let shop = s.shop, s.shopAisles.indices.contains(s.selection) else { return .none }
        let row = s.shopAisles[s.selection]
        return .perform(.groceries(.shop(.hide(shop: shop.id, aisle: row.id, hidden: !row.hidden))))
    }

    /// Esc on a shop's aisles: back to the shops, on that shop.
    static let backToShops = Binding<Self>(
        keys: [.escape], hint: "Esc", label: "Shops", help: "a shop's aisles: back to the shops", when: inShopAisles
    ) { s, _, _ in
        let id = s.openShop
        s.openShop = nil
        s.message = nil
        s.selection = s.entries.firstIndex { $0.id == id } ?? 0
        return .redraw
    }

    /// The Shops list, or an opened shop's aisles.
    func renderShops(into canvas: inout Canvas) {
        let height = max(1, canvas.height - 3)
        let first = max(0, selection - height + 1)
        if let shop {
            if mode == .list {
                canvas.put(
                    canvas.truncate(PlainText.visible(shop.name) + ": its aisles in the order you walk them", to: canvas.width - 2),
                    row: 1, column: 1, style: .bold)
            }
            let rows = shopAisles
            if rows.isEmpty { canvas.center("No aisles yet. Add them in Aisles.", row: 4, style: .dim) }
            var number = rows.prefix(first).filter { !$0.hidden }.count
            for (i, row) in rows.dropFirst(first).prefix(height).enumerated() {
                let isSelected = first + i == selection
                var text = PlainText.visible(row.name)
                if row.hidden {
                    text = "   " + text + " (not in this shop)"
                } else {
                    number += 1
                    text = "\(number). " + text
                }
                if isSelected { canvas.fill(row: 3 + i, from: 1, count: canvas.width - 2, style: .reverse) }
                canvas.put(
                    canvas.truncate(text, to: canvas.width - 6), row: 3 + i, column: 3,
                    style: isSelected ? .reverse : row.hidden ? .dim : [])
            }
            return
        }
        let shops = catalog.shops
        if shops.isEmpty { canvas.center("No shops yet. Press a to add one.", row: 4, style: .dim) }
        for (i, shop) in shops.dropFirst(first).prefix(height).enumerated() {
            let isSelected = first + i == selection
            let count = itemCount(naming: shop.id)
            let detail = count == 0 ? "" : count == 1 ? "  (1 item)" : "  (\(count) items)"
            if isSelected { canvas.fill(row: 3 + i, from: 1, count: canvas.width - 2, style: .reverse) }
            canvas.put(
                canvas.truncate(PlainText.visible(shop.name) + detail, to: canvas.width - 6), row: 3 + i, column: 3,
                style: isSelected ? .reverse : [])
        }
    }
}
