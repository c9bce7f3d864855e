import GRDB
import GrocerCore

/// A row of `aisle`: an aisle at the shop, at the person's position.
struct AisleRecord: Equatable {
    var id: Int64?
    var name: String
    var position: Int64

    /// The table's columns, each name spelled here only: the fields
    /// (`encode`, `init(row:)`), `databaseSelection` and `shape` use them,
    /// in this order.
    enum Columns: String, ColumnExpression, CaseIterable {
        case id, name, position
    }

    static let shape = TableShape(name: databaseTableName, columns: Columns.allCases.map(\.name))

    /// The person's order: position, then name (ignoring ASCII case), then id.
    static let inOrder = all().order(Columns.position, Columns.name.collating(.nocase), Columns.id)

    func groceryAisle() throws(FieldProblem) -> GroceryAisle {
        guard let position = Int(exactly: position) else {
            throw FieldProblem(reason: "\(Columns.position.name) \(position) is too large")
        }
        return GroceryAisle(id: id ?? 0, name: name, position: position)
    }
}

extension AisleRecord: TableRecord {
    static let databaseTableName = "aisle"
    static var databaseSelection: [any SQLSelectable] { Columns.allCases }
}

extension AisleRecord: FetchableRecord {
    init(row: Row) throws {
        id = try row.integer(Columns.id)
        name = try row.text(Columns.name)
        position = try row.integer(Columns.position)
    }
}

extension AisleRecord: MutablePersistableRecord {
    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.name] = name
        container[Columns.position] = position
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
