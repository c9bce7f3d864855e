import Foundation
import GrocerCore

extension Store {
    /// The units, places or aisles: one set of operations over each kind
    /// (`names(.unit).add(named: "jar")`). Aisles are also ordered:
    /// `aisles()` and `moveAisle(id:to:)`.
    public func names(_ kind: GroceryNameKind) -> GroceryNames {
        GroceryNames(kind: kind, store: self)
    }
}

/// Add, rename, delete and find the names of one kind, as the commands and
/// the manage screen do. Names are kept as quick entry keeps them (white
/// space runs made one space, trimmed, no control or invisible characters,
/// not empty, not too long: `StoreError.badName`) and compared as it
/// compares them (case and width ignored in `locale`: a name another of the
/// kind has is `StoreError.nameTaken`). An id that is not there is
/// `StoreError.notFound`.
public struct GroceryNames: Sendable {
    /// One unit, place or aisle: its id and name, and an aisle's position
    /// (1 is first; nil for the others).
    public struct Entry: Equatable, Sendable, Identifiable {
        public let kind: GroceryNameKind
        public let id: Int64
        public let name: String
        public let position: Int?

        public init(kind: GroceryNameKind, id: Int64, name: String, position: Int? = nil) {
            self.kind = kind
            self.id = id
            self.name = name
            self.position = position
        }
    }

    public let kind: GroceryNameKind
    let store: Store

    /// Every one, as the commands list them: units by id, places by name
    /// in the locale's order (`places(locale:)`), aisles in the person's
    /// order (`aisles()`). Throws `StoreError.unreadableRows` when one
    /// cannot be read.
    public func all(locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> [Entry] {
        switch kind {
        case .unit: return try store.groceries.units().map { Entry(kind: kind, id: $0.id, name: $0.name) }
        case .place: return try store.groceries.places(locale: locale).map { Entry(kind: kind, id: $0.id, name: $0.name) }
        case .aisle: return try store.groceries.aisles().map { Entry(kind: kind, id: $0.id, name: $0.name, position: $0.position) }
        }
    }

    /// The one named `name` (ignoring case and width; an exact spelling
    /// first, then the lowest id), or nil.
    public func find(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> Entry? {
        try store.groceryRead { db in try Store.findName(kind, name, db, locale: locale) }
    }

    /// A new one; a new aisle comes last in the order.
    @discardableResult
    public func add(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> Entry {
        try store.groceryWrite { db in try store.insertName(kind, name, db, locale: locale) }
    }

    /// Renames the one with `id`. Returns the change, for undo
    /// (`Store.undo(_:locale:)`).
    @discardableResult
    public func rename(id: Int64, to name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws
        -> GroceryNameChange
    {
        try store.groceryWrite { db in
            let (before, after) = try store.renameName(kind, id: id, to: name, db, locale: locale)
            return GroceryNameChange(kind: kind, id: id, action: .renamed(from: before.name, to: after.name))
        }
    }

    /// Deletes the one with `id`; its items keep working without it (the
    /// item's reference is ON DELETE SET NULL), and the aisles left are
    /// numbered 1...n again. Returns the change with those items as they
    /// were, for undo (`Store.undo(_:locale:)`).
    @discardableResult
    public func delete(id: Int64) throws -> GroceryNameChange {
        try store.groceryWrite { db in
            let items = try Store.itemPage(db).entries.filter { kind.id(of: $0) == id }
            let deleted = try store.deleteName(kind, id: id, db)
            return GroceryNameChange(
                kind: kind, id: id, action: .deleted(name: deleted.name, position: deleted.position, items: items))
        }
    }
}
