import Foundation

extension ShoppingListExport {
    /// One shop's list to share (`items export --shop`): its items and
    /// those bought anywhere, not yet ticked, by aisle in its order
    /// (`ShopList`).
    public static func render(
        _ items: [GroceryItem], at shop: GroceryShop, itemShops: ItemShops, format: Format, locale: Locale
    ) -> String {
        let sections = ShopList.sections(items.filter { $0.listed && !$0.collected }, at: shop, itemShops: itemShops, locale: locale)
        return render(sections: sections, format: format, locale: locale)
    }
}
