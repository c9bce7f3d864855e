import Foundation

/// An RFC 4180 reader over a stream, one record at a time, on bytes: quoted
/// fields with `""` for a quote and line breaks inside; CRLF, LF or CR line
/// ends; a UTF-8 byte order mark skipped. Memory holds one 64 KiB buffer
/// and one record.
///
/// Written here rather than taking CSV.swift 2.5.2 (which resolves and
/// builds on Linux): it reads a UnicodeScalar iterator behind AnyIterator
/// per byte, and took longer for the fields alone than sqlite3 for its
/// whole `.import` (docs/MEASURED.md; bench/exchange-bench `scan`).
struct CSVRecordReader {
    private let stream: InputStream
    private let delimiter: UInt8
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var count = 0
    private var position = 0
    private var atEnd = false
    private var started = false
    private var field: [UInt8] = []
    /// The line the next record starts on (1-based).
    private(set) var line = 1
    /// A record longer than this is not a weight log's (a hostile or
    /// wrong file): the reading stops rather than hold it in memory.
    static let recordLimit = 1 << 20

    init(stream: InputStream, delimiter: UInt8) {
        self.stream = stream
        self.delimiter = delimiter
        field.reserveCapacity(64)
    }

    private mutating func fill() throws -> Bool {
        if atEnd { return false }
        if stream.streamStatus == .notOpen { stream.open() }
        let n = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: $0.count) }
        if n < 0 { throw ImportError.unreadable(stream.streamError?.localizedDescription ?? "read failed") }
        if n == 0 {
            atEnd = true
            return false
        }
        count = n
        position = 0
        return true
    }

    @inline(__always)
    private mutating func nextByte() throws -> UInt8? {
        if position >= count, try !fill() { return nil }
        let b = buffer[position]
        position += 1
        return b
    }

    @inline(__always)
    private mutating func peekByte() throws -> UInt8? {
        if position >= count, try !fill() { return nil }
        return buffer[position]
    }

    /// The next record's fields and the line it starts on; nil at the end.
    mutating func next() throws -> (fields: [String], line: Int)? {
        if !started {
            started = true
            if try peekByte() == 0xEF, position + 2 < count, buffer[position + 1] == 0xBB, buffer[position + 2] == 0xBF { position += 3 }
        }
        guard try peekByte() != nil else { return nil }
        let startLine = line
        var fields: [String] = []
        field.removeAll(keepingCapacity: true)
        var quoted = false
        var fieldStart = true
        var size = 0
        while let b = try nextByte() {
            size += 1
            if size > CSVRecordReader.recordLimit {
                throw ImportError.malformed(line: startLine, "a record longer than \(CSVRecordReader.recordLimit / 1024) KiB")
            }
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if try peekByte() == UInt8(ascii: "\"") {
                        position += 1
                        field.append(b)
                    } else {
                        quoted = false
                    }
                } else {
                    if b == 10 { line += 1 }
                    field.append(b)
                }
                continue
            }
            switch b {
            case UInt8(ascii: "\"") where fieldStart:
                quoted = true
                fieldStart = false
            case delimiter:
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                fieldStart = true
            case 10, 13:
                if b == 13, try peekByte() == 10 { position += 1 }
                line += 1
                fields.append(String(decoding: field, as: UTF8.self))
                return (fields, startLine)
            default:
                field.append(b)
                fieldStart = false
            }
        }
        if quoted { throw ImportError.malformed(line: startLine, "a quoted field is not closed before the end of the file") }
        fields.append(String(decoding: field, as: UTF8.self))
        return (fields, startLine)
    }
}
