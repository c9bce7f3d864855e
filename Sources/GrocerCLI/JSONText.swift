import GrocerCore

/// JSON written by hand, one row at a time, for lists that can be large.
public enum JSONText {
    /// `text` as a JSON string literal: GrocerCore's one escaper.
    public static func string(_ text: String) -> String { JSONString.literal(text) }

    /// One grocery item, keys in a fixed order: `quantity` is the whole
    /// number older readers know, `amount` the exact one ("1.5", null when
    /// the store holds none); `aisle` and `storedIn` are names or null;
    /// `second` the amount kept beside it in a unit that does not convert
    /// (`{"amount": "400", "unit": "g"}`, issue 33) or null; `note` the
    /// item's note ("" for none).
    /// `shops`: the names of the shops it is bought at, written as a
    /// `"shops"` array last, only when there are some (an item bought
    /// anywhere is written as before shops, byte for byte).
    public static func object(_ item: GroceryItem, shops: [String] = []) -> String {
        let second = item.second.map { fields([("amount", string($0.quantity.canonical)), ("unit", string(orNull: $0.unit?.name))]) }
        let shopList = shops.isEmpty ? "" : ", \"shops\": [" + shops.map(string).joined(separator: ", ") + "]"
        return "{\"id\": \(item.id), \"name\": \(string(item.name)), \"quantity\": \(item.quantity), "
            + "\"amount\": \(string(orNull: item.amount?.canonical)), \"unit\": \(string(orNull: item.unit?.name)), "
            + "\"listed\": \(item.listed), \"collected\": \(item.collected), "
            + "\"aisle\": \(string(orNull: item.aisle?.name)), \"storedIn\": \(string(orNull: item.place?.name)), "
            + "\"second\": \(second ?? "null"), \"note\": \(string(item.note))\(shopList)}"
    }

    /// One weight entry, keys in a fixed order (as `weight export --format json`).
    public static func object(_ entry: WeightEntry) -> String {
        "{\"id\": \(entry.id), \"recordedAt\": \(string(ISO8601.string(entry.recordedAt))), "
            + "\"value\": \(entry.weight.digits), \"unit\": \(string(entry.weight.unit.rawValue)), \"note\": \(string(entry.note))"
            + (entry.bodyFat.map { ", \"bodyFat\": \($0.digits)" } ?? "") + "}"
    }

    /// A weight without a time (the goal): `{"value", "unit"}`, as an entry
    /// writes them; null for none.
    public static func object(_ weight: Weight?) -> String {
        guard let weight else { return "null" }
        return fields([("value", weight.digits), ("unit", string(weight.unit.rawValue))])
    }

    /// `{"key": value, ...}` in the order given; each value is JSON already
    /// (a number, `string(_:)`, null, an object).
    public static func fields(_ pairs: [(key: String, value: String)]) -> String {
        "{" + pairs.map { "\(string($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
    }

    /// A string or null.
    public static func string(orNull text: String?) -> String { text.map(string) ?? "null" }

    /// Prints one object (or null) and a newline.
    public static func write(_ object: String) {
        var out = OutputBuffer()
        out.write(object + "\n")
        out.flush()
    }

    /// Prints objects as one array (`JSONArrayWriter`): "[]" for none.
    public static func write(array objects: [String]) {
        var array = JSONArrayWriter(OutputBuffer())
        for object in objects { array.append(object) }
        array.finish()
    }
}

/// A JSON array written row by row: "[", one object a line, "]".
public struct JSONArrayWriter {
    private var out: OutputBuffer
    private var isEmpty = true

    public init(_ out: OutputBuffer) {
        self.out = out
        self.out.write("[")
    }

    public mutating func append(_ object: String) {
        out.write(isEmpty ? "\n  " : ",\n  ")
        out.write(object)
        isEmpty = false
    }

    /// Closes the array and flushes.
    public mutating func finish() {
        out.write(isEmpty ? "]\n" : "\n]\n")
        out.flush()
    }
}
