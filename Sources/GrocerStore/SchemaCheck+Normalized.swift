import Foundation

extension SchemaCheck {
    /// A CREATE statement as SQLite's tokens, with only the spelling that
    /// cannot change what it makes taken out: white space and comments
    /// between tokens, the case of keywords and identifiers (SQLite folds
    /// ASCII letters in both), and the quotes or brackets around an
    /// identifier. String and blob literals, numbers and operators stay as
    /// written: `unit IN ('LBS', 'KG')` is not `unit IN ('lbs', 'kg')`, and
    /// `GLOB '0-9*'` is not `GLOB '[0-9]*'`. Tokens are joined by one space.
    static func normalized(_ sql: String?) -> String {
        var tokens: [String] = []
        var scanner = Scanner(bytes: Array((sql ?? "").utf8))
        while let token = scanner.next() { tokens.append(token) }
        return tokens.joined(separator: " ")
    }

    /// SQLite's tokenizer, as far as a CREATE statement needs it.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// The next token, normalised; nil at the end.
        mutating func next() -> String? {
            skipSpaceAndComments()
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"):
                // A string: kept as written, quotes and doubled quotes too.
                return text(of: quoted(closing: UInt8(ascii: "'")))
            case _ where byte | 0x20 == UInt8(ascii: "x") && peek(1) == UInt8(ascii: "'"):
                index += 1
                return "x" + text(of: quoted(closing: UInt8(ascii: "'")))
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                let range = quoted(closing: byte)
                return identifier(unquote(range, quote: byte))
            case UInt8(ascii: "["):
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "]") { index += 1 }
                let inner = Array(bytes[(start + 1)..<index])
                if index < bytes.count { index += 1 }
                return identifier(inner)
            case _ where Self.isDigit(byte) || (byte == UInt8(ascii: ".") && peek(1).map(Self.isDigit) == true):
                return number()
            case _ where Self.isWordByte(byte):
                let start = index
                while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
                return identifier(Array(bytes[start..<index]))
            default:
                // An operator or punctuation: one byte at a time (no valid
                // statement holds `< =` where grocer's says `<=`).
                index += 1
                return text(of: (index - 1)..<index)
            }
        }

        func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        func text(of range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        mutating func skipSpaceAndComments() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    index += 1
                } else if byte == UInt8(ascii: "-"), peek(1) == UInt8(ascii: "-") {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                    index += 2
                    while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) { index += 1 }
                    index = min(index + 2, bytes.count)
                } else {
                    return
                }
            }
        }

        /// From the opening quote at `index` to its closing one (a doubled
        /// quote is part of the text), both included; to the end if open.
        mutating func quoted(closing quote: UInt8) -> Range<Int> {
            let start = index
            index += 1
            while index < bytes.count {
                if bytes[index] == quote {
                    if peek(1) == quote {
                        index += 2
                        continue
                    }
                    index += 1
                    return start..<index
                }
                index += 1
            }
            return start..<index
        }

        /// The name inside quotes, doubled quotes made single.
        func unquote(_ range: Range<Int>, quote: UInt8) -> [UInt8] {
            var inner = Array(bytes[(range.lowerBound + 1)..<range.upperBound])
            if inner.last == quote { inner.removeLast() }
            var name: [UInt8] = []
            var skip = false
            for byte in inner {
                if skip {
                    skip = false
                    continue
                }
                name.append(byte)
                if byte == quote { skip = true }
            }
            return name
        }

        /// Digits, a point, an exponent, hex digits: as written.
        mutating func number() -> String {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                let afterExponent = index > start && (bytes[index - 1] | 0x20) == UInt8(ascii: "e")
                guard Self.isWordByte(byte) || byte == UInt8(ascii: ".") || (afterExponent && (byte == 0x2B || byte == 0x2D)) else { break }
                index += 1
            }
            return text(of: start..<index)
        }

        static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

        /// What a bare identifier or keyword is made of (any byte of a
        /// non-ASCII character included, as in SQLite).
        static func isWordByte(_ byte: UInt8) -> Bool {
            isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "$") || byte >= 0x80
        }

        /// A keyword or name, ASCII letters folded: bare when it could be
        /// written bare, else in double quotes (so `"a b"` is one token).
        func identifier(_ name: [UInt8]) -> String {
            let folded = name.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
            let bare = !folded.isEmpty && !Self.isDigit(folded[0]) && folded.allSatisfy(Self.isWordByte)
            let text = String(decoding: folded, as: UTF8.self)
            return bare ? text : "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }
}
