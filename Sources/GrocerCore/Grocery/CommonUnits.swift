/// The units a fresh store offers and quick entry recognises even before
/// the person has any: the one list of them. The store's version 5 step
/// inserts `names` into a fresh store's `unit` table (the person may rename
/// or delete them); `QuickEntry` also accepts `plurals` ("2 bottles milk").
public enum CommonUnits {
    /// In the order a unit picker offers them.
    public static let names: [String] = [
        "g", "kg", "ml", "l", "lb", "oz",
        "pack", "bottle", "can", "jar", "box", "bag", "bunch", "dozen",
    ]

    /// Plural spellings, each to its unit in `names`.
    public static let plurals: [String: String] = [
        "lbs": "lb", "packs": "pack", "bottles": "bottle", "cans": "can", "jars": "jar",
        "boxes": "box", "bags": "bag", "bunches": "bunch", "dozens": "dozen",
    ]
}
