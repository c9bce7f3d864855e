import GrocerCore

/// JSON written by hand, one row at a time, for lists that can be large.
public enum JSONText {
    /// `text` as a JSON string literal: GrocerCore's one escaper.
    public static func string(_ text: String) -> String { JSONString.literal(text) }

    /// One grocery item, keys in a fixed order: `quantity` is the whole
    /// number older readers know, `amount` the exact one ("1.5", null when
    /// the store holds none); `aisle` and `storedIn` are names or null.
    public static func object(_ item: GroceryItem) -> String {
        let name = { (text: String?) in text.map(string) ?? "null" }
        return "{\"id\": \(item.id), \"name\": \(string(item.name)), \"quantity\": \(item.quantity), "
            + "\"amount\": \(name(item.amount?.canonical)), \"unit\": \(name(item.unit?.name)), "
            + "\"listed\": \(item.listed), \"collected\": \(item.collected), "
            + "\"aisle\": \(name(item.aisle?.name)), \"storedIn\": \(name(item.place?.name))}"
    }

    /// One weight entry, keys in a fixed order (as `weight export --format json`).
    public static func object(_ entry: WeightEntry) -> String {
        "{\"id\": \(entry.id), \"recordedAt\": \(string(ISO8601.string(entry.recordedAt))), "
            + "\"value\": \(entry.weight.digits), \"unit\": \(string(entry.weight.unit.rawValue)), \"note\": \(string(entry.note))}"
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
