import Foundation

/// Apple Health's export.xml opens with a DTD whose `<!ATTLIST ...>`
/// declarations crash swift-corelibs-foundation's XMLParser on Linux (a
/// NULL default value reaches strlen; seen with Swift 6.3.1). grocer needs
/// no declaration from it, so the `<!DOCTYPE ...>` is replaced by as many
/// line breaks as it held (line numbers stay true) before parsing.
enum XMLDoctype {
    static let limit = 8 << 20

    static func stripped(prefix: [UInt8], rest: InputStream) throws -> InputStream {
        var bytes = prefix
        guard let start = find(Array("<!DOCTYPE".utf8), in: bytes, from: 0),
            find(Array("<HealthData".utf8), in: bytes, from: 0).map({ $0 > start }) ?? true
        else {
            return PrefixedInputStream(prefix: bytes, rest: rest)
        }
        var end: Int? = nil
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            end = doctypeEnd(bytes, from: start)
            if end != nil || bytes.count > limit { break }
            let n = chunk.withUnsafeMutableBufferPointer { rest.read($0.baseAddress!, maxLength: $0.count) }
            if n < 0 { throw ImportError.unreadable(rest.streamError?.localizedDescription ?? "read failed") }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[..<n])
        }
        guard let end else { throw ImportError.malformed(line: 1, "the <!DOCTYPE> at the start does not end") }
        let newlines = bytes[start..<end].filter { $0 == 10 }
        bytes.replaceSubrange(start..<end, with: newlines)
        return PrefixedInputStream(prefix: bytes, rest: rest)
    }

    /// Just past the `>` closing the doctype whose `<` is at `start`: after
    /// the internal subset's `]` when there is one.
    static func doctypeEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        var inSubset = false
        var quote: UInt8? = nil
        while i < bytes.count {
            let b = bytes[i]
            if let q = quote {
                if b == q { quote = nil }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: "[") {
                inSubset = true
            } else if b == UInt8(ascii: "]") {
                inSubset = false
            } else if b == UInt8(ascii: ">") && !inSubset {
                return i + 1
            }
            i += 1
        }
        return nil
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var i = from
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }
}
