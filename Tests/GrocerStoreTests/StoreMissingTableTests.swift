import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// A current-format file with a table or column gone: each reader throws a
/// `StoreError` naming the file and the table, not SQLite's words.
@Suite struct StoreMissingTableTests {
    static let path = "/p/grocer.sqlite"

    static let readers: [(String, @Sendable (Store) throws -> Void)] = [
        ("weight_entry", { _ = try $0.weights.forEachEntry { _ in } }),
        ("weight_entry", { _ = try $0.recentWeightPage(limit: 5) }),
        ("weight_entry", { _ = try $0.weights.add(Weight(digits: "70", unit: .kg)!, at: Date(timeIntervalSince1970: 0)) }),
        ("item", { _ = try $0.groceries.forEachItem { _ in } }),
        ("unit", { _ = try $0.groceries.forEachItem { _ in } }),
        ("unit", { _ = try $0.groceries.units() }),
        ("quarantine", { _ = try $0.quarantinedRows() }),
        ("setting", { _ = try $0.settings.read(.unit) }),
        ("setting", { try $0.settings.set(.unit, to: .kg) }),
        ("item", { _ = try $0.rowCounts() }),
    ]

    @Test(arguments: readers.indices)
    func aMissingTableIsNamed(index: Int) throws {
        let (table, reader) = Self.readers[index]
        let store = try Store.open(at: Self.path, mode: .memory, zone: .current, stop: StopFlag())
        try store.execute("PRAGMA foreign_keys = OFF; DROP TABLE \(table)")
        #expect(throws: StoreError.missingTable(path: Self.path, table: table)) { try reader(store) }
    }

    @Test func aMissingColumnIsNamed() throws {
        let store = try Store.open(at: Self.path, mode: .memory, zone: .current, stop: StopFlag())
        try store.execute(
            "DROP TABLE weight_entry; CREATE TABLE weight_entry (id INTEGER PRIMARY KEY, value TEXT, recorded_at INTEGER, note TEXT, body_fat TEXT)")
        #expect(throws: StoreError.missingColumns(path: Self.path, table: "weight_entry", columns: ["unit"])) {
            try store.weights.forEachEntry { _ in }
        }
    }

    @Test(arguments: [
        StoreError.missingTable(path: path, table: "item"),
        .missingColumns(path: path, table: "weight_entry", columns: ["unit", "value"]),
        .unreadableRows(
            path: path,
            report: {
                var report = ReadReport()
                report.add(UnreadableRow(table: "weight_entry", id: 7, reason: "recorded_at is NULL, not an integer"))
                return report
            }()),
    ])
    func everyReadErrorNamesTheFileAndWhatToDo(error: StoreError) throws {
        let text = try #require(error.errorDescription)
        #expect(text.contains(Self.path))
        #expect(text.contains("backup"))
        #expect(!text.contains("SQLite error"))
        #expect(error.exitCode == 2)
    }

    @Test func theMessagesReadAsWritten() {
        #expect(
            StoreError.missingTable(path: "/s", table: "item").errorDescription
                == "/s has no table 'item', which every grocer store has: the file was changed outside grocer. Restore it from a backup, or move it aside to start a new store; the file was not changed."
        )
        #expect(
            StoreError.missingColumns(path: "/s", table: "unit", columns: ["name"]).errorDescription
                == "/s: the table 'unit' lacks the column 'name' that grocer reads: the file was changed outside grocer. Restore it from a backup, or move it aside to start a new store; the file was not changed."
        )
    }
}
