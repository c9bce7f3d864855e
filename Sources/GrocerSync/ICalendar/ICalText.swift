/// iCalendar TEXT values (RFC 5545, 3.3.11): `\\`, `\;`, `\,` and `\n`
/// (or `\N`) for a line break.
public enum ICalText {
    /// `text` as a TEXT value: a line break (CRLF, LF or CR) becomes `\n`.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !afterCR { out += "\\n" }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A TEXT value read: the escapes undone. A backslash before any other
    /// character (which RFC 5545 does not allow) is kept with it.
    public static func unescaped(_ value: some StringProtocol) -> String {
        guard value.utf8.contains(UInt8(ascii: "\\")) else { return String(value) }
        var out = ""
        var escaping = false
        for scalar in value.unicodeScalars {
            if escaping {
                switch scalar {
                case "n", "N": out += "\n"
                case "\\", ";", ",": out.unicodeScalars.append(scalar)
                default:
                    out += "\\"
                    out.unicodeScalars.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if escaping { out += "\\" }
        return out
    }

    /// A list of TEXT values (CATEGORIES): split at the commas that are
    /// not escaped, each unescaped.
    public static func list(_ value: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for scalar in value.unicodeScalars {
            if escaping {
                current += "\\"
                current.unicodeScalars.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if scalar == "," {
                parts.append(unescaped(current))
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if escaping { current += "\\" }
        parts.append(unescaped(current))
        return parts
    }

    /// Values as one list value: each escaped, joined by commas.
    public static func joined(_ values: [String]) -> String {
        values.map(escaped).joined(separator: ",")
    }
}
