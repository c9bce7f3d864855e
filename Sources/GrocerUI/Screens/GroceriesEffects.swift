import Foundation
import GrocerCore

/// The places, aisles and units items may name: what the pickers offer and
/// the manage screen lists.
public struct GroceryCatalog: Equatable, Sendable {
    public var places: [GroceryPlace]
    /// In the person's order (position).
    public var aisles: [GroceryAisle]
    public var units: [GroceryUnit]
    /// The shops, in Tab's order, and the shops each item names.
    public var shops: [GroceryShop] = []
    public var itemShops = ItemShops()

    public init(places: [GroceryPlace] = [], aisles: [GroceryAisle] = [], units: [GroceryUnit] = []) {
        self.places = places
        self.aisles = aisles.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
        self.units = units
    }
}

/// A picker's answer: nothing, one that exists, or a new one to create.
public enum GroceryChoice: Equatable, Sendable {
    case none
    case existing(Int64)
    case new(String)
}

/// What the edit form saves: every field of the item.
public struct GroceriesItemEdit: Equatable, Sendable {
    public var name: String
    public var quantity: GroceryQuantity
    public var unit: GroceryChoice
    public var place: GroceryChoice
    public var aisle: GroceryChoice
    /// The note as kept (trimmed); "" for none. nil leaves it as it is.
    public var note: String?

    public init(
        name: String, quantity: GroceryQuantity, unit: GroceryChoice, place: GroceryChoice, aisle: GroceryChoice, note: String? = nil
    ) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.place = place
        self.aisle = aisle
        self.note = note
    }
}

/// Store work for the grocery screens (`Effect.groceries`).
public enum GroceriesRequest: Equatable, Sendable {
    /// Every item and the catalog.
    case load
    /// Quick entry: a new item, or the existing one of that name back on the list.
    case add(QuickEntry, locale: Locale)
    /// The review's Enter (issue 33): each line added as `.add` adds one,
    /// in one transaction, answered with `.batchAdded` (one change, one undo).
    case addBatch([GroceryBatch.Entry], locale: Locale)
    /// `R`: the recipe file at `path` (as typed: `~` is the home folder),
    /// read as `items add --recipe` reads it; answered with `.recipeRead`.
    case readRecipe(path: String)
    /// Tab on the recipe prompt: what the typed path completes to;
    /// answered with `.pathCompleted`.
    case completePath(String)
    /// Writes a change (a toggle, a tick, a delete, an undo's reversal).
    case apply(GroceryItemChange, GroceriesPurpose)
    /// Shop's Clear: every ticked item off the list, as one change.
    case clearTicked
    /// The edit form: creates any new unit, place or aisle, then the item.
    case edit(GroceryItem, GroceriesItemEdit)
    /// The manage screen's work: an add and a move are answered with
    /// `.loaded`, a rename and a delete with `.nameChanged` (for `u`).
    case addName(GroceryNameKind, String)
    case rename(GroceryNameKind, id: Int64, to: String)
    case delete(GroceryNameKind, id: Int64)
    /// Moves the aisle to `index` (0 first) in the person's order.
    case moveAisle(id: Int64, to: Int)
    /// Undoes a rename or delete (guarded: `Store.undo`); answered with `.nameUndone`.
    case undoName(GroceryNameChange)
    /// The manage screen's shops; answered with `.shopChanged`.
    case shop(ShopRequest)
}

/// Why a change was written: a new one goes on the undo stack; an undo's
/// reversal does not.
public enum GroceriesPurpose: Equatable, Sendable {
    case record, undo
}

/// What the store answered (`EffectResult.groceries`).
public enum GroceriesResult: Equatable, Sendable {
    /// `unreadable`: a line naming rows that could not be read (they stay in the file).
    case loaded(items: [GroceryItem], catalog: GroceryCatalog, unreadable: String? = nil)
    /// The change as written (an add carries the new id), and the catalog
    /// when the change created a unit, place or aisle.
    case changed(GroceryItemChange, GroceriesPurpose, catalog: GroceryCatalog? = nil)
    /// What `.loaded` says, read and grouped (Prepare, filter ready)
    /// ahead of time off the loop's thread, and still exactly the store.
    case prefetched(items: [GroceryItem], catalog: GroceryCatalog, prepare: GroceriesTabList)
    /// A batch added: what changed (nil: nothing) and the lines refused,
    /// and the catalog when a line named a unit.
    case batchAdded(GroceryBatch.Added, catalog: GroceryCatalog? = nil)
    /// The recipe `R` asked for.
    case recipeRead(GroceryBatch.Recipe)
    /// What the path typed completes to (whole paths, a folder's ending in "/").
    case pathCompleted(typed: String, [String])
    /// Clear found nothing ticked.
    case nothingChanged
    /// An undo: what was put back, and what was left as another grocer
    /// changed it since.
    case undone(GroceryItemChange.Undone)
    /// The manage screen's rename or delete as made, and the catalog now.
    case nameChanged(GroceryNameChange, catalog: GroceryCatalog)
    /// The manage screen's undo: what it did, and the catalog now.
    case nameUndone(GroceryNameChange.Undone, catalog: GroceryCatalog)
    /// A shop's change as asked, and the catalog now.
    case shopChanged(ShopRequest, catalog: GroceryCatalog)
    /// A shop's delete as made (for `u`), and the catalog now.
    case shopDeleted(ShopDeletion, catalog: GroceryCatalog)
    /// A shop's delete undone: what it did, and the catalog now.
    case shopUndone(ShopDeletion.Undone, catalog: GroceryCatalog)
}
