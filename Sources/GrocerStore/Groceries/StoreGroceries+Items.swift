import Foundation
import GRDB
import GrocerCore

extension StoreGroceries {
    // MARK: Items and units

    /// Every grocery item, sorted by id, one at a time (memory stays flat),
    /// each with its unit, place, aisle and exact amount when it has them.
    /// Rows that cannot be read are skipped and returned in the report,
    /// never dropped in silence.
    @discardableResult
    public func forEachItem(_ body: (GroceryItem) throws -> Void) throws -> ReadReport {
        try groceryRead { db in
            try GroceryItemReader.forEach(db, body: body)
        }
    }

    /// Every unit, sorted by id, with the rows that could not be read.
    public func unitPage() throws -> ReadPage<GroceryUnit> {
        try checkedRead(UnitRecord.shape) { db in try Self.unitPage(db) }
    }

    /// Every unit items can be counted in, sorted by id. Throws
    /// `StoreError.unreadableRows` when a unit cannot be read;
    /// `unitPage()` returns the rest with a report.
    public func units() throws -> [GroceryUnit] {
        try complete(unitPage())
    }

    /// The names of every unit, sorted by id (throws as `units()` does).
    public func unitNames() throws -> [String] {
        try units().map(\.name)
    }
}

extension StoreView {
    /// The page's entries when every row was read.
    func complete<Element>(_ page: ReadPage<Element>) throws -> [Element] {
        guard page.report.isComplete else { throw StoreError.unreadableRows(path: path, report: page.report) }
        return page.entries
    }
}
