import Foundation

/// Where a name the person never filed goes when they name no aisle (issue
/// 33): the catalogue's kind for the name (`GroceryCatalogue.kind`), as
/// one of the person's own aisles named as that kind is in any of the
/// catalogue's languages, their own first (`GroceryCatalogue.aisle(for:)`):
/// "milk" finds a German "Milchprodukte" as well as "Dairy". A name the
/// person filed before keeps its own aisle, and `@Aisle` typed wins over
/// both; that is the caller's rule (the store's add, the add line's
/// preview), which asks here only for a new name with no aisle typed.
///
/// No aisle of the person's is that kind's: none (the item goes in "No
/// aisle"). Aisles are never made behind the person's back.
public struct CatalogueFiling: Sendable {
    public let language: CatalogueLanguage
    let catalogue: GroceryCatalogue

    public init(language: CatalogueLanguage) {
        self.init(language: language, catalogue: .shipped)
    }

    init(language: CatalogueLanguage, catalogue: GroceryCatalogue) {
        self.language = language
        self.catalogue = catalogue
    }

    /// The aisle among `aisles` (the person's) that `name` is usually in,
    /// or nil when the catalogue does not know the name or the person has
    /// no aisle of its kind.
    public func aisle(for name: String, among aisles: [GroceryAisle]) -> GroceryAisle? {
        guard !aisles.isEmpty, let kind = catalogue.kind(of: name, language: language) else { return nil }
        return catalogue.aisle(for: kind, among: aisles.map(\.name), language: language).map { aisles[$0] }
    }

    /// The person's aisle that `typed` (an `@aisle` typed on the add line)
    /// names by its kind in another of the catalogue's languages (issue
    /// 33): "Lácteos" or "Milchprodukte" is the person's "Dairy". Nil when
    /// `typed` is no kind's name, or the person has no aisle of that kind;
    /// the caller asks only when none of the person's aisles is called
    /// `typed`, and makes a new aisle on nil.
    public func aisle(named typed: String, among aisles: [GroceryAisle]) -> GroceryAisle? {
        guard !aisles.isEmpty, let kind = catalogue.kind(named: typed) else { return nil }
        return catalogue.aisle(for: kind, among: aisles.map(\.name), language: language).map { aisles[$0] }
    }

    /// The aisles a new store starts with (issue 33): every kind's name in
    /// `language`, in the default order (`AisleKind.allCases`).
    public static func firstAisles(in language: CatalogueLanguage) -> [String] {
        AisleKind.allCases.map { $0.name(in: language) }
    }
}
