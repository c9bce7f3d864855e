import Foundation

/// The units a recipe's ingredient lines use, in English, German, French and
/// Spanish, each to the unit grocer keeps (`IngredientLine.unit`) and the
/// factor into it ("10 cl" is 100 ml). Words are compared folded (case and
/// accents ignored), a trailing "." dropped ("Pck.", "c.c.").
enum IngredientUnits {
    struct Unit {
        let name: String
        let factor: Decimal
    }

    /// Units whose amounts are counted, not measured: a scaled recipe asks
    /// for whole ones (half a can is a can).
    static let counted: Set<String> = ["can", "pack", "bottle", "jar", "box", "bag", "bunch", "clove", "slice", "stick", "head", "sprig"]

    /// Spellings, folded, to a unit: one or more words.
    static let spellings: [String: Unit] = {
        var table: [String: Unit] = [:]
        func add(_ name: String, _ factor: Decimal = 1, _ words: [String]) {
            for word in words { table[word] = Unit(name: name, factor: factor) }
        }
        add("g", 1, ["g", "gr", "gram", "grams", "gramm", "gramme", "grammes", "gramo", "gramos"])
        add("kg", 1, ["kg", "kilo", "kilos", "kilogram", "kilograms", "kilogramm", "kilogramme", "kilogrammes", "kilogramo", "kilogramos"])
        add("ml", 1, ["ml", "milliliter", "milliliters", "millilitre", "millilitres", "mililitro", "mililitros"])
        add("ml", 10, ["cl", "centiliter", "centilitre", "centilitres"])
        add("ml", 100, ["dl", "deciliter", "decilitre"])
        add("l", 1, ["l", "liter", "liters", "litre", "litres", "litro", "litros"])
        add("lb", 1, ["lb", "lbs", "pound", "pounds"])
        add("oz", 1, ["oz", "ounce", "ounces"])
        add(
            "tsp", 1,
            [
                "tsp", "tsps", "teaspoon", "teaspoons", "tl", "teelöffel", "teeloffel", "c.c", "c. c", "cc", "cuillère à café",
                "cuillere a cafe", "cuillères à café", "cuilleres a cafe", "c. à café", "c. a cafe", "c à café", "c a cafe",
                "cucharadita", "cucharaditas", "cdta", "cdita",
            ])
        add(
            "tbsp", 1,
            [
                "tbsp", "tbsps", "tbs", "tbl", "tablespoon", "tablespoons", "el", "esslöffel", "essloffel", "c.s", "c. s",
                "cuillère à soupe", "cuillere a soupe", "cuillères à soupe", "cuilleres a soupe", "c. à soupe", "c. a soupe",
                "c à soupe", "c a soupe", "cucharada", "cucharadas", "cda",
            ])
        add("cup", 1, ["cup", "cups", "tasse", "tassen", "taza", "tazas"])
        add("can", 1, ["can", "cans", "tin", "tins", "dose", "dosen", "boîte", "boite", "boîtes", "boites", "lata", "latas"])
        add(
            "pack", 1,
            [
                "pack", "packs", "package", "packages", "packet", "packets", "pkg", "packung", "packungen", "pck", "pkt", "päckchen", "sachet",
                "sachets", "sobre", "sobres",
            ])
        add("bottle", 1, ["bottle", "bottles", "flasche", "flaschen", "bouteille", "bouteilles", "botella", "botellas"])
        add("jar", 1, ["jar", "jars", "glas", "gläser", "bocal", "bocaux", "pot", "pots", "tarro", "tarros", "frasco", "frascos"])
        add("box", 1, ["box", "boxes", "schachtel", "caja", "cajas"])
        add("bag", 1, ["bag", "bags", "beutel", "tüte", "bolsa", "bolsas"])
        add("bunch", 1, ["bunch", "bunches", "bund", "botte", "bottes", "manojo", "manojos"])
        add("clove", 1, ["clove", "cloves", "zehe", "zehen", "gousse", "gousses", "diente", "dientes"])
        add("slice", 1, ["slice", "slices", "scheibe", "scheiben", "tranche", "tranches", "rebanada", "rebanadas", "loncha", "lonchas"])
        add("stick", 1, ["stick", "sticks", "stange", "stangen"])
        add("head", 1, ["head", "heads", "kopf", "tête", "tete", "cabeza"])
        add("sprig", 1, ["sprig", "sprigs", "zweig", "zweige", "branche", "branches", "ramita", "ramitas"])
        return table
    }()

    /// The most words a spelling has.
    static let longest = 4

    /// Amounts without a number, noted, never a quantity: "a pinch of salt".
    static let vague: Set<String> = [
        "pinch", "pinches", "dash", "splash", "handful", "some", "prise", "schuss", "spritzer", "handvoll", "etwas", "pincée", "pincee",
        "filet", "poignée", "poignee", "pizca", "chorrito", "puñado", "punado",
    ]

    /// Words that join a unit to its ingredient: "2 cups of flour", "500 g
    /// de carottes".
    static let joining: Set<String> = ["of", "de", "del", "di", "d'", "d’"]

    /// Sizes, noted: "3 large eggs" is eggs, large.
    static let sizes: Set<String> = [
        "small", "medium", "large", "big", "extra-large", "jumbo", "klein", "kleine", "kleiner", "kleines", "mittelgroß", "mittelgroße",
        "mittelgroßer", "groß", "große", "großer", "großes", "petit", "petite", "petits", "petites", "moyen", "moyenne", "gros", "grosse",
        "pequeño", "pequeña", "pequeños", "pequeñas", "mediano", "mediana", "grande", "grandes",
    ]

    /// Ends of a line that are a note, not the name: "salt to taste".
    static let trailingNotes = [
        "to taste", "as needed", "for garnish", "for serving", "optional", "nach geschmack", "nach belieben", "zum garnieren",
        "au goût", "au gout", "selon votre goût", "al gusto", "opcional",
    ]
}
