import GrocerCore

/// Shop mode, one shop at a time (issue 33): Tab goes Prepare, then each
/// shop in turn (`catalog.shops`), then Prepare again; Shift-Tab the other
/// way. With no shop defined, Tab switches Prepare and Shop as before.
extension GroceriesScreen {
    /// The shop Shop shows, if any.
    var shownShop: GroceryShop? {
        guard tab == .shop, let shopIndex, catalog.shops.indices.contains(shopIndex) else { return nil }
        return catalog.shops[shopIndex]
    }

    /// The tab's title in the header: "Shop: Market" for a shop.
    func title(of tab: GroceriesTab) -> String {
        if tab == .shop, let shop = shownShop { return "Shop: \(PlainText.visible(shop.name))" }
        return tab.title
    }

    /// What Tab goes to, for the hint bar.
    var nextTabLabel: String {
        let shops = catalog.shops
        switch tab {
        case .prepare: return shops.first.map { PlainText.visible($0.name) } ?? "Shop"
        case .shop:
            guard let shopIndex, shopIndex + 1 < shops.count else { return "Prepare" }
            return PlainText.visible(shops[shopIndex + 1].name)
        }
    }

    /// One step of Tab (or Shift-Tab) through Prepare and the shops.
    mutating func stepTab(backward: Bool) {
        let count = catalog.shops.count
        guard count > 0 else {
            tab = tab.other
            shopIndex = nil
            return
        }
        // Positions: 0 is Prepare, 1...count the shops.
        let now = tab == .prepare ? 0 : min(count, (shopIndex ?? 0) + 1)
        let next = (now + (backward ? count : 1)) % (count + 1)
        if next == 0 {
            tab = .prepare
            shopIndex = nil
        } else {
            tab = .shop
            shopIndex = next - 1
        }
        lists[.shop] = nil
    }

    /// After the shops were read again: the shop shown stays the same one
    /// (by id) when it is still there, else the first.
    mutating func keepShop(from old: [GroceryShop]) {
        guard tab == .shop else { return }
        if catalog.shops.isEmpty {
            shopIndex = nil
            return
        }
        let id = shopIndex.flatMap { old.indices.contains($0) ? old[$0].id : nil }
        shopIndex = catalog.shops.firstIndex { $0.id == id } ?? 0
    }
}
