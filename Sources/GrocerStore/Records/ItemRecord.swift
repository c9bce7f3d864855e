import GRDB
import GrocerCore

/// A row of `item`: one entry of the grocery list, maybe counted in a unit.
struct ItemRecord: Equatable {
    var id: Int64?
    var name: String
    var quantity: Int64
    var listed: Bool
    var collected: Bool
    var unitID: Int64?

    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
        static let quantity = Column("quantity")
        static let listed = Column("listed")
        static let collected = Column("collected")
        static let unitID = Column("unit_id")
    }

    static let shape = TableShape(
        name: databaseTableName, columns: ["id", "name", "quantity", "listed", "collected", "unit_id"])

    /// Named explicitly: a file whose foreign key was lost still joins.
    static let unit = belongsTo(UnitRecord.self, key: "unit", using: ForeignKey([Columns.unitID]))

    /// Every item by id, each with its unit row when there is one.
    static let byIDWithUnit = all().including(optional: unit).order(Columns.id)

    /// The item a row of `byIDWithUnit` holds, or why it holds none.
    static func groceryItem(_ row: Row) throws -> GroceryItem {
        let item = try ItemRecord(row: row)
        var unit: GroceryUnit? = nil
        if let unitRow = row.scopes["unit"], !unitRow.hasNull(atIndex: 0) {
            do {
                unit = try UnitRecord(row: unitRow).groceryUnit
            } catch let problem as FieldProblem {
                throw FieldProblem(reason: "its unit \(item.unitID.map(String.init) ?? "?") cannot be read: \(problem.reason)")
            }
        }
        guard let quantity = Int(exactly: item.quantity) else {
            throw FieldProblem(reason: "quantity \(item.quantity) is too large")
        }
        return GroceryItem(
            id: item.id ?? 0, name: item.name, quantity: quantity, unit: unit,
            listed: item.listed, collected: item.collected)
    }
}

extension ItemRecord: TableRecord {
    static let databaseTableName = "item"
    static var databaseSelection: [any SQLSelectable] {
        [
            Columns.id, Columns.name, Columns.quantity, Columns.listed, Columns.collected, Columns.unitID,
        ]
    }
}

extension ItemRecord: FetchableRecord {
    init(row: Row) throws {
        id = try row.integer(Columns.id)
        name = try row.text(Columns.name)
        quantity = try row.integer(Columns.quantity)
        listed = try row.flag(Columns.listed)
        collected = try row.flag(Columns.collected)
        unitID = try row.optionalInteger(Columns.unitID)
    }
}

extension ItemRecord: MutablePersistableRecord {
    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.name] = name
        container[Columns.quantity] = quantity
        container[Columns.listed] = listed
        container[Columns.collected] = collected
        container[Columns.unitID] = unitID
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
