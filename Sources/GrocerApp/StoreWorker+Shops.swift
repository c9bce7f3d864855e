import Foundation
import GrocerCore
import GrocerStore
import GrocerUI

/// The manage screen's shops, on the worker: each write answered with
/// the request and the catalog afresh (shops and the items' shops); a
/// delete with what it deleted (for `u`), an undo with what it did.
extension StoreWorker {
    func shops(_ request: ShopRequest, _ effect: Effect) -> EffectResult? {
        let locale = self.locale
        return access(.write, effect) { store in
            switch request {
            case .add(let name): try store.shops.add(named: name, locale: locale)
            case .rename(let id, let name): try store.shops.rename(id: id, to: name, locale: locale)
            case .delete(let id):
                let deletion = try store.shops.delete(id: id)
                return .groceries(.shopDeleted(deletion, catalog: try Self.catalog(store, locale: locale)))
            case .undoDelete(let deletion):
                let undone = try store.shops.undo(deletion, locale: locale)
                return .groceries(.shopUndone(undone, catalog: try Self.catalog(store, locale: locale)))
            case .order(let shop, let aisles): try store.shops.setOrder(shopID: shop, aisleIDs: aisles)
            case .hide(let shop, let aisle, let hidden): try store.shops.setHidden(shopID: shop, aisleID: aisle, hidden)
            }
            return .groceries(.shopChanged(request, catalog: try Self.catalog(store, locale: locale)))
        }
    }
}
