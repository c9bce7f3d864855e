import Foundation
import GrocerCore

/// What Enter on the add line will do, said before it is pressed (issue
/// 33), by the rule the store applies (`GroceryItem.adding`).
extension GroceriesScreen {
    /// The line's entry and what it does to the item it names: nil outcome
    /// for a new item.
    struct AddPlan {
        var entry: QuickEntry
        var known: GroceryItem?
        var outcome: Result<GroceryAddOutcome, GroceryAddProblem>?
    }

    func addPlan() -> Result<AddPlan, QuickEntry.Problem> {
        QuickEntry.parse(addLine.text, knownUnits: catalog.units.map(\.name), locale: locale).map {
            Self.plan($0, items: items, catalog: catalog, locale: locale)
        }
    }

    /// What adding `entry` to `items` does, by the store's rule: the add
    /// line's preview and the review's rows (GroceriesReview) both ask.
    static func plan(_ entry: QuickEntry, items: [GroceryItem], catalog: GroceryCatalog, locale: Locale) -> AddPlan {
        guard let known = GroceryItem.existing(named: entry.name, in: items, locale: locale) else {
            return AddPlan(entry: entry, known: nil, outcome: nil)
        }
        let unit = entry.unit.map { name in catalog.units.first { $0.name == name } ?? GroceryUnit(id: 0, name: name) }
        let typed = entry.quantityTyped ? entry.quantity : nil
        return AddPlan(entry: entry, known: known, outcome: known.adding(typed, unit: unit, locale: locale))
    }

    /// What Enter would do: "Enter adds: 2 kg · flour" for a new item;
    /// "Enter adds 500 g: 2.5 kg · flour" for one on the list (the sum, or
    /// both amounts: "2 cans + 400 g"); "Enter puts back: 2 kg · flour"
    /// for one off it (a name alone keeps the quantity it had); "Enter
    /// keeps: ..." for a name alone already on the list. The aisle it goes
    /// in follows: " in Dairy", " in Dairy (a new aisle)" (an aisle typed
    /// by its kind's name in another language, "@Lácteos", is the
    /// person's of that kind: " in Dairy"); a name never
    /// filed and no aisle typed, the catalogue's (`filing`). A name offered
    /// in dim after the cursor is not taken by Enter: the line says so
    /// ("Tab takes flour"), as a shell's suggestion is not run by Enter.
    /// Nothing while the line is empty.
    var addPreview: String? {
        guard !addLine.text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        switch addPlan() {
        case .success(let plan):
            let entry = plan.entry
            var head = "Enter adds:"
            var item = GroceryAmount(entry.quantity, entry.unit.map { GroceryUnit(id: 0, name: $0) }).text(locale: locale)
            // A name never filed goes where the catalogue says, if the
            // person has that aisle (as the store's add files it).
            var aisle = plan.known == nil ? filing.aisle(for: entry.name, among: catalog.aisles)?.name : plan.known?.aisle?.name
            switch plan.outcome {
            case nil: break
            case .failure(let problem)?: return problem.message
            case .success(let outcome)?:
                item = outcome.item.amountText(locale: locale)
                switch outcome {
                case .putBack: head = "Enter puts back:"
                case .replaced: head = "Enter sets:"
                case .unchanged: head = "Enter keeps:"
                case .added:
                    let typedUnit = entry.unit.map { GroceryUnit(id: 0, name: $0) } ?? plan.known?.unit
                    head = "Enter adds \(GroceryAmount(entry.quantity, typedUnit).text(locale: locale)):"
                }
            }
            var line = "\(head) \(item) \u{00B7} \(PlainText.visible(entry.name))"
            if let typed = entry.aisle {
                // Else an aisle named by its kind in another language
                // ("@Lácteos") is the person's of that kind, as the store files it.
                let known =
                    catalog.aisles.first { GroceryItem.sameName($0.name, typed, locale: locale) }
                    ?? filing.aisle(named: typed, among: catalog.aisles)
                aisle = known?.name ?? typed
                line += " in \(PlainText.visible(aisle ?? typed))" + (known == nil ? " (a new aisle)" : "")
            } else if let aisle {
                line += " in \(PlainText.visible(aisle))"
            }
            if let completion { line += "   Tab takes \(PlainText.visible(completion.text))" }
            return line
        case .failure(let problem):
            return problem.message(locale: locale)
        }
    }

    /// Where a name never filed goes (the catalogue, in the person's
    /// language for names).
    var filing: CatalogueFiling { CatalogueFiling(language: locales.language) }

    mutating func submitAdd() -> Outcome {
        switch addPlan() {
        case .failure(let problem):
            message = problem.message(locale: locale)
            return .reject
        case .success(let plan):
            if case .failure(let problem)? = plan.outcome {
                message = problem.message
                return .reject
            }
            addLine.set("")
            completion = nil
            return .perform(.groceries(.add(plan.entry, locale: locale)))
        }
    }
}
