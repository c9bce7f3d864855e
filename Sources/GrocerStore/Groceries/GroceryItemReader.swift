import GRDB
import GrocerCore

/// Reads every item with its unit, place and aisle in one joined query, by
/// column index through SQLite's C API: much faster than GRDB's named
/// columns and association scopes, or its per-column decode
/// (docs/MEASURED.md), and the grocery screen reads every item on every
/// open. The rules and reasons are `ItemRecord`'s: a row that cannot
/// be read is reported, with the same words.
struct GroceryItemReader {
    private typealias ItemColumn = ItemRecord.Columns
    private typealias UnitColumn = UnitRecord.Columns
    private typealias PlaceColumn = PlaceRecord.Columns
    private typealias AisleColumn = AisleRecord.Columns

    /// Every column of `item`, `unit`, `place`, `aisle` and the second
    /// amount's unit (their records' columns, in their order: the order
    /// `item(_:)` reads them by index), each unit, place and aisle joined
    /// to the item that names it.
    static let sql: String = {
        let item = ItemRecord.databaseTableName
        let unit = UnitRecord.databaseTableName
        let place = PlaceRecord.databaseTableName
        let aisle = AisleRecord.databaseTableName
        let columns =
            ItemColumn.allCases.map { "\(item).\($0.name)" } + UnitColumn.allCases.map { "\(unit).\($0.name)" }
            + PlaceColumn.allCases.map { "\(place).\($0.name)" } + AisleColumn.allCases.map { "\(aisle).\($0.name)" }
            + UnitColumn.allCases.map { "second_unit.\($0.name)" }
        return """
            SELECT \(columns.joined(separator: ", "))
            FROM \(item)
            LEFT JOIN \(unit) ON \(unit).\(UnitColumn.id.name) = \(item).\(ItemColumn.unitID.name)
            LEFT JOIN \(place) ON \(place).\(PlaceColumn.id.name) = \(item).\(ItemColumn.placeID.name)
            LEFT JOIN \(aisle) ON \(aisle).\(AisleColumn.id.name) = \(item).\(ItemColumn.aisleID.name)
            LEFT JOIN \(unit) AS second_unit ON second_unit.\(UnitColumn.id.name) = \(item).\(ItemColumn.secondUnitID.name)
            """
    }()

    /// `sql`'s order for the items, by id.
    static let byID = sql + " ORDER BY \(ItemRecord.databaseTableName).\(ItemColumn.id.name)"
    /// `sql` for the item with the id given as argument.
    static let withID = sql + " WHERE \(ItemRecord.databaseTableName).\(ItemColumn.id.name) = ?"

    /// Quantities already read, by their text (most lists repeat a few).
    private var quantities: [String: GroceryQuantity] = [:]

    /// Every item by id, one at a time.
    static func forEach(_ db: Database, body: (GroceryItem) throws -> Void) throws -> ReadReport {
        var reader = GroceryItemReader()
        var report = ReadReport()
        let rows = FastStatement(try db.makeStatement(sql: byID), in: db)
        while try rows.step() {
            do {
                try body(try reader.item(rows))
            } catch let problem as FieldProblem {
                report.add(UnreadableRow(table: ItemRecord.databaseTableName, id: rows.int64(0), reason: problem.reason))
            }
        }
        return report
    }

    /// The item with `id`, or nil when there is none.
    static func one(_ db: Database, id: Int64) throws -> Result<GroceryItem, FieldProblem>? {
        let row = FastStatement(try db.makeStatement(sql: withID), in: db)
        row.bind(1, id)
        guard try row.step() else { return nil }
        var reader = GroceryItemReader()
        do { return .success(try reader.item(row)) } catch let problem as FieldProblem { return .failure(problem) }
    }

