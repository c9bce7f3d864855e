import GrocerCore

/// JSON written by hand, one row at a time, for lists that can be large.
public enum JSONText {
    /// `text` as a JSON string literal (RFC 8259): quote and backslash
    /// escaped, every control character (C0, DEL and C1) and the line and
    /// paragraph separators as \u00XX, so printing it never drives a terminal.
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += "\\u" + hex4(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Four lowercase hex digits, as in `\u001b`.
    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// One grocery item, keys in a fixed order.
    public static func object(_ item: GroceryItem) -> String {
        let unit = item.unit.map { string($0.name) } ?? "null"
        return "{\"id\": \(item.id), \"name\": \(string(item.name)), \"quantity\": \(item.quantity), "
            + "\"unit\": \(unit), \"listed\": \(item.listed), \"collected\": \(item.collected)}"
    }

    /// One weight entry, keys in a fixed order.
    public static func object(_ entry: WeightEntry) -> String {
        "{\"id\": \(entry.id), \"recordedAt\": \(string(ISO8601.string(entry.recordedAt))), "
            + "\"value\": \(entry.weight.digits), \"unit\": \(string(entry.weight.unit.rawValue))}"
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
