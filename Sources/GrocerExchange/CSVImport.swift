import CSV
import Foundation

/// Runs a CSV-based format over a stream with CSV.swift, one record at a
/// time: memory stays flat however long the file is.
enum CSVImport {
    static func run<R: CSVFormatReader>(_ reader: inout R, stream: InputStream, body: (ImportItem) throws -> Void) throws {
        let csv: CSVReader
        do {
            csv = try CSVReader(stream: stream, hasHeaderRow: false, delimiter: reader.delimiter)
        } catch {
            throw ImportError.unreadable(String(describing: error))
        }
        var line = 0
        while let fields = csv.next() {
            line += 1
            let lineOfRecord = line
            // A quoted field may hold line breaks: count them so later line numbers stay true.
            for field in fields { line += field.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
            if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            switch reader.read(fields, line: lineOfRecord) {
            case .skip: continue
            case .item(let item): try body(item)
            case .fail(let error): throw error
            }
        }
        if let error = csv.error { throw ImportError.unreadable(String(describing: error)) }
    }
}
