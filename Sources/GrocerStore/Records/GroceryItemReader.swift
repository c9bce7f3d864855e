import GRDB
import GrocerCore

/// Reads every item with its unit, place and aisle in one joined query, by
/// column index: much faster than GRDB's named columns and association
/// scopes (docs/MEASURED.md), and the grocery screen reads every item on
/// every open. The rules and reasons are `ItemRecord`'s: a row that cannot
/// be read is reported, with the same words.
struct GroceryItemReader {
    /// The columns, in the order `read` takes them.
    static let sql = """
        SELECT item.id, item.name, item.quantity, item.listed, item.collected, item.unit_id, item.place_id,
               item.aisle_id, item.amount, unit.id, unit.name, place.id, place.name, aisle.id, aisle.name, aisle.position
        FROM item
        LEFT JOIN unit ON unit.id = item.unit_id
        LEFT JOIN place ON place.id = item.place_id
        LEFT JOIN aisle ON aisle.id = item.aisle_id
        """

    /// Quantities already read, by their text (most lists repeat a few).
    private var quantities: [String: GroceryQuantity] = [:]

    /// Every item by id, one at a time.
    static func forEach(_ db: Database, body: (GroceryItem) throws -> Void) throws -> ReadReport {
        var reader = GroceryItemReader()
        var report = ReadReport()
        let rows = try Row.fetchCursor(db, sql: sql + " ORDER BY item.id")
        while let row = try rows.next() {
            do {
                try body(try reader.item(row))
            } catch let problem as FieldProblem {
                let id: Int64? = if case .int64(let id) = (row[0] as DatabaseValue).storage { id } else { nil }
                report.add(UnreadableRow(table: ItemRecord.databaseTableName, id: id, reason: problem.reason))
            }
        }
        return report
    }

    /// The item with `id`, or nil when there is none.
    static func one(_ db: Database, id: Int64) throws -> Result<GroceryItem, FieldProblem>? {
        guard let row = try Row.fetchOne(db, sql: sql + " WHERE item.id = ?", arguments: [id]) else { return nil }
        var reader = GroceryItemReader()
        do { return .success(try reader.item(row)) } catch let problem as FieldProblem { return .failure(problem) }
    }

    mutating func item(_ row: Row) throws -> GroceryItem {
        let id = try Self.integer(row, 0, "id")
        let name = try Self.text(row, 1, "name")
        let quantity = try Self.integer(row, 2, "quantity")
        let listed = try Self.flag(row, 3, "listed")
        let collected = try Self.flag(row, 4, "collected")
        let unitID = try Self.optionalInteger(row, 5, "unit_id")
        let placeID = try Self.optionalInteger(row, 6, "place_id")
        let aisleID = try Self.optionalInteger(row, 7, "aisle_id")
        let amountText = try Self.optionalText(row, 8, "amount")
        let unit = try Self.joined(row, at: 9, "unit", id: unitID) {
            GroceryUnit(id: try Self.integer(row, 9, "id"), name: try Self.text(row, 10, "name"))
        }
        let place = try Self.joined(row, at: 11, "place", id: placeID) {
            GroceryPlace(id: try Self.integer(row, 11, "id"), name: try Self.text(row, 12, "name"))
        }
        let aisle = try Self.joined(row, at: 13, "aisle", id: aisleID) {
            try AisleRecord(
                id: try Self.integer(row, 13, "id"), name: try Self.text(row, 14, "name"), position: try Self.integer(row, 15, "position")
            )
            .groceryAisle()
        }
        guard let whole = Int(exactly: quantity) else { throw FieldProblem(reason: "quantity \(quantity) is too large") }
        var amount: GroceryQuantity? = nil
        if let amountText {
            amount = try quantities[amountText] ?? ItemRecord.amount(amountText, quantity: quantity)
            if let amount { quantities[amountText] = amount }
        }
        return GroceryItem(
            id: id, name: name, quantity: whole, unit: unit, listed: listed, collected: collected, place: place, aisle: aisle,
            amount: amount)
    }

    /// The joined row starting at `index`, or nil when the item names none
    /// (or names one that is not there).
    private static func joined<T>(_ row: Row, at index: Int, _ key: String, id: Int64?, read: () throws -> T) throws -> T? {
        if row.hasNull(atIndex: index) { return nil }
        do {
            return try read()
        } catch let problem as FieldProblem {
            throw FieldProblem(reason: "its \(key) \(id.map(String.init) ?? "?") cannot be read: \(problem.reason)")
        }
    }

    private static func integer(_ row: Row, _ index: Int, _ name: String) throws(FieldProblem) -> Int64 {
        let value: DatabaseValue = row[index]
        if case .int64(let int) = value.storage { return int }
        throw FieldProblem(reason: "\(name) is \(value.typeName), not an integer")
    }

    private static func optionalInteger(_ row: Row, _ index: Int, _ name: String) throws(FieldProblem) -> Int64? {
        let value: DatabaseValue = row[index]
        switch value.storage {
        case .null: return nil
        case .int64(let int): return int
        default: throw FieldProblem(reason: "\(name) is \(value.typeName), not an integer")
        }
    }

    private static func text(_ row: Row, _ index: Int, _ name: String) throws(FieldProblem) -> String {
        let value: DatabaseValue = row[index]
        if case .string(let string) = value.storage { return string }
        throw FieldProblem(reason: "\(name) is \(value.typeName), not text")
    }

    private static func optionalText(_ row: Row, _ index: Int, _ name: String) throws(FieldProblem) -> String? {
        let value: DatabaseValue = row[index]
        switch value.storage {
        case .null: return nil
        case .string(let string): return string
        default: throw FieldProblem(reason: "\(name) is \(value.typeName), not text")
        }
    }

    private static func flag(_ row: Row, _ index: Int, _ name: String) throws(FieldProblem) -> Bool {
        switch try integer(row, index, name) {
        case 0: return false
        case 1: return true
        case let other: throw FieldProblem(reason: "\(name) is \(other), not 0 or 1")
        }
    }
}
