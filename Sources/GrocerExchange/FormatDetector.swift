import Foundation

/// Tells a file's format from its first bytes (`--format auto`).
enum FormatDetector {
    enum Kind: Equatable {
        case grocerCSV, grocerJSON, withings, openscale, libra, hackersdiet, applehealth

        var format: ImportFormat {
            switch self {
            case .grocerCSV, .grocerJSON: return .grocer
            case .withings: return .withings
            case .openscale: return .openscale
            case .libra: return .libra
            case .hackersdiet: return .hackersdiet
            case .applehealth: return .applehealth
            }
        }
    }

    static let prefixLength = 16 * 1024

    static func detect(_ prefix: [UInt8]) -> Kind? {
        var text = String(decoding: prefix, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("[") { return .grocerJSON }
        if trimmed.hasPrefix("<") { return text.contains("HealthData") ? .applehealth : nil }
        let lines = trimmed.split(whereSeparator: \.isNewline).prefix(40).map { String($0) }
        guard let first = lines.first else { return nil }
        let firstFields = first.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        if firstFields.map({ $0.lowercased() }) == ["recorded_at", "value", "unit"] { return .grocerCSV }
        if lines.contains(where: { $0.lowercased().hasPrefix("#date;weight") || $0.lowercased().hasPrefix("#units:") }) { return .libra }
        if firstFields.contains("dateTime") && firstFields.contains("weight") { return .openscale }
        if first.hasPrefix("Epoch,") || lines.contains(where: { $0.hasPrefix("Date,Weight,Rung,Flag,Comment") }) {
            return .hackersdiet
        }
        if firstFields.count >= 2, WithingsReader.weightColumn(firstFields) != nil { return .withings }
        return nil
    }

    static func grocerKind(_ prefix: [UInt8]) -> Kind {
        let first = prefix.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }.first
        return first == UInt8(ascii: "[") ? .grocerJSON : .grocerCSV
    }
}
