import Foundation
import GrocerCore

/// Reads an export of grocer's or another program's, row by row, into
/// `ImportItem`s: what `grocer weight import` feeds into the store.
public struct ImportReader: Sendable {
    /// nil: detect from the first bytes (`--format auto`).
    public var format: ImportFormat?
    /// Times without a zone are in this zone; a date alone is 12:00 here.
    public var timeZone: TimeZone
    /// The unit named with --unit, for files that do not say theirs (The
    /// Hacker's Diet Online without its Preferences line, a Libra file
    /// without `#Units:`); nil: such a file is refused, never read in a
    /// guessed unit. A unit the file states wins.
    public var defaultUnit: WeightUnit?
    /// When the import runs: rows after it are refused (`WeighInTime`).
    public var now: Date

    public init(format: ImportFormat? = nil, timeZone: TimeZone, defaultUnit: WeightUnit?, now: Date = Date()) {
        self.format = format
        self.timeZone = timeZone
        self.defaultUnit = defaultUnit
        self.now = now
    }

    /// Calls `body` once per row, in file order; returns the format read.
    /// Throws `ImportError` when the file as a whole cannot be read, or what
    /// `body` throws (which stops the reading).
    @discardableResult
    public func read(_ stream: InputStream, _ body: (ImportItem) throws -> Void) throws -> ImportFormat {
        let prepared = try prepare(stream)
        try prepared.read(body)
        return prepared.format
    }

    /// Reads the first bytes and tells the format (or checks the one
    /// named), before anything is read for good: an unknown file is refused
    /// before a store is touched.
    public func prepare(_ stream: InputStream) throws -> PreparedImport {
        let prefix = try PrefixedInputStream.readPrefix(of: stream, count: FormatDetector.prefixLength)
        if prefix.starts(with: [0xFF, 0xFE]) || prefix.starts(with: [0xFE, 0xFF]) {
            throw ImportError.unreadable("it is UTF-16 text; save it as UTF-8 and import that")
        }
        if prefix.contains(0) { throw ImportError.unreadable("it holds binary data, not text") }
        let kind: FormatDetector.Kind
        switch format {
        case nil:
            guard let detected = FormatDetector.detect(prefix) else { throw ImportError.unknownFormat }
            kind = detected
        case .grocer?: kind = FormatDetector.grocerKind(prefix)
        case .withings?: kind = .withings
        case .openscale?: kind = .openscale
        case .libra?: kind = .libra
        case .hackersdiet?: kind = FormatDetector.hackersDietKind(prefix)
        case .applehealth?: kind = .applehealth
        case .fitbit?: kind = .fitbit
        case .googlefit?: kind = .googlefit
        case .csv?:
            let first = String(decoding: prefix, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            kind = FormatDetector.plainCSV(first) ?? .plainCSV(UInt8(ascii: ","))
        }
        if kind == .fitbit {
            guard defaultUnit != nil else { throw ImportError.unitNotStated(.fitbit) }
            let keys = FormatDetector.firstObjectKeys(prefix) ?? []
            guard !keys.contains("logId") || keys.contains("weight") else {
                throw ImportError.notThisFormat(.fitbit, "no weight field; Fitbit keeps weights in its weight-YYYY-MM-DD.json files")
            }
        }
        return PreparedImport(
            kind: kind, input: PrefixedInputStream(prefix: prefix, rest: stream), rows: RowReader(timeZone: timeZone, now: now),
            defaultUnit: defaultUnit)
    }

    /// The same, for a file.
    @discardableResult
    public func read(fileAt url: URL, _ body: (ImportItem) throws -> Void) throws -> ImportFormat {
        guard let stream = InputStream(url: url) else { throw ImportError.unreadable("it cannot be opened") }
        stream.open()
        defer { stream.close() }
        if stream.streamStatus == .error { throw ImportError.unreadable(stream.streamError?.localizedDescription ?? "it cannot be opened") }
        return try read(stream, body)
    }
}

/// A file whose format is known, ready to be read once.
public struct PreparedImport {
    let kind: FormatDetector.Kind
    let input: InputStream
    let rows: RowReader
    let defaultUnit: WeightUnit?

    public var format: ImportFormat { kind.format }

    /// Calls `body` once per row, in file order (see `ImportReader.read`);
    /// returns what was read, for the report.
    @discardableResult
    public func read(_ body: (ImportItem) throws -> Void) throws -> ImportReading {
        switch kind {
        case .grocerCSV:
            var reader = GrocerCSVReader(rows: rows)
            return try CSVImport.run(&reader, stream: input, body: body)
        case .grocerJSON, .fitbit:
            var reader = JSONImport(stream: input, rows: rows, fitbitUnit: kind == .fitbit ? defaultUnit : nil)
            try reader.run(body)
            return reader.reading
        case .withings:
            var reader = WithingsReader(rows: rows)
            return try CSVImport.run(&reader, stream: input, body: body)
        case .openscale:
            var reader = OpenScaleReader(rows: rows)
            return try CSVImport.run(&reader, stream: input, body: body)
        case .libra:
            var reader = LibraReader(rows: rows, unit: defaultUnit)
            return try CSVImport.run(&reader, stream: input, body: body)
        case .hackersdiet:
            var reader = HackersDietReader(rows: rows, unit: defaultUnit)
            return try CSVImport.run(&reader, stream: input, body: body)
        case .hackersdietExcel:
            var reader = HackersDietExcelReader(rows: rows, unit: defaultUnit)
            return try CSVImport.run(&reader, stream: input, body: body)
        case .googlefit:
            var reader = GoogleFitReader(rows: rows)
            return try CSVImport.run(&reader, stream: input, body: body)
        case .plainCSV(let delimiter):
            var reader = PlainCSVReader(rows: rows, unit: defaultUnit, delimiter: delimiter)
            return try CSVImport.run(&reader, stream: input, body: body)
        case .applehealth:
            try AppleHealthImport.run(stream: input, rows: rows, body: body)
            return ImportReading(title: "an Apple Health export.xml (its body mass records)", unitFrom: "each record names its unit")
        }
    }
}
