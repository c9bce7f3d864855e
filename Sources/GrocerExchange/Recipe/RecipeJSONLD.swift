import Foundation
import GrocerCore

/// schema.org Recipe JSON-LD, in a JSON file or a web page's
/// `<script type="application/ld+json">` blocks (`RecipeFile`).
enum RecipeJSONLD {
    /// How deep into the JSON a Recipe is looked for, and how many values
    /// are looked at: a hostile file cannot make the search run long.
    static let maximumDepth = 12
    static let maximumValues = 100_000

    /// The first Recipe in the JSON `bytes`, nil when there is none (or the
    /// bytes are not JSON).
    static func recipe(in bytes: [UInt8]) -> RecipeFile? {
        guard let json = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return nil }
        var budget = maximumValues
        guard let object = find(json, depth: 0, budget: &budget) else { return nil }
        let lines = (object["recipeIngredient"] ?? object["ingredients"]).map(strings) ?? []
        return RecipeFile(
            name: (object["name"] as? String).map(decodeReferences),
            servings: object["recipeYield"].flatMap(servings),
            ingredients: lines.map(decodeReferences))
    }

    private static func find(_ value: Any, depth: Int, budget: inout Int) -> [String: Any]? {
        budget -= 1
        guard budget > 0, depth <= maximumDepth else { return nil }
        if let object = value as? [String: Any] {
            if isRecipe(object["@type"]) { return object }
            // @graph first, then the rest in a fixed order.
            let keys = (object["@graph"] == nil ? [] : ["@graph"]) + object.keys.sorted().filter { $0 != "@graph" && $0 != "@type" }
            for key in keys {
                if let inner = object[key], let found = find(inner, depth: depth + 1, budget: &budget) { return found }
            }
        } else if let array = value as? [Any] {
            for inner in array {
                if let found = find(inner, depth: depth + 1, budget: &budget) { return found }
            }
        }
        return nil
    }

    private static func isRecipe(_ type: Any?) -> Bool {
        let names = (type as? String).map { [$0] } ?? (type as? [Any])?.compactMap { $0 as? String } ?? []
        return names.contains { $0 == "Recipe" || $0.hasSuffix("/Recipe") || $0.hasSuffix(":Recipe") }
    }

    private static func strings(_ value: Any) -> [String] {
        if let text = value as? String { return RecipeFile.plainLines(text) }
        return (value as? [Any])?.compactMap { $0 as? String } ?? []
    }

    private static func servings(_ value: Any) -> Decimal? {
        if let number = value as? NSNumber { return Decimal(string: number.stringValue) }
        if let text = value as? String { return RecipeYield.servings(text) }
        return (value as? [Any])?.lazy.compactMap(servings).first
    }

    // MARK: Web pages

    static func looksLikeHTML(_ bytes: ArraySlice<UInt8>) -> Bool {
        let head = Array(bytes.prefix(4096)).map(lowerASCII)
        return head.starts(with: Array("<".utf8)) || contains(head, "<html") || contains(head, "<script") || contains(head, "<!doctype")
    }

    /// The text of each `<script ... application/ld+json ...>` block.
    static func scripts(in bytes: [UInt8]) -> [[UInt8]] {
        let lower = bytes.map(lowerASCII)
        var found: [[UInt8]] = []
        var from = 0
        while let open = index(of: Array("<script".utf8), in: lower, from: from) {
            guard let close = lower[open...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let tag = lower[open..<close]
            let end = index(of: Array("</script".utf8), in: lower, from: close + 1) ?? lower.count
            if contains(Array(tag), "application/ld+json") { found.append(Array(bytes[(close + 1)..<end])) }
            from = end
        }
        return found
    }

    private static func lowerASCII(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        index(of: Array(text.utf8), in: bytes, from: 0) != nil
    }

    private static func index(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
        var i = from
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0] && bytes[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// HTML's character references in a JSON string ("&amp;", "&#189;",
    /// "&#x2019;") and tags ("<strong>") dropped: what a page shows. Nothing
    /// else is expanded.
    static func decodeReferences(_ text: String) -> String {
        guard text.contains("&") || text.contains("<") else { return text }
        var out = ""
        var rest = Substring(text)
        while let index = rest.firstIndex(where: { $0 == "&" || $0 == "<" }) {
            out += rest[..<index]
            rest = rest[index...]
            if rest.first == "<" {
                guard let close = rest.firstIndex(of: ">") else { break }
                rest = rest[rest.index(after: close)...]
                continue
            }
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                out.append("&")
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            if let decoded = reference(String(name)) {
                out.append(decoded)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out.append("&")
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "frac12": "½", "frac14": "¼", "frac34": "¾",
        "deg": "°", "rsquo": "’", "lsquo": "‘", "ndash": "–", "mdash": "—", "eacute": "é", "egrave": "è", "agrave": "à",
        "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß", "ntilde": "ñ", "ccedil": "ç",
    ]

    private static func reference(_ name: String) -> String? {
        if let value = named[name] { return value }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let code = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return code.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
