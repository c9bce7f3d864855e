import Foundation
import GrocerCore

/// Writes entries as grocer's CSV or JSON on a byte-buffer fast path: no
/// Decimal, Locale, DateFormatter or format style per row. The time's
/// ISO 8601 digits come from Unix seconds through civil-from-days; bytes
/// gather in a buffer handed to `sink` in 64 KiB pieces.
///
/// CSV (RFC 4180, CRLF): `recorded_at,value,unit,note,body_fat` then
/// `2026-01-05T07:30:00Z,72.50,kg,after a run,18.4` (a note with a comma, a
/// quote or spaces at an end is quoted; the body fat empty for none).
/// JSON (as `grocer weight list --json`):
/// `[\n  {"id": 1, "recordedAt": "...", "value": 72.50, "unit": "kg", "note": ""},\n  ...\n]\n`,
/// with `"bodyFat": 18.4` after the note when the entry has one (issue 34).
/// Lines (`grocer weight list`, `init(lines:)`): `id<TAB>2026-01-05 07:30<TAB>72.50 kg`, then
/// a tab and the body fat ("18.4 % fat") when there is one, then a tab and
/// the note made visible (`VisibleText.escaped`) when there is one; the time local (`LocalOffsets`) to the minute, or UTC to the
/// second ("2026-01-05T07:30:00Z") without offsets; the weight as typed, or
/// in a unit to show it in ("11 st 4.5 lb", `Weight.shown(in:)`).
public struct ExportWriter {
    public enum Format: String, CaseIterable, Sendable {
        case csv, json
    }

    public typealias Sink = (UnsafeRawBufferPointer) throws -> Void

    private enum Layout {
        case csv, json
        case lines(LocalOffsets?)
    }

    /// The unit `lines` show weights in; nil: as typed.
    private var shown: DisplayUnit?

    private var layout: Layout
    private let sink: Sink
    private var buffer: [UInt8] = []
    private var rows = 0
    private static let flushAt = 1 << 16

    public init(format: Format, sink: @escaping Sink) {
        self.init(layout: format == .csv ? .csv : .json, sink: sink)
    }

    /// `grocer weight list`'s lines: local times through `offsets`, or UTC
    /// when nil.
    public init(lines offsets: LocalOffsets?, shown: DisplayUnit? = nil, sink: @escaping Sink) {
        self.init(layout: .lines(offsets), sink: sink)
        self.shown = shown
    }

    private init(layout: Layout, sink: @escaping Sink) {
        self.layout = layout
        self.sink = sink
        buffer.reserveCapacity(ExportWriter.flushAt + 256)
        switch layout {
        case .csv: append("recorded_at,value,unit,note,body_fat\r\n")
        case .json: buffer.append(UInt8(ascii: "["))
        case .lines: break
        }
    }

    /// One entry: its id (JSON and lines only), time in whole Unix seconds,
    /// the value's digits as typed, its unit, its note and its body fat's
    /// digits (nil: none).
    public mutating func append(
        id: Int64, seconds: Int64, digits: String, unit: WeightUnit, note: String = "", bodyFat: String? = nil
    ) throws {
        switch layout {
        case .lines(var offsets):
            appendInteger(id)
            buffer.append(9)
            if offsets != nil {
                appendLocalTime(seconds + Int64(offsets!.offset(seconds)))
                layout = .lines(offsets)
            } else {
                appendTime(seconds)
            }
            buffer.append(9)
            if let shown, let weight = Weight(digits: digits, unit: unit) {
                append(weight.shown(in: shown))
            } else {
                append(digits)
                buffer.append(32)
                append(unit.rawValue)
            }
            if let bodyFat {
                buffer.append(9)
                append(bodyFat)
                append(" % fat")
            }
            if !note.isEmpty {
                buffer.append(9)
                append(VisibleText.escaped(note))
            }
            buffer.append(10)
        case .csv:
            appendTime(seconds)
            buffer.append(UInt8(ascii: ","))
            append(digits)
            buffer.append(UInt8(ascii: ","))
            append(unit.rawValue)
            buffer.append(UInt8(ascii: ","))
            if !note.isEmpty { appendCSVField(note) }
            buffer.append(UInt8(ascii: ","))
            if let bodyFat { append(bodyFat) }
            buffer.append(13)
            buffer.append(10)
        case .json:
            append(rows == 0 ? "\n  {\"id\": " : ",\n  {\"id\": ")
            appendInteger(id)
            append(", \"recordedAt\": \"")
            appendTime(seconds)
            append("\", \"value\": ")
            append(digits)
            append(", \"unit\": \"")
            append(unit.rawValue)
            append(note.isEmpty ? "\", \"note\": \"\"" : "\", \"note\": " + JSONString.literal(note))
            if let bodyFat {
                append(", \"bodyFat\": ")
                append(bodyFat)
            }
            buffer.append(UInt8(ascii: "}"))
        }
        rows += 1
        if buffer.count >= ExportWriter.flushAt { try flush() }
    }

