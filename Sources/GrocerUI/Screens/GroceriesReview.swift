import Foundation
import GrocerCore

/// Many items at once, reviewed before they are added (issue 33): a paste
/// of several lines into the grocery screen, or a recipe file read with
/// `R`. One row per line with what Enter will do to it, by the rule the
/// add line and `items add` follow (`GroceriesScreen.plan`, over the list
/// as the lines before it leave it): a new item, an amount added to one on
/// the list ("2 kg + 500 g = 2.5 kg"), one already at home put back on the
/// list, or a recipe line that could not be read, kept whole as the new
/// item's note. Space skips a line (what is at home), Enter adds the rest
/// as one change (one `u` takes it back), Esc adds nothing. A recipe that
/// says how many it serves is scaled with `+` and `-`.
public struct GroceriesReview: Equatable, Sendable {
    /// A paste (`cut`: longer than a paste keeps), or a recipe.
    public enum Source: Equatable, Sendable {
        case paste(cut: Bool)
        case recipe(GroceryBatch.Recipe)
    }

    /// What Enter does to one line.
    public enum Plan: Equatable, Sendable {
        /// A new item, with its amount ("" for a name alone).
        case new(String)
        /// A new item named by the whole line, which its note keeps.
        case unread
        /// Added to an item on the list: what it held, what is added, the
        /// result ("2 kg", "500 g", "2.5 kg"; the result holds both when
        /// they do not convert).
        case adds(held: String, typed: String, result: String)
        /// Known, off the list (at home): back on it with this amount.
        case atHome(String)
        /// On the list, a name alone: nothing changes.
        case onList
        /// Never added: why.
        case cannot(String)
        /// Skipped with Space.
        case skipped
    }

    public let source: Source
    public internal(set) var lines: [GroceryBatch.Line]
    /// Lines Space skipped, by index.
    public internal(set) var skipped: Set<Int> = []
    public internal(set) var selection = 0
    var offset = 0
    /// For a recipe with a yield: the servings the amounts are for.
    public internal(set) var servings: Decimal?

    /// Rows above the lines: the tabs, the title, the help line.
    static let top = 3

    /// A paste of several lines, read as the add line reads each.
    public init(pasted text: String, cut: Bool, knownUnits: [String], locale: Locale) {
        source = .paste(cut: cut)
        lines = GroceryBatch.quickLines(text, knownUnits: knownUnits, locale: locale)
    }

    /// A recipe's ingredients, for as many as it serves.
    public init(recipe: GroceryBatch.Recipe) {
        source = .recipe(recipe)
        servings = recipe.servings
        lines = GroceryBatch.lines(of: recipe, servings: recipe.servings)
    }

    /// What Enter does to each line, in order: each line sees the list as
    /// the lines before it leave it ("2 eggs" then "3 eggs" make 5).
    public func plans(items: [GroceryItem], catalog: GroceryCatalog, locale: Locale) -> [Plan] {
        var list = items
        var nextID: Int64 = -1
        return lines.indices.map { index in
            let line = lines[index]
            if skipped.contains(index) { return .skipped }
            let entry: QuickEntry
            switch line.entry {
            case .failure(let skipped): return .cannot(skipped.reason)
            case .success(let read): entry = read
            }
            let plan = GroceriesScreen.plan(entry, items: list, catalog: catalog, locale: locale)
            let typedUnit = entry.unit.map { name in catalog.units.first { $0.name == name } ?? GroceryUnit(id: 0, name: name) }
            guard let known = plan.known, let outcome = plan.outcome else {
                let item = GroceryItem(
                    id: nextID, name: entry.name, quantity: 1, unit: typedUnit, listed: true, collected: false, amount: entry.quantity)
                nextID -= 1
                list.append(item)
                if line.unread { return .unread }
                return .new(entry.quantityTyped ? GroceryAmount(entry.quantity, typedUnit).text(locale: locale) : "")
            }
            switch outcome {
            case .failure(let problem):
                return .cannot(problem.message)
            case .success(let done):
                list = list.map { $0.id == known.id ? done.item : $0 }
                switch done {
                case .putBack(let item): return .atHome(item.amountText(locale: locale))
                case .unchanged: return .onList
                case .added(let item), .replaced(let item):
                    let typed = GroceryAmount(entry.quantity, typedUnit ?? known.unit).text(locale: locale)
                    return .adds(held: known.amountText(locale: locale), typed: typed, result: item.amountText(locale: locale))
                }
            }
        }
    }

    /// The lines Enter adds: neither skipped nor unreadable as an entry.
    public var entries: [GroceryBatch.Entry] {
        lines.indices.compactMap { index in
            guard !skipped.contains(index), case .success(let entry) = lines[index].entry else { return nil }
            return GroceryBatch.Entry(entry, newItemNote: lines[index].note)
        }
    }

    /// Space: skips the selected line, or takes it again.
    mutating func toggle() -> Bool {
        guard lines.indices.contains(selection), case .success = lines[selection].entry else { return false }
        if skipped.contains(selection) { skipped.remove(selection) } else { skipped.insert(selection) }
        return true
    }

    mutating func move(by step: Int, height: Int) -> Bool {
        let next = min(max(0, selection + step), max(0, lines.count - 1))
        guard next != selection else { return false }
        selection = next
        scroll(height: height)
        return true
    }

    mutating func scroll(height: Int) {
        if selection < offset { offset = selection }
        if selection >= offset + height { offset = selection - height + 1 }
        offset = max(0, min(offset, max(0, lines.count - height)))
    }

    /// `+` and `-`: a recipe with a yield made for one more or one fewer
    /// (at least 1, at most 1,000); the lines are read again, the skipped
    /// ones stay skipped.
    mutating func changeServings(by step: Int) -> Bool {
        guard case .recipe(let recipe) = source, recipe.servings != nil, let servings else { return false }
        let next = min(1000, max(1, servings + Decimal(step)))
        guard next != servings else { return false }
        self.servings = next
        lines = GroceryBatch.lines(of: recipe, servings: next)
        return true
    }
}
