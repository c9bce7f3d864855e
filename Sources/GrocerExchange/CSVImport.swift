import Foundation

/// Runs a CSV-based format over a stream, one record at a time: memory
/// stays flat however long the file is.
enum CSVImport {
    /// Returns what was read, for the report.
    @discardableResult
    static func run<R: CSVFormatReader>(_ reader: inout R, stream: InputStream, body: (ImportItem) throws -> Void) throws
        -> ImportReading
    {
        var records = CSVRecordReader(stream: stream, delimiter: reader.delimiter)
        func take(_ result: CSVLineResult) throws {
            switch result {
            case .skip: return
            case .item(let item): try body(item)
            case .items(let items): for item in items { try body(item) }
            case .fail(let error): throw error
            }
        }
        while let (fields, line) = try records.next() {
            if fields.count == 1, fields[0].utf8.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            try take(reader.read(fields, line: line))
        }
        try take(reader.finish())
        return reader.reading
    }
}
