import Foundation

/// A name folded for matching in the person's locale: case, accents and
/// width ignored ("Crème Fraîche" and "creme fraiche" match; "Straße"
/// matches "strasse", as Foundation's case folding does).
///
/// Lower-casing runs first, in the locale, so a Turkish "İ" becomes "i"
/// before its dot could be stripped as an accent (and "I" becomes "ı").
/// The key is kept as UTF-8 bytes in precomposed form so that a filter
/// compares bytes, not grapheme clusters.
public struct NameKey: Hashable, Sendable {
    public let bytes: [UInt8]

    public init(_ name: String, locale: Locale) {
        bytes = Array(Self.fold(name, locale: locale).utf8)
    }

    public static func fold(_ name: String, locale: Locale) -> String {
        name.lowercased(with: locale)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: locale)
            .precomposedStringWithCanonicalMapping
    }

    public var isEmpty: Bool { bytes.isEmpty }

    public func hasPrefix(_ other: NameKey) -> Bool {
        other.bytes.count <= bytes.count && bytes.starts(with: other.bytes)
    }

    /// True when `needle` occurs anywhere in this key (an empty needle always does).
    public func contains(_ needle: NameKey) -> Bool {
        let n = needle.bytes.count, h = bytes.count
        guard n > 0 else { return true }
        guard n <= h else { return false }
        return bytes.withUnsafeBufferPointer { hay in
            needle.bytes.withUnsafeBufferPointer { ndl in
                let first = ndl[0]
                var i = 0
                let last = h - n
                while i <= last {
                    if hay[i] == first {
                        var j = 1
                        while j < n && hay[i + j] == ndl[j] { j += 1 }
                        if j == n { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }
}
