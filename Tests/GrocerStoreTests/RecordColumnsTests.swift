import GRDB
import Testing

@testable import GrocerStore

/// Each record names its columns once (its `Columns`); the shape checked
/// before a read, the selection, the fields and the SQL grocer writes out
/// all come from there. Held here to the tables a fresh store has.
@Suite struct RecordColumnsTests {
    static let records: [(table: String, shape: TableShape, selection: [String])] = [
        (
            ItemRecord.databaseTableName, ItemRecord.shape,
            ItemRecord.Columns.allCases.prefix(9).map(\.name) + [ItemRecord.nameKey.name]
                + ItemRecord.Columns.allCases.dropFirst(9).map(\.name)
        ),
        (WeightRecord.databaseTableName, WeightRecord.shape, WeightRecord.Columns.allCases.map(\.name)),
        (UnitRecord.databaseTableName, UnitRecord.shape, UnitRecord.Columns.allCases.map(\.name)),
        (PlaceRecord.databaseTableName, PlaceRecord.shape, PlaceRecord.Columns.allCases.map(\.name)),
        (AisleRecord.databaseTableName, AisleRecord.shape, AisleRecord.Columns.allCases.map(\.name)),
        (SettingRecord.databaseTableName, SettingRecord.shape, SettingRecord.Columns.allCases.map(\.name)),
        (QuarantineRecord.databaseTableName, QuarantineRecord.shape, QuarantineRecord.Columns.allCases.map(\.name)),
    ]

    @Test(arguments: records)
    func aRecordsColumnsAreItsTablesInTheSchemasOrder(table: String, shape: TableShape, selection: [String]) throws {
        let queue = try DatabaseQueue()
        let columns = try queue.write { db in
            try Schema.create(db)
            return try db.columns(in: table).map(\.name)
        }
        #expect(shape.name == table)
        #expect(shape.columns == columns)
        #expect(selection == columns)
    }

    @Test func theGroceryListsQueryReadsEveryColumnOfItsFourTables() {
        let names =
            ItemRecord.Columns.allCases.map { "item.\($0.name)" } + ["unit.id", "unit.name", "place.id", "place.name"]
            + ["aisle.id", "aisle.name", "aisle.position", "second_unit.id", "second_unit.name"]
        #expect(GroceryItemReader.sql.hasPrefix("SELECT " + names.joined(separator: ", ") + "\nFROM item\n"))
        #expect(GroceryItemReader.sql.contains("LEFT JOIN unit ON unit.id = item.unit_id"))
        #expect(GroceryItemReader.sql.contains("LEFT JOIN aisle ON aisle.id = item.aisle_id"))
        #expect(
            WeightRecord.insertSQL([.value, .unit, .recordedAt, .note])
                == "INSERT INTO weight_entry (value, unit, recorded_at, note) VALUES (?, ?, ?, ?)")
    }
}
