// Measures GrocerExchange's writers and readers at a million rows, beside
// the sqlite3 tool's own output of the same rows (bench/exchange.sh runs
// both). Not a test: no assertions, figures on standard error.
//
//   exchange-bench export csv|json DB OUT   weight_entry rows of DB -> OUT (GRDB cursor -> ExportWriter)
//   exchange-bench write csv|json N OUT     N generated rows -> OUT (the writer alone)
//   exchange-bench import FILE              read FILE (any format), count rows and problems
//   exchange-bench scan FILE                CSV.swift 2.5.2 alone over FILE (why GrocerExchange has its own reader)
//   exchange-bench values N / weights N     ImportedWeight.read / Weight(digits:unit:) alone, N times
import Foundation
import CSV
import GRDB
import GrocerCore
import GrocerExchange

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("exchange-bench: \(message)\n".utf8))
    exit(2)
}

func openOutput(_ path: String) -> Int32 {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if fd < 0 { fail("cannot write \(path)") }
    return fd
}

func seconds(since start: ContinuousClock.Instant) -> String {
    let d = ContinuousClock.now - start
    let s = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    return String(format: "%.3f", s)
}

let args = CommandLine.arguments
guard args.count >= 3 else { fail("usage: export csv|json DB OUT | write csv|json N OUT | import FILE") }
let start = ContinuousClock.now

switch args[1] {
case "export":
    guard args.count == 5, let format = ExportWriter.Format(rawValue: args[2]) else { fail("export csv|json DB OUT") }
    var config = Configuration()
    config.readonly = true
    let db = try DatabaseQueue(path: args[3], configuration: config)
    let fd = openOutput(args[4])
    var writer = ExportWriter(format: format, sink: ExportWriter.fileDescriptorSink(fd))
    var rows = 0
    try db.read { db in
        let cursor = try Row.fetchCursor(db, sql: "SELECT id, value, unit, recorded_at FROM weight_entry ORDER BY recorded_at, id")
        while let row = try cursor.next() {
            let unit: WeightUnit = (row[2] as String) == "lbs" ? .lbs : .kg
            try writer.append(id: row[0], seconds: row[3], digits: row[1], unit: unit)
            rows += 1
        }
    }
    try writer.finish()
    close(fd)
    FileHandle.standardError.write(Data("export \(format.rawValue): \(rows) rows in \(seconds(since: start)) s\n".utf8))

case "write":
    guard args.count == 5, let format = ExportWriter.Format(rawValue: args[2]), let n = Int(args[3]) else { fail("write csv|json N OUT") }
    let digits = (0..<100).map { "\(60 + $0 % 40).\($0 < 10 ? "0" : "")\($0)" }
    let fd = openOutput(args[4])
    var writer = ExportWriter(format: format, sink: ExportWriter.fileDescriptorSink(fd))
    for i in 1...n {
        try writer.append(id: Int64(i), seconds: 1_700_000_000 + Int64(i) * 60, digits: digits[i % 100], unit: i % 3 == 0 ? .lbs : .kg)
    }
    try writer.finish()
    close(fd)
    FileHandle.standardError.write(Data("write \(format.rawValue): \(n) rows in \(seconds(since: start)) s\n".utf8))

case "import":
    let reader = ImportReader(timeZone: TimeZone(identifier: "UTC")!, defaultUnit: .kg)
    var rows = 0, problems = 0
    let format = try reader.read(fileAt: URL(fileURLWithPath: args[2])) { item in
        if case .row = item { rows += 1 } else { problems += 1 }
    }
    FileHandle.standardError.write(Data("import \(format.rawValue): \(rows) rows, \(problems) problems in \(seconds(since: start)) s\n".utf8))

case "scan":
    // CSV.swift alone: fields of every record, nothing done with them.
    let csv = try CSVReader(stream: InputStream(fileAtPath: args[2])!, hasHeaderRow: false)
    var records = 0, bytes = 0
    while let fields = csv.next() { records += 1; bytes += fields.count }
    FileHandle.standardError.write(Data("scan: \(records) records (\(bytes) fields) in \(seconds(since: start)) s\n".utf8))

case "values":
    // The per-row rules alone (time and value), on the same rows as `write`.
    let n = Int(args[2])!
    var ok = 0
    let digits = (0..<100).map { "\(60 + $0 % 40).\($0 < 10 ? "0" : "")\($0)" }
    for i in 0..<n {
        if case .success = ImportedWeight.read(digits[i % 100], unit: .kg) { ok += 1 }
    }
    FileHandle.standardError.write(Data("values: \(ok) of \(n) in \(seconds(since: start)) s\n".utf8))

case "weights":
    // Weight(digits:unit:) alone: what every imported row costs at the least.
    let n = Int(args[2])!
    let digits = (0..<100).map { "\(60 + $0 % 40).\($0 < 10 ? "0" : "")\($0)" }
    var ok = 0
    for i in 0..<n where Weight(digits: digits[i % 100], unit: .kg) != nil { ok += 1 }
    FileHandle.standardError.write(Data("weights: \(ok) of \(n) in \(seconds(since: start)) s\n".utf8))

default:
    fail("unknown mode \(args[1])")
}
