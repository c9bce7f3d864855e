import Foundation
import GrocerCore

@testable import GrocerExchange

/// A temporary folder for the files each test writes itself, and helpers to
/// read them back.
struct ImportFixture {
    let folder: URL

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-exchange-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) -> URL {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8)) else {
            fatalError("cannot write \(url.path)")
        }
        return url
    }

    func read(_ text: String, format: ImportFormat? = nil, zone: String = "UTC", unit: WeightUnit? = .kg) throws -> (ImportFormat, [ImportItem]) {
        let url = write("import-\(UUID().uuidString)", text)
        defer { try? FileManager.default.removeItem(at: url) }
        var items: [ImportItem] = []
        let reader = ImportReader(format: format, timeZone: TimeZone(identifier: zone)!, defaultUnit: unit)
        let read = try reader.read(fileAt: url) { items.append($0) }
        return (read, items)
    }

    /// The rows and the report of what was read.
    func report(_ text: String, format: ImportFormat? = nil, zone: String = "UTC", unit: WeightUnit? = nil) throws -> (
        ImportFormat, ImportReading, [String]
    ) {
        var items: [ImportItem] = []
        let reader = ImportReader(format: format, timeZone: TimeZone(identifier: zone)!, defaultUnit: unit, now: ImportFixture.now)
        let stream = InputStream(data: Data(text.utf8))
        stream.open()
        defer { stream.close() }
        let prepared = try reader.prepare(stream)
        let reading = try prepared.read { items.append($0) }
        return (prepared.format, reading, ImportFixture.summary(items))
    }

    /// A fixed "now" for readers of two-digit years: 2026-11-25.
    static let now = date("2026-11-25T12:00:00Z")

    static func rows(_ items: [ImportItem]) -> [ImportRow] {
        items.compactMap { if case .row(let row) = $0 { return row } else { return nil } }
    }

    static func problems(_ items: [ImportItem]) -> [ImportProblem] {
        items.compactMap { if case .problem(let problem) = $0 { return problem } else { return nil } }
    }

    static func date(_ iso: String) -> Date { try! Date(iso, strategy: .iso8601) }

    /// (line, ISO time in UTC, digits, unit, rounded, " fat 18.4", " | note")
    /// for compact expectations.
    static func summary(_ items: [ImportItem]) -> [String] {
        items.map {
            switch $0 {
            case .row(let r):
                let time = r.recordedAt.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
                return "\(r.line) \(time) \(r.value.digits) \(r.value.unit.rawValue)\(r.rounded ? " rounded" : "")"
                    + (r.bodyFat.map { " fat \($0.digits)" } ?? "") + (r.note.isEmpty ? "" : " | \(r.note)")
            case .problem(let p):
                return "\(p.line) ! \(p.reason)"
            }
        }
    }
}
