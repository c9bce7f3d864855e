import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerExchange
import GrocerStore

extension ItemsCommand.Add {
    /// `items add -`, `--from FILE`, `--recipe FILE [--servings N]`: each
    /// line added as `items add` adds one (`ItemBatch`), one line of output
    /// each, then what was added, summed and skipped. A new item takes the
    /// line's note; one already known keeps its own.
    func addMany() throws {
        let locale = store.locale
        let filing = store.filing
        let source = recipe ?? from ?? "-"
        let bytes = try ItemBatch.read(source)
        var title = ""
        let db = try store.open()
        defer { try? db.close() }
        let shopIDs = try shops.ids(in: db, locale: locale)
        let lines: [GroceryBatch.Line]
        if recipe != nil {
            let found: RecipeFile
            do { found = try RecipeFile.read(bytes) } catch { throw Failure(error.message) }
            lines = GroceryBatch.lines(of: found, servings: servings.map { Decimal($0) })
            title = found.name.map { "\(VisibleText.escaped($0)): " } ?? ""
            if let servings {
                title += found.servings.map { "for \(servings) (it serves \($0)), " } ?? "as written (it does not say how many it serves), "
            }
        } else {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw Failure("\(source == "-" ? "standard input" : source) is not UTF-8 text; give one item a line.")
            }
            let units = try StoreAccess.reading(db.path) { try db.groceries.unitNames() }
            lines = GroceryBatch.quickLines(text, knownUnits: units, locale: locale)
        }
        if lines.isEmpty { throw Failure("\(source == "-" ? "Standard input" : source) holds no item to add.") }
        var counts = (added: 0, summed: 0, back: 0, kept: 0, skipped: 0)
        for line in lines {
            let entry: QuickEntry
            switch line.entry {
            case .success(let read): entry = read
            case .failure(let skipped):
                counts.skipped += 1
                print("Skipped \u{201C}\(VisibleText.escaped(line.text))\u{201D}: \(skipped.reason)")
                continue
            }
            let result: Result<GroceryItemChange, GroceryAddProblem>
            do {
                result = try StoreAccess.writing(db.path) {
                    do {
                        return .success(try db.groceries.add(entry, aisle: aisle, storedIn: storedIn, filing: filing, locale: locale))
                    } catch let problem as GroceryAddProblem {
                        return .failure(problem)
                    }
                }
            } catch StoreError.badName(_, _, let reason) {
                counts.skipped += 1
                print("Skipped \u{201C}\(VisibleText.escaped(line.text))\u{201D}: a name \(reason).")
                continue
            }
            guard case .success(let change) = result, let edit = change.edits.first, var item = edit.after else {
                if case .failure(let problem) = result {
                    counts.skipped += 1
                    print("Skipped \u{201C}\(VisibleText.escaped(line.text))\u{201D}: \(problem.message)")
                }
                continue
            }
            if edit.before == nil && !line.note.isEmpty {
                let noted = try StoreAccess.writing(db.path) { try db.groceries.edit(id: item.id, GroceryItemEdit(note: line.note), locale: locale) }
                item = noted.edits.first?.after ?? item
            }
            if let shopIDs { try StoreAccess.writing(db.path) { try db.shops.setShops(itemID: item.id, shopIDs) } }
            let added = ItemsCommand.Added(edit)
            switch added {
            case .added: counts.added += 1
            case .back: counts.back += 1
            case .kept: counts.kept += 1
            case .summed: counts.summed += 1
            }
            print("\(added.rawValue) \(ItemLine.added(item, locale: locale))")
        }
        let parts = [
            "\(counts.added) added", "\(counts.summed) summed", counts.back > 0 ? "\(counts.back) back on the list" : nil,
            counts.kept > 0 ? "\(counts.kept) already on the list" : nil, "\(counts.skipped) skipped",
        ]
        print("\(title)\(parts.compactMap { $0 }.joined(separator: ", ")).")
    }
}
