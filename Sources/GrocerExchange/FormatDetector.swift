import Foundation

/// Tells a file's format from its first bytes (`--format auto`).
enum FormatDetector {
    enum Kind: Equatable {
        case grocerCSV, grocerJSON, withings, openscale, libra, hackersdiet, hackersdietExcel, applehealth, fitbit, googlefit
        /// A CSV of dates and weights, with its delimiter.
        case plainCSV(UInt8)

        var format: ImportFormat {
            switch self {
            case .grocerCSV, .grocerJSON: return .grocer
            case .withings: return .withings
            case .openscale: return .openscale
            case .libra: return .libra
            case .hackersdiet, .hackersdietExcel: return .hackersdiet
            case .applehealth: return .applehealth
            case .fitbit: return .fitbit
            case .googlefit: return .googlefit
            case .plainCSV: return .csv
            }
        }
    }

    static let prefixLength = 16 * 1024

    static func detect(_ prefix: [UInt8]) -> Kind? {
        var text = String(decoding: prefix, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("[") { return firstObjectKeys(prefix)?.contains("logId") == true ? .fitbit : .grocerJSON }
        if trimmed.hasPrefix("<") { return text.contains("HealthData") ? .applehealth : nil }
        let lines = trimmed.split(whereSeparator: \.isNewline).prefix(40).map { String($0) }
        guard let first = lines.first else { return nil }
        let firstFields = csvFields(first)
        // grocer's CSV, with its note and body fat columns or from before them.
        if ["recorded_at", "value", "unit", "note", "body_fat"].starts(with: firstFields.map({ $0.lowercased() })), firstFields.count >= 3 {
            return .grocerCSV
        }
        if lines.contains(where: { $0.lowercased().hasPrefix("#date;weight") || $0.lowercased().hasPrefix("#units:") }) { return .libra }
        if firstFields.contains("dateTime") && firstFields.contains("weight") { return .openscale }
        if first.hasPrefix("Epoch,") || lines.contains(where: { $0.hasPrefix("Date,Weight,Rung,Flag,Comment") }) {
            return .hackersdiet
        }
        if GoogleFitReader.isHeader(firstFields) { return .googlefit }
        if firstFields.count >= 2, WithingsReader.weightColumn(firstFields) != nil { return .withings }
        if lines.contains(where: { HackersDietExcelReader.dayColumns(csvFields($0)) != nil }) { return .hackersdietExcel }
        return plainCSV(first)
    }

    /// A line's fields split at commas, trimmed and unquoted (enough to
    /// tell a format; the readers parse CSV properly).
    static func csvFields(_ line: String, delimiter: Character = ",") -> [String] {
        line.split(separator: delimiter, omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    }

    /// A CSV of dates and weights: its header names them, or its first
    /// line is a date and a weight; separated by commas, or by semicolons
    /// when the line has no comma outside a decimal.
    static func plainCSV(_ first: String) -> Kind? {
        for delimiter in [Character(","), ";"] {
            let fields = csvFields(first, delimiter: delimiter)
            if PlainCSVReader.columns(fields) != nil || PlainCSVReader.isHeaderless(fields) {
                return .plainCSV(UInt8(ascii: delimiter == "," ? "," : ";"))
            }
        }
        return nil
    }

    /// The names of the first object's own fields in a JSON array (`[{"logId":
    /// 1, "weight": 80}, ...]`: logId, weight), read as JSON: a name inside
    /// a string (a note holding `"logId`) or a nested object is no field.
    /// nil when the text does not start so, or ends before that object does.
    static func firstObjectKeys(_ bytes: [UInt8]) -> [String]? {
        var index = 0
        func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        /// A string's text (its escapes kept as written); index after it.
        func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    defer { index += 1 }
                    return String(decoding: bytes[start..<index], as: UTF8.self)
                default: index += 1
                }
            }
            return nil
        }
        /// Skips one value: a string, or anything up to the `,` or `}` that
        /// ends it at its own depth.
        func skipValue() -> Bool {
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") { return string() != nil }
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""): if string() == nil { return false } else { continue }
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                case UInt8(ascii: ","): if depth == 0 { return true }
                default: break
                }
                index += 1
            }
            return false
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var keys: [String] = []
        while true {
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return keys }
            guard let key = string() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard skipValue() else { return nil }
            keys.append(key)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return keys }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    /// With --format hackersdiet: the online export or the legacy Excel CSV.
    static func hackersDietKind(_ prefix: [UInt8]) -> Kind {
        detect(prefix) == .hackersdietExcel ? .hackersdietExcel : .hackersdiet
    }

    static func grocerKind(_ prefix: [UInt8]) -> Kind {
        let first = prefix.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }.first
        return first == UInt8(ascii: "[") ? .grocerJSON : .grocerCSV
    }
}
