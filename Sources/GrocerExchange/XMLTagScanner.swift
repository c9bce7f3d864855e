import Foundation

/// The start tags of an XML stream, one at a time, with their attributes
/// (the five predefined entities and character references resolved) and
/// the line each starts on. Text, end tags, comments, CDATA, processing
/// instructions and the DOCTYPE (with its internal subset) are skipped
/// byte by byte without being kept. A tag longer than `tagLimit` or a file
/// that ends inside markup is `ImportError.malformed`. Memory: one 64 KiB
/// buffer and one tag.
struct XMLTagScanner {
    struct Tag {
        let name: String
        let line: Int
        let attributes: [(String, String)]

        func attribute(_ name: String) -> String? { attributes.first { $0.0 == name }?.1 }
    }

    static let tagLimit = 1 << 20

    private let stream: InputStream
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var count = 0
    private var position = 0
    private var tag: [UInt8] = []
    private(set) var line = 1

    init(stream: InputStream) {
        self.stream = stream
    }

    private mutating func next() throws -> UInt8? {
        if position >= count {
            if stream.streamStatus == .notOpen { stream.open() }
            let n = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: $0.count) }
            if n < 0 { throw ImportError.unreadable(stream.streamError?.localizedDescription ?? "read failed") }
            if n == 0 { return nil }
            (count, position) = (n, 0)
        }
        let b = buffer[position]
        position += 1
        if b == 10 { line += 1 }
        return b
    }

    private mutating func require() throws -> UInt8 {
        guard let b = try next() else { throw ImportError.malformed(line: line, "the file ends inside markup") }
        return b
    }

    /// Skips to just past `end` (e.g. "-->"; "--->" ends it too).
    private mutating func skip(past end: [UInt8]) throws {
        var window = [UInt8](repeating: 0, count: end.count)
        var seen = 0
        while true {
            window.removeFirst()
            window.append(try require())
            seen += 1
            if seen >= end.count, window == end { return }
        }
    }

    /// The next start tag whose name `wanting` accepts (others are skipped
    /// without reading their attributes); nil at the end of the stream.
    mutating func nextStartTag(wanting: (String) -> Bool) throws -> Tag? {
        while true {
            var b: UInt8
            repeat {
                guard let byte = try next() else { return nil }
                b = byte
            } while b != UInt8(ascii: "<")
            let start = line
            b = try require()
            switch b {
            case UInt8(ascii: "?"): try skip(past: Array("?>".utf8))
            case UInt8(ascii: "!"): try skipDeclaration()
            case UInt8(ascii: "/"): try readTag(first: b, line: start)
            default:
                try readTag(first: b, line: start)
                let name = tagName()
                guard wanting(name) else { continue }
                return Tag(name: name, line: start, attributes: try attributes(after: name.utf8.count, line: start))
            }
        }
    }

    /// `<!-- -->`, `<![CDATA[ ]]>`, or `<!DOCTYPE ... [ ... ]>`.
    private mutating func skipDeclaration() throws {
        var b = try require()
        if b == UInt8(ascii: "-") {
            guard try require() == UInt8(ascii: "-") else { throw ImportError.malformed(line: line, "a broken comment") }
            return try skip(past: Array("-->".utf8))
        }
        if b == UInt8(ascii: "[") { return try skip(past: Array("]]>".utf8)) }
        var quote: UInt8? = nil
        var inSubset = false
        while true {
            if let q = quote {
                if b == q { quote = nil }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: "<"), inSubset {
                // A comment or processing instruction in the internal
                // subset is not markup: an apostrophe in it opens no quote.
                var next = try require()
                if next == UInt8(ascii: "?") {
                    try skip(past: Array("?>".utf8))
                    b = try require()
                    continue
                }
                if next == UInt8(ascii: "!") {
                    next = try require()
                    if next == UInt8(ascii: "-") {
                        guard try require() == UInt8(ascii: "-") else { throw ImportError.malformed(line: line, "a broken comment") }
                        try skip(past: Array("-->".utf8))
                        b = try require()
                        continue
                    }
                }
                b = next
                continue
            } else if b == UInt8(ascii: "[") {
                inSubset = true
            } else if b == UInt8(ascii: "]") {
                inSubset = false
            } else if b == UInt8(ascii: ">"), !inSubset {
                return
            }
            b = try require()
        }
    }

    /// A tag's bytes up to the `>` that closes it, quotes respected (an
    /// end tag is read the same way, then let go).
    private mutating func readTag(first: UInt8, line start: Int) throws {
        tag.removeAll(keepingCapacity: true)
        var b = first
        var quote: UInt8? = nil
        while true {
            if let q = quote {
                if b == q { quote = nil }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: ">") {
                return
            }
            tag.append(b)
            if tag.count > Self.tagLimit {
                throw ImportError.malformed(line: start, "a tag longer than \(Self.tagLimit / 1024) KiB")
            }
            b = try require()
        }
    }

    private func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }

    private func tagName() -> String {
        let end = tag.firstIndex { isSpace($0) || $0 == UInt8(ascii: "/") } ?? tag.count
        return String(decoding: tag[..<end], as: UTF8.self)
    }

    /// `name="value"` pairs after the tag's name, up to an optional `/`.
    private func attributes(after nameLength: Int, line: Int) throws -> [(String, String)] {
        var result: [(String, String)] = []
        var i = nameLength
        func broken() -> ImportError { .malformed(line: line, "an attribute is not name=\"value\"") }
        while true {
            while i < tag.count, isSpace(tag[i]) { i += 1 }
            if i == tag.count || (tag[i] == UInt8(ascii: "/") && i == tag.count - 1) { return result }
            let nameStart = i
            while i < tag.count, !isSpace(tag[i]), tag[i] != UInt8(ascii: "=") { i += 1 }
            let name = String(decoding: tag[nameStart..<i], as: UTF8.self)
            while i < tag.count, isSpace(tag[i]) { i += 1 }
            guard i < tag.count, tag[i] == UInt8(ascii: "=") else { throw broken() }
            i += 1
            while i < tag.count, isSpace(tag[i]) { i += 1 }
            guard i < tag.count, tag[i] == UInt8(ascii: "\"") || tag[i] == UInt8(ascii: "'") else { throw broken() }
            let quote = tag[i]
            i += 1
            let valueStart = i
            while i < tag.count, tag[i] != quote { i += 1 }
            guard i < tag.count else { throw broken() }
            result.append((name, Self.resolved(tag[valueStart..<i])))
            i += 1
        }
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#NN;` `&#xHH;`; anything
    /// else is kept as written (no entity is ever declared or expanded).
    static func resolved(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        let text = String(decoding: bytes, as: UTF8.self)
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = rest[rest.index(after: amp)..<semi]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let value = named[name] {
                out += value
            } else if name.hasPrefix("#x"), let code = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                out.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                out.unicodeScalars.append(scalar)
            } else {
                out += rest[amp...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
