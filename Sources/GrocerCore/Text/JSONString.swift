/// A JSON string literal (RFC 8259) for text that may come from a file:
/// quote and backslash escaped, and every character `VisibleText` would
/// make visible (C0, DEL, C1, the bidi overrides) plus the line and
/// paragraph separators written as \u00XX, so printing the JSON never
/// drives a terminal.
public enum JSONString {
    public static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where VisibleText.needsEscape(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += "\\u" + hex4(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Four lowercase hex digits, as in `\u001b`.
    public static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
