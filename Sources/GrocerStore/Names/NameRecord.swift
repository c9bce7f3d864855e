import GRDB
import GrocerCore

/// A table of plain names that items may point at: `unit` and `place`
/// (id and name, nothing else). `aisle` also has a position and is
/// `AisleRecord`.
protocol NameTable {
    /// The GrocerCore value a row becomes.
    associatedtype Value: Sendable & Identifiable<Int64>
    static var tableName: String { get }
    static func value(id: Int64, name: String) -> Value
}

/// `unit`: a name items are counted in.
enum UnitTable: NameTable {
    static let tableName = "unit"
    static func value(id: Int64, name: String) -> GroceryUnit { GroceryUnit(id: id, name: name) }
}

/// `place`: where things are kept at home.
enum PlaceTable: NameTable {
    static let tableName = "place"
    static func value(id: Int64, name: String) -> GroceryPlace { GroceryPlace(id: id, name: name) }
}

/// A row of a `NameTable`.
struct NameRecord<Table: NameTable>: Equatable {
    var id: Int64?
    var name: String

    /// The table's columns, each name spelled here only: the fields
    /// (`encode`, `init(row:)`), `databaseSelection` and `shape` use them,
    /// in this order.
    enum Columns: String, ColumnExpression, CaseIterable {
        case id, name
    }

    static var shape: TableShape { TableShape(name: Table.tableName, columns: Columns.allCases.map(\.name)) }

    var value: Table.Value { Table.value(id: id ?? 0, name: name) }
}

typealias UnitRecord = NameRecord<UnitTable>
typealias PlaceRecord = NameRecord<PlaceTable>

extension NameRecord: TableRecord {
    static var databaseTableName: String { Table.tableName }
    static var databaseSelection: [any SQLSelectable] { Columns.allCases }
}

extension NameRecord: FetchableRecord {
    init(row: Row) throws {
        id = try row.integer(Columns.id)
        name = try row.text(Columns.name)
    }
}

extension NameRecord: MutablePersistableRecord {
    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.name] = name
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