    public mutating func append(_ entry: WeightEntry) throws {
        try append(
            id: entry.id, seconds: Int64(entry.recordedAt.timeIntervalSince1970.rounded(.down)),
            digits: entry.weight.digits, unit: entry.weight.unit, note: entry.note, bodyFat: entry.bodyFat?.digits)
    }

    /// A CSV field (RFC 4180): quoted, its quotes doubled, when it holds a
    /// comma, a quote or a line break, or starts or ends with a space (a
    /// reader would trim it).
    private mutating func appendCSVField(_ text: String) {
        let needsQuotes =
            text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
            || text.utf8.first == 32 || text.utf8.last == 32
        guard needsQuotes else { return append(text) }
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") { buffer.append(byte) }
            buffer.append(byte)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Closes the JSON array and hands over what is left.
    public mutating func finish() throws {
        if case .json = layout { append(rows == 0 ? "]\n" : "\n]\n") }
        try flush()
    }

    private mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try sink($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    @inline(__always)
    private mutating func appendDigits(_ value: Int, width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var v = value
        while divisor > 0 {
            buffer.append(UInt8(48 + v / divisor))
            v %= divisor
            divisor /= 10
        }
    }

    private mutating func appendInteger(_ value: Int64) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var v = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[n] = UInt8(48 + v % 10)
                v /= 10
                n += 1
            } while v > 0
            for k in stride(from: n - 1, through: 0, by: -1) { buffer.append(raw[k]) }
        }
    }

    /// "2026-01-05 07:30" from seconds on the local clock (Unix seconds
    /// plus the offset).
    private mutating func appendLocalTime(_ seconds: Int64) {
        appendClock(seconds, dateTimeSeparator: 32, seconds: false)
    }

    /// "2026-01-05T07:30:00Z" from Unix seconds (years 0-9999).
    private mutating func appendTime(_ seconds: Int64) {
        appendClock(seconds, dateTimeSeparator: UInt8(ascii: "T"), seconds: true)
        buffer.append(UInt8(ascii: "Z"))
    }

    /// The day, `dateTimeSeparator`, then hours and minutes (and seconds)
    /// of a count of seconds since 1970-01-01 00:00 on some clock.
    private mutating func appendClock(_ count: Int64, dateTimeSeparator: UInt8, seconds: Bool) {
        let s = Int(count)
        var days = s / 86_400
        var rest = s % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let civil = CivilDay.civilFromDays(days)
        appendDigits(civil.year, width: 4)
        buffer.append(UInt8(ascii: "-"))
        appendDigits(civil.month, width: 2)
        buffer.append(UInt8(ascii: "-"))
        appendDigits(civil.day, width: 2)
        buffer.append(dateTimeSeparator)
        appendDigits(rest / 3600, width: 2)
        buffer.append(UInt8(ascii: ":"))
        appendDigits(rest / 60 % 60, width: 2)
        guard seconds else { return }
        buffer.append(UInt8(ascii: ":"))
        appendDigits(rest % 60, width: 2)
    }
}

extension ExportWriter {
    /// A sink writing to a file descriptor (1 for standard output), retrying
    /// short writes.
    public static func fileDescriptorSink(_ fd: Int32) -> Sink {
        { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ExportError.writeFailed(errno: errno)
                }
                offset += n
            }
        }
    }
}

public enum ExportError: Error, Equatable, Sendable {
    /// A write to the sink's descriptor failed with this errno.
    case writeFailed(errno: Int32)
}
