import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// Rows a current-format file can hold once changed outside grocer: every
/// reader shows the rest and reports each of these with its id and reason,
/// and none traps (today's `row["x"] as Int64` on NULL is exit 132).
@Suite struct StoreRecordsTests {
    static let good = "INSERT INTO weight_entry (id, value, unit, recorded_at) VALUES (1, '70.5', 'kg', 1795262400), (3, '180', 'lbs', 1795348800);"
    static let digits201 = String(repeating: "9", count: 201)

    @Test(arguments: [
        ("2, '71', 'kg', 'yesterday'", "recorded_at is text, not an integer"),
        ("2, '71', 'kg', NULL", "recorded_at is NULL, not an integer"),
        ("2, '71', 'kg', 1795300000.5", "recorded_at is a real number, not an integer"),
        ("2, '71', 'kg', 1000000000000000", "recorded_at 1000000000000000 is outside the years 1 to 9999"),
        ("2, NULL, 'kg', 1795300000", "value is NULL, not text"),
        ("2, x'3731', 'kg', 1795300000", "value is a blob, not text"),
        ("2, 71, 'kg', 1795300000", "value is an integer, not text"),
        ("2, '1e300', 'lbs', 1795300000", "value '1e300' is not a weight grocer can read"),
        ("2, '\(digits201)', 'lbs', 1795300000", "value of 201 characters is not a weight grocer can read"),
        ("2, '-3', 'kg', 1795300000", "value '-3' is not a weight"),
        ("2, '71', 'stone', 1795300000", "unit 'stone' is neither lbs nor kg"),
        ("2, '71', NULL, 1795300000", "unit is NULL, not text"),
        ("2, '71', '\u{1B}]0;pwned\u{07}', 1795300000", "unit of 10 characters is neither lbs nor kg"),
    ])
    func everyWeightReaderReportsAnUnreadableRowAndReadsTheRest(values: String, reason: String) throws {
        let store = try Store.hostile()
        try store.execute(Self.good + "INSERT INTO weight_entry (id, value, unit, recorded_at) VALUES (\(values));")

        var ids: [Int64] = []
        let report = try store.weights.forEachEntry { ids.append($0.id) }
        #expect(ids == [1, 3])
        #expect(report.unreadableCount == 1)
        #expect(report.ids == [2])
        #expect(report.unreadable.first?.table == "weight_entry")
        #expect(report.unreadable.first?.reason.hasPrefix(reason) == true, "\(report.unreadable)")

        let page = try store.recentWeightPage(limit: 10)
        #expect(page.entries.map(\.id).sorted() == [1, 3])
        #expect(page.report == report)

        let error = #expect(throws: StoreError.self) { try store.recentWeights(limit: 10) }
        #expect(error == .unreadableRows(path: "/tmp/hostile.sqlite", report: report))
    }

    @Test(arguments: [
        ("2, NULL, 1, 1, 0, NULL", "name is NULL, not text"),
        ("2, x'6d696c6b', 1, 1, 0, NULL", "name is a blob, not text"),
        ("2, 'milk', NULL, 1, 0, NULL", "quantity is NULL, not an integer"),
        ("2, 'milk', 'two', 1, 0, NULL", "quantity is text, not an integer"),
        ("2, 'milk', 1.5, 1, 0, NULL", "quantity is a real number, not an integer"),
        ("2, 'milk', 1, 2, 0, NULL", "listed is 2, not 0 or 1"),
        ("2, 'milk', 1, 1, NULL, NULL", "collected is NULL, not an integer"),
        ("2, 'milk', 1, 1, 0, 'kg'", "unit_id is text, not an integer"),
        ("2, 'milk', 1, 1, 0, 8", "its unit 8 cannot be read: name is NULL, not text"),
    ])
    func forEachItemReportsAnUnreadableRowAndReadsTheRest(values: String, reason: String) throws {
        let store = try Store.hostile()
        try store.execute(
            """
            INSERT INTO unit VALUES (7, 'kg'), (8, NULL);
            INSERT INTO item (id, name, quantity, listed, collected, unit_id) VALUES (1, 'flour', 1, 1, 0, 7), (3, 'salt', 1, 0, 0, NULL), (\(values));
            """)
        var ids: [Int64] = []
        let report = try store.groceries.forEachItem { ids.append($0.id) }
        #expect(ids == [1, 3])
        #expect(report.unreadableCount == 1)
        #expect(report.unreadable == [UnreadableRow(table: "item", id: 2, reason: reason)])
    }

