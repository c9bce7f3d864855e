import GRDB
import GrocerCore

/// A row of `unit`: a name items are counted in.
struct UnitRecord: Equatable {
    var id: Int64?
    var name: String

    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
    }

    static let shape = TableShape(name: databaseTableName, columns: ["id", "name"])

    var groceryUnit: GroceryUnit { GroceryUnit(id: id ?? 0, name: name) }
}

extension UnitRecord: TableRecord {
    static let databaseTableName = "unit"
    static var databaseSelection: [any SQLSelectable] { [Columns.id, Columns.name] }
}

extension UnitRecord: FetchableRecord {
    init(row: Row) throws {
        id = try row.integer(Columns.id)
        name = try row.text(Columns.name)
    }
}

extension UnitRecord: MutablePersistableRecord {
    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.name] = name
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
