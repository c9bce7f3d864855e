import Foundation
import GrocerCore

/// grocer's JSON, as `grocer weight list --json` writes it:
/// `[{"id": 1, "recordedAt": "2026-01-05T07:30:00Z", "value": 72.50, "unit": "kg"}, ...]`.
/// Read byte by byte from the stream, one object at a time (memory stays
/// flat); numbers keep their digits as written, so 72.50 stays 72.50.
struct JSONImport {
    let time: ImportTime
    private var stream: InputStream
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var count = 0
    private var position = 0
    private(set) var line = 1

    init(stream: InputStream, time: ImportTime) {
        self.stream = stream
        self.time = time
    }

    mutating func run(_ body: (ImportItem) throws -> Void) throws {
        if stream.streamStatus == .notOpen { stream.open() }
        skipSpace()
        if peek() == 0xEF { position += 3 }  // a UTF-8 byte order mark
        skipSpace()
        guard next() == UInt8(ascii: "[") else { throw ImportError.notThisFormat(.grocer, "it does not start with '['") }
        skipSpace()
        if peek() == UInt8(ascii: "]") { return }
        while true {
            skipSpace()
            let objectLine = line
            let object = try readObject()
            try body(item(object, line: objectLine))
            skipSpace()
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return
            default: throw ImportError.malformed(line: line, "expected ',' or ']' after an entry")
            }
        }
    }

    func item(_ object: [String: String], line: Int) -> ImportItem {
        guard let timeText = object["recordedAt"], let value = object["value"], let unitText = object["unit"] else {
            return .problem(ImportProblem(line: line, reason: "an entry needs recordedAt, value and unit"))
        }
        return importItem(line: line, at: time.parse(timeText), timeText: timeText, value: value,
                          unit: WeightUnit.imported(unitText), unitText: unitText)
    }

    /// A flat object of strings, numbers, true/false/null, as text.
    mutating func readObject() throws -> [String: String] {
        guard next() == UInt8(ascii: "{") else { throw ImportError.malformed(line: line, "expected '{'") }
        var object: [String: String] = [:]
        skipSpace()
        if peek() == UInt8(ascii: "}") { position += 1; return object }
        while true {
            skipSpace()
            guard next() == UInt8(ascii: "\"") else { throw ImportError.malformed(line: line, "expected a quoted name") }
            let key = try readString()
            skipSpace()
            guard next() == UInt8(ascii: ":") else { throw ImportError.malformed(line: line, "expected ':'") }
            skipSpace()
            if peek() == UInt8(ascii: "\"") {
                position += 1
                object[key] = try readString()
            } else {
                var bytes: [UInt8] = []
                while let b = peek(), b != UInt8(ascii: ","), b != UInt8(ascii: "}"), !isSpace(b) {
                    bytes.append(b); position += 1
                }
                guard !bytes.isEmpty else { throw ImportError.malformed(line: line, "expected a value") }
                object[key] = String(decoding: bytes, as: UTF8.self)
            }
            skipSpace()
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return object
            default: throw ImportError.malformed(line: line, "expected ',' or '}' in an entry")
            }
        }
    }

    mutating func readString() throws -> String {
        var bytes: [UInt8] = []
        while true {
            guard let b = next() else { throw ImportError.malformed(line: line, "a string is not closed") }
            if b == UInt8(ascii: "\"") { return String(decoding: bytes, as: UTF8.self) }
            if b == 10 { line += 1 }
            if b == UInt8(ascii: "\\") {
                guard let e = next() else { throw ImportError.malformed(line: line, "a string is not closed") }
                switch e {
                case UInt8(ascii: "n"): bytes.append(10)
                case UInt8(ascii: "t"): bytes.append(9)
                case UInt8(ascii: "r"): bytes.append(13)
                case UInt8(ascii: "u"):
                    var hex: [UInt8] = []
                    for _ in 0..<4 { if let h = next() { hex.append(h) } }
                    let scalar = UInt32(String(decoding: hex, as: UTF8.self), radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
                    bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: bytes.append(e)
                }
                continue
            }
            bytes.append(b)
        }
    }

    func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 10 || b == 13 || b == 9 }

    mutating func skipSpace() {
        while let b = peek(), isSpace(b) {
            if b == 10 { line += 1 }
            position += 1
        }
    }

    mutating func peek() -> UInt8? {
        if position >= count {
            count = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: $0.count) }
            position = 0
            if count <= 0 { count = 0; return nil }
        }
        return buffer[position]
    }

    mutating func next() -> UInt8? {
        guard let b = peek() else { return nil }
        position += 1
        return b
    }
}