    /// A note is no reason to lose a weight: one that is not text reads as
    /// none, one with control characters or too long as a cleaned line.
    @Test func aNoteAFileChangedOutsideGrocerHoldsNeverCostsTheWeight() throws {
        let store = try Store.hostile()
        let long = String(repeating: "é", count: 500)
        try store.execute(
            """
            INSERT INTO weight_entry (id, value, unit, recorded_at, note) VALUES
              (1, '70', 'kg', 1795262400, x'3731'), (2, '71', 'kg', 1795262401, NULL), (3, '72', 'kg', 1795262402, 12),
              (4, '73', 'kg', 1795262403, 'line one' || char(10) || char(27) || '[2Jline two'), (5, '74', 'kg', 1795262404, '\(long)'),
              (6, '75', 'kg', 1795262405, 'after a run');
            """)
        var notes: [String] = []
        let report = try store.weights.forEachEntry { notes.append($0.note) }
        #expect(report.unreadableCount == 0)
        #expect(notes.prefix(4) == ["", "", "", "line one [2Jline two"])
        #expect(notes[4].count == WeightNote.maxLength && notes[4].hasSuffix("é…"))
        #expect(notes[5] == "after a run")
    }

    @Test func aRowWhoseIDCannotBeReadIsStillCounted() throws {
        let store = try Store.hostile()
        try store.execute(
            """
            DROP TABLE weight_entry; CREATE TABLE weight_entry (id PRIMARY KEY, value, unit, recorded_at, note, body_fat);
            INSERT INTO weight_entry (id, value, unit, recorded_at) VALUES (1, '70', 'kg', 1795262400), ('two', '71', 'kg', 1795262401), (NULL, '72', 'kg', 1795262402);
            """)
        var ids: [Int64] = []
        let report = try store.weights.forEachEntry { ids.append($0.id) }
        #expect(ids == [1])
        #expect(report.unreadableCount == 2)
        #expect(
            report.unreadable == [
                UnreadableRow(table: "weight_entry", id: nil, reason: "id is text, not an integer"),
                UnreadableRow(table: "weight_entry", id: nil, reason: "id is NULL, not an integer"),
            ])
    }

    @Test func anItemWhoseUnitIsGoneIsShownWithoutAUnit() throws {
        let store = try Store.hostile()
        try store.execute("INSERT INTO item (id, name, quantity, listed, collected, unit_id) VALUES (1, 'flour', 1, 1, 0, 99)")
        var all: [GroceryItem] = []
        let report = try store.groceries.forEachItem { all.append($0) }
        #expect(all.map(\.unit) == [nil])
        #expect(report.isComplete)
    }

    @Test func unitReadersReportUnreadableUnits() throws {
        let store = try Store.hostile()
        try store.execute("INSERT INTO unit VALUES (1, 'kg'), (2, NULL), (3, x'00'), (4, 'bottle')")
        let page = try store.groceries.unitPage()
        #expect(page.entries.map(\.name) == ["kg", "bottle"])
        #expect(
            page.report.unreadable == [
                UnreadableRow(table: "unit", id: 2, reason: "name is NULL, not text"),
                UnreadableRow(table: "unit", id: 3, reason: "name is a blob, not text"),
            ])
        #expect(throws: StoreError.unreadableRows(path: "/tmp/hostile.sqlite", report: page.report)) { try store.groceries.units() }
        #expect(throws: StoreError.self) { try store.groceries.unitNames() }
    }

    @Test func quarantineReadersReportUnreadableRows() throws {
        let store = try Store.hostile()
        try store.execute(
            """
            INSERT INTO quarantine VALUES (1, 1, 'weight_entry', 7, 'time is not a number', '{}');
            INSERT INTO quarantine VALUES (2, 'one', 'item', NULL, 'x', '{}'), (3, 3, 'item', NULL, NULL, '{}');
            """)
        let page = try store.quarantinePage()
        #expect(page.entries.map(\.sourceID) == [7])
        #expect(page.report.ids == [2, 3])
        #expect(page.report.unreadable.map(\.reason) == ["source_version is text, not an integer", "reason is NULL, not text"])
        #expect(throws: StoreError.self) { try store.quarantinedRows() }
    }

    @Test(arguments: [
        ("'stone'", "key defaultUnit: defaultUnit 'stone' is not lbs, kg or st"),
        ("1", "key defaultUnit: value is an integer, not text"),
        ("NULL", "key defaultUnit: value is NULL, not text"),
    ])
    func anUnreadableDefaultUnitIsReportedAndNoneIsChosen(value: String, reason: String) throws {
        let store = try Store.hostile()
        try store.execute("INSERT INTO setting VALUES ('defaultUnit', \(value))")
        #expect(
            try store.settings.read(.unit)
                == StoredSetting<DisplayUnit>(value: nil, unreadable: UnreadableRow(table: "setting", id: nil, reason: reason)))
        #expect(try store.settings.read(.unit).display(region: .kg) == .kg)
        try store.settings.set(.unit, to: .kg)
        #expect(try store.settings.read(.unit) == StoredSetting<DisplayUnit>(value: .kg, unreadable: nil))
        // Stones are shown and typed; weights are kept in pounds.
        try store.settings.set(.unit, to: .st)
        #expect(try store.settings.read(.unit).value == .st)
    }

    /// Every setting reads through the one typed accessor: a goal or a
    /// height that cannot be read is reported as the unit's is, and none.
    @Test(arguments: [
        ("weight.goal", "'75'", "key weight.goal: weight.goal '75' is not a weight and its unit, such as '75 kg'"),
        ("weight.goal", "75", "key weight.goal: value is an integer, not text"),
        ("height", "'tall'", "key height: height 'tall' is not a height such as '180 cm'"),
    ])
    func anUnreadableGoalOrHeightIsReportedAndNoneIsRead(key: String, value: String, reason: String) throws {
        let store = try Store.hostile()
        try store.execute("INSERT INTO setting VALUES ('\(key)', \(value))")
        let unreadable = UnreadableRow(table: "setting", id: nil, reason: reason)
        if key == "height" {
            #expect(try store.settings.read(.height) == StoredSetting(value: nil, unreadable: unreadable))
            try store.settings.set(.height, to: Height(stored: "180 cm"))
            #expect(try store.settings.read(.height) == StoredSetting(value: Height(stored: "180 cm")))
        } else {
            #expect(try store.settings.read(.goal) == StoredSetting(value: nil, unreadable: unreadable))
            try store.settings.set(.goal, to: Weight(digits: "75", unit: .kg))
            #expect(try store.settings.read(.goal) == StoredSetting(value: Weight(digits: "75", unit: .kg)))
        }
    }

    /// The same through `Store.open` on a file made by sqlite3: grocer's own
    /// schema, rows of the wrong type put in with CHECKs ignored.
    @Test func aCurrentFormatFileWithHostileRowsOpensAndEveryReaderReportsThem() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("g.sqlite")
        try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag()).close()
        try dir.sqlite(
            "g.sqlite",
            """
            PRAGMA ignore_check_constraints = ON;
            INSERT INTO weight_entry (id, value, unit, recorded_at) VALUES (1, '70.5', 'kg', 1795262400), (2, '1e300', 'lbs', 1795262401),
              (3, '\(Self.digits201)', 'lbs', 1795262402), (4, '70', 'stone', 1795262403), (6, '72', 'kg', 'yesterday');
            DELETE FROM unit;
            INSERT INTO unit VALUES (1, 'kg');
            INSERT INTO item (id, name, quantity, listed, collected, unit_id)
              VALUES (1, 'milk', 'lots', 1, 0, NULL), (2, x'41', 1, 1, 0, 1), (3, 'flour', 2, 1, 0, 1);
            """)
        let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        var weights: [Int64] = []
        let weightReport = try store.weights.forEachEntry { weights.append($0.id) }
        #expect(weights == [1])
        #expect(weightReport.unreadableCount == 4)
        #expect(weightReport.ids.sorted() == [2, 3, 4, 6])
        #expect(try store.recentWeightPage(limit: 100).report.ids.sorted() == [2, 3, 4, 6])
        var items: [String] = []
        let itemReport = try store.groceries.forEachItem { items.append($0.name) }
        #expect(items == ["flour"])
        #expect(itemReport.ids == [1, 2])
    }

    /// NULLs need the schema edited (NOT NULL removed): such a file is not
    /// grocer's and is refused, naming the columns, untouched.
    @Test func aFileWithNotNullEditedAwayIsRefusedNamingTheColumns() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("g.sqlite")
        try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag()).close()
        try dir.sqlite(
            "g.sqlite",
            """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, 'NOT NULL', '') WHERE name = 'weight_entry';
            """)
        try dir.sqlite("g.sqlite", "INSERT INTO weight_entry (id, value, unit, recorded_at) VALUES (5, '71', 'kg', NULL);")
        let error = #expect(throws: StoreError.self) { try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag()) }
        #expect(error?.errorDescription?.contains("weight_entry.recorded_at is INTEGER, not INTEGER NOT NULL") == true)
    }
}
