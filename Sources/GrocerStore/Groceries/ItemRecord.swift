import Foundation
import GRDB
import GrocerCore

/// A row of `item`: one entry of the grocery list, maybe counted in a unit,
/// kept at a place at home and found in an aisle at the shop.
struct ItemRecord: Equatable {
    var id: Int64?
    var name: String
    var quantity: Int64
    var listed: Bool
    var collected: Bool
    var unitID: Int64?
    var placeID: Int64?
    var aisleID: Int64?
    /// The exact quantity as canonical decimal text ("1.5"); NULL in a
    /// version 4 row whose quantity was not a sensible whole number.
    var amount: String?
    /// The item's note, "" for none (version 10).
    var note: String
    /// The second amount's canonical text and unit (version 10), NULL for none.
    var secondAmount: String?
    var secondUnitID: Int64?

    /// The table's columns, each name spelled here only: the fields
    /// (`encode`, `init(row:)`), `databaseSelection` and `shape` use them,
    /// in this order.
    enum Columns: String, ColumnExpression, CaseIterable {
        case id, name, quantity, listed, collected
        case unitID = "unit_id"
        case placeID = "place_id"
        case aisleID = "aisle_id"
        case amount
        case note
        case secondAmount = "second_amount"
        case secondUnitID = "second_unit_id"
    }

    /// `ItemNameKey.of(name)`, written with every name (version 8) and
    /// never read into a record: only the name lookup asks for it.
    static let nameKey = Column("name_key")

    /// The columns read, and the name key every write keeps.
    /// In the schema's order: the name key (version 8) comes before the
    /// note and the second amount (version 10).
    static let shape: TableShape = {
        let columns = Columns.allCases.map(\.name)
        let keyAt = columns.firstIndex(of: Columns.note.name) ?? columns.endIndex
        return TableShape(name: databaseTableName, columns: Array(columns[..<keyAt]) + [nameKey.name] + Array(columns[keyAt...]))
    }()

    /// The id, name and key of every item that may have the key `?1`: those
    /// with it, and those whose key is not known (NULL), by index (the
    /// duplicate check of quick entry, a rename and sync).
    static let keyCandidates = """
        SELECT \(Columns.id.name), \(Columns.name.name), \(nameKey.name) FROM \(databaseTableName)
        WHERE \(nameKey.name) = ?1 OR \(nameKey.name) IS NULL
        """

    /// Keys an item whose key was not known.
    static let setKey = "UPDATE \(databaseTableName) SET \(nameKey.name) = ?2 WHERE \(Columns.id.name) = ?1"

    /// `amount` as a quantity. A migrated version 4 quantity that version 5
    /// does not allow (0, or over the maximum) is kept as it was: no
    /// amount, and `quantity` tells. Any other text is a problem.
    static func amount(_ text: String?, quantity: Int64) throws(FieldProblem) -> GroceryQuantity? {
        guard let text else { return nil }
        do {
            return try GroceryQuantity(canonical: text)
        } catch {
            if text == String(quantity) { return nil }
            throw FieldProblem(reason: "\(Columns.amount.name) \(FieldText.quoted(text)) is not a quantity")
        }
    }

    /// The whole-number `quantity` version 4 readers see for `amount`:
    /// rounded, at least 1.
    static func wholeQuantity(_ amount: GroceryQuantity) -> Int {
        var exact = amount.decimal
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .plain)
        return max(1, NSDecimalNumber(decimal: rounded).intValue)
    }
}

extension ItemRecord {
    /// The row for `item`, with its id (nil to let SQLite choose one).
    init(_ item: GroceryItem, id: Int64?) {
        self.id = id
        name = item.name
        quantity = Int64(item.quantity)
        listed = item.listed
        collected = item.collected
        unitID = item.unit?.id
        placeID = item.place?.id
        aisleID = item.aisle?.id
        amount = item.amount?.canonical
        note = item.note
        secondAmount = item.second?.quantity.canonical
        secondUnitID = item.second?.unit?.id
    }
}

extension ItemRecord: TableRecord {
    static let databaseTableName = "item"
    static var databaseSelection: [any SQLSelectable] { Columns.allCases }
}

extension ItemRecord: FetchableRecord {
    init(row: Row) throws {
        id = try row.integer(Columns.id)
        name = try row.text(Columns.name)
        quantity = try row.integer(Columns.quantity)
        listed = try row.flag(Columns.listed)
        collected = try row.flag(Columns.collected)
        unitID = try row.optionalInteger(Columns.unitID)
        placeID = try row.optionalInteger(Columns.placeID)
        aisleID = try row.optionalInteger(Columns.aisleID)
        amount = try row.optionalText(Columns.amount)
        note = try row.text(Columns.note)
        secondAmount = try row.optionalText(Columns.secondAmount)
        secondUnitID = try row.optionalInteger(Columns.secondUnitID)
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
        container[Columns.placeID] = placeID
        container[Columns.aisleID] = aisleID
        container[Columns.amount] = amount
        container[Columns.note] = note
        container[Columns.secondAmount] = secondAmount
        container[Columns.secondUnitID] = secondUnitID
        container[Self.nameKey] = ItemNameKey.of(name)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Row {
    /// Text or NULL.
    fileprivate func optionalText(_ column: some ColumnExpression) throws(FieldProblem) -> String? {
        let value: DatabaseValue = self[column]
        switch value.storage {
        case .null: return nil
        case .string(let string): return string
        default: throw FieldProblem(reason: "\(column.name) is \(value.typeName), not text")
        }
    }
}
