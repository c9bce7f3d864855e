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

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public init(_ name: String, locale: Locale) {
        self = NameFolder(locale: locale).key(name)
    }

    public static func fold(_ name: String, locale: Locale) -> String {
        NameFolder(locale: locale).fold(name)
    }

    public var isEmpty: Bool { bytes.isEmpty }

    public func hasPrefix(_ other: NameKey) -> Bool {
        other.bytes.count <= bytes.count && bytes.starts(with: other.bytes)
    }

    /// How a needle occurs in a key.
    public enum Occurrence: Sendable {
        case none
        /// Only inside a word: "99" in "item 1099".
        case insideWord
        /// At least once as a whole word, or the whole name: "99" in "item 99".
        case wholeWord
    }

    /// Where `needle` occurs in this key: nowhere, only inside words, or as
    /// a whole word (not next to a letter or digit on either side; a needle
    /// that starts or ends with neither is whole at that end). An empty
    /// needle is a whole word of every key.
    public func occurrence(of needle: NameKey) -> Occurrence {
        let n = needle.bytes.count
        let h = bytes.count
        guard n > 0 else { return .wholeWord }
        guard n <= h else { return .none }
        let opensWord = Self.isWord(scalarAt: 0, in: needle.bytes)
        let closesWord = Self.isWord(scalarBefore: n, in: needle.bytes)
        var found = false
        var i = 0
        while i <= h - n {
            if bytes[i] == needle.bytes[0] && bytes[i..<i + n].elementsEqual(needle.bytes) {
                let startsWord = !opensWord || i == 0 || !Self.isWord(scalarBefore: i, in: bytes)
                let endsWord = !closesWord || i + n == h || !Self.isWord(scalarAt: i + n, in: bytes)
                if startsWord && endsWord { return .wholeWord }
                found = true
            }
            i += 1
        }
        return found ? .insideWord : .none
    }

    /// Whether the scalar starting at byte `index` is a letter or a digit.
    static func isWord(scalarAt index: Int, in bytes: [UInt8]) -> Bool {
        let b = bytes[index]
        if b < 0x80 { return isASCIIWord(b) }
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return isWord(bytes[index..<end])
    }

    /// Whether the scalar ending just before byte `index` is a letter or a digit.
    static func isWord(scalarBefore index: Int, in bytes: [UInt8]) -> Bool {
        let b = bytes[index - 1]
        if b < 0x80 { return isASCIIWord(b) }
        var start = index - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return isWord(bytes[start..<index])
    }

    private static func isASCIIWord(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
    }

    private static func isWord(_ utf8: ArraySlice<UInt8>) -> Bool {
        guard let scalar = String(decoding: utf8, as: UTF8.self).unicodeScalars.first else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// True when `needle` occurs anywhere in this key (an empty needle always does).
    public func contains(_ needle: NameKey) -> Bool {
        let n = needle.bytes.count
        let h = bytes.count
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

/// Folds names for one locale; build it once for many names (finding the
/// locale's language costs more than folding an ASCII name).
public struct NameFolder: Sendable {
    public let locale: Locale
    /// Turkish and Azeri lower "I" to the dotless "ı".
    private let turkic: Bool

    public init(locale: Locale) {
        self.locale = locale
        let language = locale.language.languageCode?.identifier
        turkic = language == "tr" || language == "az"
    }

    public func key(_ name: String) -> NameKey {
        if asciiFoldsPlainly(name) {
            return NameKey(bytes: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 })
        }
        return NameKey(bytes: Array(fold(name).utf8))
    }

    public func fold(_ name: String) -> String {
        if asciiFoldsPlainly(name) { return name.lowercased() }
        let folded = name.lowercased(with: locale)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: locale)
        return folded.utf8.allSatisfy { $0 < 0x80 } ? folded : folded.precomposedStringWithCanonicalMapping
    }

    /// ASCII text folds to its ASCII lower case, except for "I" in the
    /// Turkic languages: the fast path.
    private func asciiFoldsPlainly(_ name: String) -> Bool {
        name.utf8.allSatisfy { $0 < 0x80 } && !(turkic && name.utf8.contains(UInt8(ascii: "I")))
    }
}
