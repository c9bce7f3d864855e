import GRDB
import GrocerCore

/// A row of `place`: where things are kept at home.
struct PlaceRecord: Equatable {
    var id: Int64?
    var name: String

    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
    }

    static let shape = TableShape(name: databaseTableName, columns: ["id", "name"])

    var groceryPlace: GroceryPlace { GroceryPlace(id: id ?? 0, name: name) }
}

extension PlaceRecord: TableRecord {
    static let databaseTableName = "place"
    static var databaseSelection: [any SQLSelectable] { [Columns.id, Columns.name] }
}

extension PlaceRecord: FetchableRecord {
    init(row: Row) throws {
        id = try row.integer(Columns.id)
        name = try row.text(Columns.name)
    }
}

extension PlaceRecord: MutablePersistableRecord {
    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.name] = name
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
