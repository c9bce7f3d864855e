/// The kind of aisle a grocery is usually found in (issue 33): what the
/// catalogue knows of a name. A kind becomes one of the person's own aisles
/// by its name in any of the catalogue's languages
/// (`GroceryCatalogue.aisle(for:among:language:)`); a new store starts with
/// these aisles in the person's language.
public enum AisleKind: String, CaseIterable, Sendable {
    case produce, dairy, bakery, meat, frozen, pantry, spices, snacks, drinks, household, care

    /// The aisle's name in `language`.
    public func name(in language: CatalogueLanguage) -> String {
        Self.names[self]![language.index]
    }

    /// English, German, French, Spanish: the order of `CatalogueLanguage`.
    private static let names: [AisleKind: [String]] = [
        .produce: ["Produce", "Obst & Gemüse", "Fruits et légumes", "Frutas y verduras"],
        .dairy: ["Dairy", "Milchprodukte", "Produits laitiers", "Lácteos"],
        .bakery: ["Bakery", "Backwaren", "Boulangerie", "Panadería"],
        .meat: ["Meat & fish", "Fleisch & Fisch", "Viandes et poissons", "Carne y pescado"],
        .frozen: ["Frozen", "Tiefkühl", "Surgelés", "Congelados"],
        .pantry: ["Pantry", "Vorrat", "Épicerie", "Despensa"],
        .spices: ["Spices", "Gewürze", "Épices", "Especias"],
        .snacks: ["Sweets & snacks", "Süßes & Snacks", "Sucré et snacks", "Dulces y aperitivos"],
        .drinks: ["Drinks", "Getränke", "Boissons", "Bebidas"],
        .household: ["Household", "Haushalt", "Entretien", "Hogar y limpieza"],
        .care: ["Personal care", "Drogerie", "Hygiène et beauté", "Higiene personal"],
    ]
}

/// The languages the catalogue knows names in.
public enum CatalogueLanguage: Int, CaseIterable, Sendable {
    case english, german, french, spanish

    var index: Int { rawValue }

    /// The language of a locale identifier ("de_DE", "fr-CA"); English for
    /// any other.
    public init(identifier: String) {
        switch identifier.prefix(while: { $0.isLetter }).lowercased() {
        case "de": self = .german
        case "fr": self = .french
        case "es": self = .spanish
        default: self = .english
        }
    }

    /// The person's language for words (LC_ALL, LC_MESSAGES, LANG).
    public init(environment: Environment) {
        self.init(identifier: UserLocale.identifier(for: .messages, environment: environment))
    }

    /// Where a name's main word is: last in English and German ("whole
    /// milk", "rote Zwiebel"), first in French and Spanish ("lait entier",
    /// "cebolla morada").
    var headIsLast: Bool { self == .english || self == .german }
}
