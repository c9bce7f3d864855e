import Foundation
import GRDB
import GrocerCore

/// Many items added at once (issue 33: the grocery screen's review of a
/// paste or a recipe): each line as `add` adds one, in one transaction.
extension StoreGroceries {
    /// Adds each entry in order as `add(_:locale:)` does (amounts summed by
    /// `GroceryItem.adding`, an item off the list put back), all in one
    /// transaction: a line the rule refuses, or whose name the store
    /// refuses, is left out and named; the others are added. A new name
    /// with no aisle typed goes in the one `filing` finds, as in `add`.
    public func add(batch: [GroceryBatch.Entry], filing: CatalogueFiling? = nil, locale: Locale) throws -> GroceryBatch.Added {
        try groceryWrite { db in
            var changes: [GroceryItemChange] = []
            var refused: [GroceryBatch.Refusal] = []
            for (index, line) in batch.enumerated() {
                let newItemNote = line.newItemNote.isEmpty ? nil : line.newItemNote
                do {
                    switch try add(line.entry, newItemNote: newItemNote, filing: filing, locale: locale, db) {
                    case .success(let change): changes.append(change)
                    case .failure(let problem): refused.append(GroceryBatch.Refusal(line: index, reason: problem.message))
                    }
                } catch StoreError.badName(_, _, let reason) {
                    refused.append(GroceryBatch.Refusal(line: index, reason: "a name \(reason)."))
                }
            }
            return GroceryBatch.Added(change: GroceryItemChange.batch(changes), refused: refused)
        }
    }
}