    /// The item in `row`'s current row. Columns are read through SQLite's
    /// C API (`FastStatement`): GRDB's generic per-column decode looked up
    /// type metadata at run time, most of a row's cost (docs/MEASURED.md).
    mutating func item(_ row: FastStatement) throws -> GroceryItem {
        let id = try Self.integer(row, 0, ItemColumn.id)
        let name = try Self.text(row, 1, ItemColumn.name)
        let quantity = try Self.integer(row, 2, ItemColumn.quantity)
        let listed = try Self.flag(row, 3, ItemColumn.listed)
        let collected = try Self.flag(row, 4, ItemColumn.collected)
        let unitID = try Self.optionalInteger(row, 5, ItemColumn.unitID)
        let placeID = try Self.optionalInteger(row, 6, ItemColumn.placeID)
        let aisleID = try Self.optionalInteger(row, 7, ItemColumn.aisleID)
        let amountText = try Self.optionalText(row, 8, ItemColumn.amount)
        // NULL (a file changed outside grocer) is no note.
        let note = try Self.optionalText(row, 9, ItemColumn.note) ?? ""
        let secondText = try Self.optionalText(row, 10, ItemColumn.secondAmount)
        let secondUnitID = try Self.optionalInteger(row, 11, ItemColumn.secondUnitID)
        let unit = try Self.joined(row, at: 12, UnitRecord.databaseTableName, id: unitID) {
            GroceryUnit(id: try Self.integer(row, 12, UnitColumn.id), name: try Self.text(row, 13, UnitColumn.name))
        }
        let place = try Self.joined(row, at: 14, PlaceRecord.databaseTableName, id: placeID) {
            GroceryPlace(id: try Self.integer(row, 14, PlaceColumn.id), name: try Self.text(row, 15, PlaceColumn.name))
        }
        let aisle = try Self.joined(row, at: 16, AisleRecord.databaseTableName, id: aisleID) {
            try AisleRecord(
                id: try Self.integer(row, 16, AisleColumn.id), name: try Self.text(row, 17, AisleColumn.name),
                position: try Self.integer(row, 18, AisleColumn.position)
            )
            .groceryAisle()
        }
        let secondUnit = try Self.joined(row, at: 19, UnitRecord.databaseTableName, id: secondUnitID) {
            GroceryUnit(id: try Self.integer(row, 19, UnitColumn.id), name: try Self.text(row, 20, UnitColumn.name))
        }
        var second: GroceryAmount? = nil
        if let secondText {
            do {
                second = GroceryAmount(try GroceryQuantity(canonical: secondText), secondUnit)
            } catch {
                throw FieldProblem(reason: "\(ItemColumn.secondAmount.name) \(FieldText.quoted(secondText)) is not a quantity")
            }
        }
        guard let whole = Int(exactly: quantity) else { throw FieldProblem(reason: "quantity \(quantity) is too large") }
        var amount: GroceryQuantity? = nil
        if let amountText {
            amount = try quantities[amountText] ?? ItemRecord.amount(amountText, quantity: quantity)
            if let amount { quantities[amountText] = amount }
        }
        return GroceryItem(
            id: id, name: name, quantity: whole, unit: unit, listed: listed, collected: collected, place: place, aisle: aisle,
            amount: amount, second: second, note: WeightNote.readable(note))
    }

    /// The joined row starting at `index`, or nil when the item names none
    /// (or names one that is not there).
    private static func joined<T>(_ row: FastStatement, at index: Int32, _ key: String, id: Int64?, read: () throws -> T) throws -> T? {
        if row.isNull(index) { return nil }
        do {
            return try read()
        } catch let problem as FieldProblem {
            throw FieldProblem(reason: "its \(key) \(id.map(String.init) ?? "?") cannot be read: \(problem.reason)")
        }
    }

    private static func integer(_ row: FastStatement, _ index: Int32, _ column: some ColumnExpression) throws(FieldProblem) -> Int64 {
        if let int = row.int64(index) { return int }
        throw FieldProblem(reason: "\(column.name) is \(row.typeName(index)), not an integer")
    }

    private static func optionalInteger(_ row: FastStatement, _ index: Int32, _ column: some ColumnExpression) throws(FieldProblem)
        -> Int64?
    {
        if row.isNull(index) { return nil }
        return try integer(row, index, column)
    }

    private static func text(_ row: FastStatement, _ index: Int32, _ column: some ColumnExpression) throws(FieldProblem) -> String {
        if let string = row.textToNul(index) { return string }
        throw FieldProblem(reason: "\(column.name) is \(row.typeName(index)), not text")
    }

    private static func optionalText(_ row: FastStatement, _ index: Int32, _ column: some ColumnExpression) throws(FieldProblem)
        -> String?
    {
        if row.isNull(index) { return nil }
        return try text(row, index, column)
    }

    private static func flag(_ row: FastStatement, _ index: Int32, _ column: some ColumnExpression) throws(FieldProblem) -> Bool {
        switch try integer(row, index, column) {
        case 0: return false
        case 1: return true
        case let other: throw FieldProblem(reason: "\(column.name) is \(other), not 0 or 1")
        }
    }
}
