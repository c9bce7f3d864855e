import Foundation

/// Sorts names in the order `compare(_:options: [.caseInsensitive,
/// .numeric], locale:)` gives (Swedish "Ål" after "Zucchini", German "Äpfel"
/// beside "Apfel", "item 2" before "item 10"), much faster than sorting
/// with that comparison, which is slow per call on Linux (docs/MEASURED.md).
///
/// How: the locale compares each distinct scalar of the names once; scalars
/// it tells apart only by accent or case (the primary level: "a", "A", "ä"
/// in German) share a rank, scalars it ignores ("e" + U+0301's accent) have
/// none, and "ß" counts as "ss" (Foundation's own comparison is not
/// transitive there: "Straße" equals "strasse" yet sorts before "strase"). Names are then ordered by their ranks, and
/// only names with equal ranks are compared by the locale itself (accents
/// decide those). Contractions (Czech "ch" after "h") are not modelled: such
/// names sort by their letters.
///
/// Numbers go in natural order: a run of decimal digits (any script's) is
/// one number, compared by value where the digit "0" sorts ("item 9"
/// before "item 10" before "item b"; leading zeros aside, "007" is 7).
/// In a key a number is a mark, how many digits it has without its leading
/// zeros, then those digits: a longer number is a larger one. Every rank is
/// even and the mark odd (just before the rank of "0"), so the mark is never
/// a letter's rank and two keys equal up to a place read it alike.
public struct NameOrder: Sendable {
    public let locale: Locale
    private var ranks: [Unicode.Scalar: UInt32] = [:]
    /// The ranks of ASCII scalars, UInt32.max where not learnt: the fast path.
    private var asciiRanks = [UInt32](repeating: .max, count: 128)
    /// The values of the non-ASCII decimal digits learnt ("٣" is 3).
    private var digits: [Unicode.Scalar: UInt32] = [:]
    /// What starts a number in a key.
    private var numberMark: UInt32 = 1

    /// Learns the ranks of every scalar in `names`.
    public init(names: some Sequence<String>, locale: Locale) {
        self.locale = locale
        var distinct = Set<Unicode.Scalar>()
        var ascii = [Bool](repeating: false, count: 128)
        for name in names {
            for scalar in Self.scalars(name) {
                if scalar.isASCII { ascii[Int(scalar.value)] = true } else { distinct.insert(scalar) }
            }
        }
        for (value, seen) in ascii.enumerated() where seen { distinct.insert(Unicode.Scalar(UInt8(value))) }
        distinct.subtract(["ß", "ẞ"])
        distinct.insert("s")
        distinct.insert("0")
        for scalar in distinct where !scalar.isASCII && scalar.properties.numericType == .decimal {
            digits[scalar] = scalar.properties.numericValue.map { UInt32($0) }
        }
        let ordered = distinct.map { String($0) }.sorted { compare($0, $1) == .orderedAscending }
        var rank: UInt32 = 0
        var previous = ""
        for s in ordered {
            if Self.ignorable(s, locale: locale) {
                ranks[s.unicodeScalars.first!] = 0
                continue
            }
            if previous.isEmpty || !Self.primaryEqual(previous, s, locale: locale) { rank += 2 }
            ranks[s.unicodeScalars.first!] = rank
            previous = s
        }
        numberMark = (ranks["0"] ?? 2) - 1
        for (scalar, rank) in ranks where scalar.isASCII { asciiRanks[Int(scalar.value)] = rank }
    }

    /// The locale's own comparison: case-insensitive, numbers by value.
    public func compare(_ a: String, _ b: String) -> ComparisonResult {
        a.compare(b, options: [.caseInsensitive, .numeric], range: nil, locale: locale)
    }

    /// The primary key of a name whose scalars this order has learnt.
    public func key(_ name: String) -> [UInt32] {
        var key: [UInt32] = []
        key.reserveCapacity(name.utf8.count)
        // Where the digit count of the number being read is, -1 outside one.
        var count = -1
        for scalar in Self.scalars(name) {
            let digit: UInt32?
            if scalar.isASCII {
                digit = scalar.value >= 0x30 && scalar.value <= 0x39 ? scalar.value - 0x30 : nil
            } else {
                digit = digits.isEmpty ? nil : digits[scalar]
            }
            if let digit {
                if count < 0 {
                    key.append(numberMark)
                    key.append(0)
                    count = key.count - 1
                }
                // Leading zeros are left out.
                if digit != 0 || key[count] != 0 {
                    key.append(digit)
                    key[count] += 1
                }
                continue
            }
            count = -1
            if scalar.isASCII {
                let r = asciiRanks[Int(scalar.value)]
                if r != 0 { key.append(r) }
            } else if scalar == "ß" || scalar == "ẞ" {
                let s = ranks["s"] ?? UInt32.max
                key.append(s)
                key.append(s)
            } else if let r = ranks[scalar] {
                if r != 0 { key.append(r) }
            } else {
                key.append(UInt32.max)  // not learnt: after everything
            }
        }
        return key
    }

    /// `elements` sorted by `name`, in the locale's order; `tieBreak` orders
    /// those whose names the locale finds equal (by id, say).
    public func sorted<T>(_ elements: [T], name: (T) -> String, tieBreak: (T, T) -> Bool) -> [T] {
        let names = elements.map(name)
        let keys = names.map(key)
        let indices = elements.indices.sorted { a, b in
            switch Self.compareKeys(keys[a], keys[b]) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame:
                let order = compare(names[a], names[b])
                return order != .orderedSame ? order == .orderedAscending : tieBreak(elements[a], elements[b])
            }
        }
        return indices.map { elements[$0] }
    }

    static func compareKeys(_ a: [UInt32], _ b: [UInt32]) -> ComparisonResult {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let n = min(a.count, b.count)
                var i = 0
                while i < n {
                    if a[i] != b[i] { return a[i] < b[i] ? .orderedAscending : .orderedDescending }
                    i += 1
                }
                return a.count == b.count ? .orderedSame : (a.count < b.count ? .orderedAscending : .orderedDescending)
            }
        }
    }

    /// A name's scalars, precomposed so "e" + U+0301 is the one scalar "é".
    static func scalars(_ name: String) -> String.UnicodeScalarView {
        let decomposed = name.unicodeScalars.contains { $0.value >= 0x300 && $0.properties.canonicalCombiningClass != .notReordered }
        return decomposed ? name.precomposedStringWithCanonicalMapping.unicodeScalars : name.unicodeScalars
    }

    /// True when the locale skips `x` but for accents and case: "a" + x + p
    /// sorts as "a" + p, for two pairs of probes (one pair alone is fooled
    /// when x itself sorts between its probes).
    static func ignorable(_ x: String, locale: Locale) -> Bool {
        let c = { (a: String, b: String) in a.compare(b, options: [.caseInsensitive], range: nil, locale: locale) }
        return [("b", "c"), ("m", "n")].allSatisfy { p, q in
            c("a" + x + p, "a" + q) == .orderedAscending && c("a" + x + q, "a" + p) == .orderedDescending
        }
    }

    /// True when the locale tells one-scalar strings `a` and `b` (neither
    /// ignorable) apart by accent or case only, or not at all: then the
    /// letter after them decides.
    static func primaryEqual(_ a: String, _ b: String, locale: Locale) -> Bool {
        let c = { (x: String, y: String) in x.compare(y, options: [.caseInsensitive], range: nil, locale: locale) }
        return c(a + "a", b + "b") == .orderedAscending && c(a + "b", b + "a") == .orderedDescending
    }
}
