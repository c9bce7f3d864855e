import Foundation
import GrocerCore

/// grocer's JSON, as `grocer weight list --json` writes it:
/// `[{"id": 1, "recordedAt": "2026-01-05T07:30:00Z", "value": 72.50, "unit": "kg"}, ...]`;
/// or Fitbit's weight-YYYY-MM-DD.json from Google Takeout:
/// `[{"logId": 1577923199000, "weight": 180.2, "bmi": 25.84, "date": "01/01/20", "time": "23:59:59", "source": "API"}, ...]`,
/// local times in the account's unit, which the file does not say (--unit
/// names it). Read byte by byte from the stream, one object at a time
/// (memory stays flat); numbers keep their digits as written, so 72.50
/// stays 72.50.
struct JSONImport {
    var rows: RowReader
    /// Fitbit's file, read in this unit; nil: grocer's own.
    let fitbitUnit: WeightUnit?
    private(set) var reading: ImportReading
    /// Names of fields not kept, seen so far (bounded).
    private var dropped: Set<[UInt8]> = []
    private var stream: InputStream
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var count = 0
    private var position = 0
    private(set) var line = 1
    private var scratch: [UInt8] = []

    init(stream: InputStream, rows: RowReader, fitbitUnit: WeightUnit? = nil) {
        self.stream = stream
        self.rows = rows
        self.fitbitUnit = fitbitUnit
        reading =
            fitbitUnit.map { ImportReading(title: "a Fitbit weight JSON", unit: $0, unitFrom: "--unit; Fitbit does not write it") }
            ?? ImportReading(title: "grocer's JSON", unitFrom: "each entry names its unit")
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
            let entry = try readObject()
            let item = item(entry, line: objectLine)
            try body(item)
            skipSpace()
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return
            default: throw ImportError.malformed(line: line, "expected ',' or ']' after an entry")
            }
        }
    }

    /// The three fields an entry needs, and its id when it has one; anything
    /// else is read and dropped.
    struct Entry {
        var recordedAt: String?
        var value: String?
        var unit: String?
        var id: String?
        var note: String?
        /// grocer's `bodyFat`, Fitbit's `fat`: a percentage.
        var bodyFat: String?
        /// Fitbit's.
        var weight: String?
        var date: String?
        var time: String?
    }

    mutating func item(_ entry: Entry, line: Int) -> ImportItem {
        if let unit = fitbitUnit {
            guard let date = entry.date, let value = entry.weight else {
                return .problem(ImportProblem(line: line, reason: "an entry needs date and weight"))
            }
            let day = rows.isoDate(us: date) ?? date
            let timeText = entry.time.map { day + " " + $0 } ?? day
            return rows.item(
                line: line, timeText: timeText, value: value, unit: unit, unitText: unit.rawValue, note: "",
                bodyFat: entry.bodyFat.flatMap(BodyFat.imported))
        }
        guard let timeText = entry.recordedAt, let value = entry.value, let unitText = entry.unit else {
            return .problem(ImportProblem(line: line, reason: "an entry needs recordedAt, value and unit"))
        }
        let item = rows.item(
            line: line, timeText: timeText, value: value, unit: WeightUnit.imported(unitText), unitText: unitText, note: entry.note ?? "",
            bodyFat: entry.bodyFat.flatMap(BodyFat.imported))
        guard case .row(var row) = item, let id = entry.id.flatMap({ Int64($0) }), (1...JSONImport.idLimit).contains(id) else {
            return item
        }
        row.id = id
        return .row(row)
    }

    static let recordedAtKey = Array("recordedAt".utf8), valueKey = Array("value".utf8), unitKey = Array("unit".utf8)
    static let idKey = Array("id".utf8), noteKey = Array("note".utf8), bodyFatKey = Array("bodyFat".utf8), fatKey = Array("fat".utf8)
    /// A larger id is not taken from a file: near 2^63 SQLite picks every
    /// later id at random. No weight log holds 2^31 entries.
    static let idLimit: Int64 = 1 << 31
    static let weightKey = Array("weight".utf8), dateKey = Array("date".utf8), timeKey = Array("time".utf8)
    /// At most this many field names not kept are remembered.
    static let droppedLimit = 64
    /// Longer strings and values are not a weight log's: the reading stops.
    static let valueLimit = 1 << 16

    /// A flat object of strings, numbers, true/false/null, kept as text.
    mutating func readObject() throws -> Entry {
        guard next() == UInt8(ascii: "{") else { throw ImportError.malformed(line: line, "expected '{'") }
        var entry = Entry()
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return entry
        }
        while true {
            skipSpace()
            guard next() == UInt8(ascii: "\"") else { throw ImportError.malformed(line: line, "expected a quoted name") }
            let key = try readBytes()
            skipSpace()
            guard next() == UInt8(ascii: ":") else { throw ImportError.malformed(line: line, "expected ':'") }
            skipSpace()
            let text: String
            let quoted = peek() == UInt8(ascii: "\"")
            if quoted {
                position += 1
                text = String(decoding: try readBytes(), as: UTF8.self)
            } else {
                scratch.removeAll(keepingCapacity: true)
                while let b = peek(), b != UInt8(ascii: ","), b != UInt8(ascii: "}"), !isSpace(b) {
                    scratch.append(b)
                    position += 1
                    if scratch.count > JSONImport.valueLimit { throw ImportError.malformed(line: line, "a value longer than 64 KiB") }
                }
                guard !scratch.isEmpty else { throw ImportError.malformed(line: line, "expected a value") }
                text = String(decoding: scratch, as: UTF8.self)
            }
            if fitbitUnit == nil {
                if key == JSONImport.recordedAtKey {
                    entry.recordedAt = text
                } else if key == JSONImport.valueKey {
                    entry.value = text
                } else if key == JSONImport.unitKey {
                    entry.unit = text
                } else if key == JSONImport.idKey {
                    entry.id = text
                } else if key == JSONImport.noteKey {
                    entry.note = quoted ? text : nil  // null: no note
                } else if key == JSONImport.bodyFatKey {
                    entry.bodyFat = quoted ? nil : text  // null: none
                } else {
                    drop(key)
                }
            } else if key == JSONImport.weightKey {
                entry.weight = text
            } else if key == JSONImport.dateKey {
                entry.date = text
            } else if key == JSONImport.timeKey {
                entry.time = text
            } else if key == JSONImport.fatKey {
                entry.bodyFat = text
            } else {
                drop(key)
            }
            skipSpace()
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return entry
            default: throw ImportError.malformed(line: line, "expected ',' or '}' in an entry")
            }
        }
    }

    /// Notes a field grocer does not keep, for the report.
    mutating func drop(_ key: [UInt8]) {
        guard dropped.count < JSONImport.droppedLimit, !dropped.contains(key) else { return }
        dropped.insert(key)
        reading.drop(String(decoding: key, as: UTF8.self))
    }

    /// A string's bytes after its opening quote, escapes resolved.
    mutating func readBytes() throws -> [UInt8] {
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard let b = next() else { throw ImportError.malformed(line: line, "a string is not closed") }
            if b == UInt8(ascii: "\"") { return scratch }
            if scratch.count > JSONImport.valueLimit { throw ImportError.malformed(line: line, "a string longer than 64 KiB") }
            if b == 10 { line += 1 }
            if b == UInt8(ascii: "\\") {
                guard let e = next() else { throw ImportError.malformed(line: line, "a string is not closed") }
                switch e {
                case UInt8(ascii: "n"): scratch.append(10)
                case UInt8(ascii: "t"): scratch.append(9)
                case UInt8(ascii: "r"): scratch.append(13)
                case UInt8(ascii: "u"):
                    var hex: [UInt8] = []
                    for _ in 0..<4 { if let h = next() { hex.append(h) } }
                    let scalar = UInt32(String(decoding: hex, as: UTF8.self), radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
                    scratch.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: scratch.append(e)
                }
                continue
            }
            scratch.append(b)
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
            if count <= 0 {
                count = 0
                return nil
            }
        }
        return buffer[position]
    }

    mutating func next() -> UInt8? {
        guard let b = peek() else { return nil }
        position += 1
        return b
    }
}
