import Foundation
import GrocerCore

/// Many items at once on the grocery screen (issue 33): a paste of several
/// lines, or `R` and a recipe file's path, opens the review
/// (`GroceriesReview`); a paste of one line goes into the add line (or the
/// filter) as if typed. Enter in the review adds through the store's one
/// add (`GroceriesRequest.addBatch`), as one change for `u`.
extension GroceriesScreen {
    static func reviewing(_ s: GroceriesScreen) -> Bool { s.mode == .reviewing }
    static func askingPath(_ s: GroceriesScreen) -> Bool { s.mode == .recipePath }

    static let pasteBindings: [Binding<GroceriesScreen>] = [
        Binding(
            keys: [], pastes: true, help: "one line is typed; several open the review", helpKeys: "paste",
            when: { [.list, .adding, .filtering].contains($0.mode) }
        ) { s, key, context in
            s.paste(key, context)
        }
    ]

    static let recipeBindings: [Binding<GroceriesScreen>] = [
        // Off the bar, which is full in the list; help names it.
        Binding(keys: [.char("R")], help: "add a recipe file's ingredients (a review)", when: inList) {
            s, _, _ in
            s.mode = .recipePath
            s.message = nil
            return .redraw
        },
        Binding(keys: [], typing: { _ in true }, pastes: true, help: "type the recipe file's path (~ is home)", helpKeys: "letters", when: askingPath)
        {
            s, key, _ in
            guard s.recipePath.edit(key) else { return .none }
            s.message = nil
            return .redraw
        },
        Binding(
            keys: [.backspace, .delete, .left, .right, .home, .end, .ctrl("u")],
            help: "edit the path", helpKeys: "Backspace Delete Left Right Home End Ctrl-U", when: askingPath
        ) { s, key, _ in
            s.recipePath.edit(key) ? .redraw : .none
        },
        Binding(keys: [.enter], hint: "Enter", label: "Read", help: "read the recipe into the review", when: askingPath) { s, _, _ in
            let path = s.recipePath.text.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else {
                s.message = "Type the recipe file's path, or Esc."
                return .reject
            }
            s.mode = .list
            s.message = "Reading \(path)\u{2026}"
            return .perform(.groceries(.readRecipe(path: path)))
        },
        Binding(keys: [.tab], help: "complete the path (files and folders)", helpKeys: "Tab", when: askingPath) { s, _, _ in
            .perform(.groceries(.completePath(s.recipePath.text)))
        },
        Binding(keys: [.escape], hint: "Esc", label: "Cancel", help: "read no recipe", when: askingPath) { s, _, _ in
            s.mode = .list
            s.message = nil
            return .redraw
        },
    ]

    static let reviewBindings: [Binding<GroceriesScreen>] = [
        Binding(keys: [.char(" ")], hint: "Space", label: "Skip", help: "skip the line, or take it again", when: reviewing) { s, _, _ in
            guard s.review?.toggle() == true else { return .reject }
            return .redraw
        },
        Binding(keys: [.enter], hint: "Enter", label: "Add", help: "add the lines not skipped (one u undoes)", when: reviewing) {
            s, _, _ in
            s.addReviewed()
        },
        Binding(keys: [.escape], hint: "Esc", label: "Add nothing", help: "close the review, adding nothing", when: reviewing) { s, _, _ in
            s.review = nil
            s.mode = .list
            s.message = "Nothing was added."
            return .redraw
        },
        Binding(
            keys: [.char("+"), .char("-")], hint: "+ -", label: "Servings", help: "a recipe for one more or one fewer", helpKeys: "+ -",
            when: { reviewing($0) && $0.review?.servings != nil }
        ) { s, key, _ in
            s.review?.changeServings(by: key == .char("+") ? 1 : -1) == true ? .redraw : .reject
        },
        Binding(keys: [.up, .down, .char("k"), .char("j")], help: "move between the lines", helpKeys: "Up Down  k j", when: reviewing) {
            s, key, context in
            s.review?.move(by: key == .up || key == .char("k") ? -1 : 1, height: Self.reviewHeight(context)) == true ? .redraw : .none
        },
        Binding(keys: [.pageUp, .pageDown], help: "move by a page", helpKeys: "PgUp PgDn", when: reviewing) { s, key, context in
            let page = max(1, Self.reviewHeight(context) - 1)
            return s.review?.move(by: key == .pageUp ? -page : page, height: Self.reviewHeight(context)) == true ? .redraw : .none
        },
        Binding(keys: [.home, .end], help: "to the first or last line", helpKeys: "Home End", when: reviewing) { s, key, context in
            let all = s.review?.lines.count ?? 0
            return s.review?.move(by: key == .home ? -all : all, height: Self.reviewHeight(context)) == true ? .redraw : .none
        },
    ]

    static func reviewHeight(_ context: AppContext) -> Int {
        max(1, context.size.height - GroceriesReview.top)
    }

    /// A paste: several lines open the review; one goes where typing goes
    /// (the filter, else the add line, opened for it).
    mutating func paste(_ key: Key, _ context: AppContext) -> Outcome {
        guard case .paste(let text, let cut) = key else { return .none }
        let lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        if lines.count > 1 {
            openReview(GroceriesReview(pasted: text, cut: cut, knownUnits: catalog.units.map(\.name), locale: locale))
            return .redraw
        }
        guard let line = lines.first else { return .none }
        if mode == .filtering { return editLine(.paste(String(line)), context) }
        if mode == .list {
            mode = .adding
            addLine.set("")
            completion = nil
        }
        return editLine(.paste(String(line)), context)
    }

    mutating func openReview(_ review: GroceriesReview) {
        self.review = review
        mode = .reviewing
        message = review.lines.isEmpty ? "Nothing in it to add." : nil
        addLine.set("")
        completion = nil
    }

    mutating func addReviewed() -> Outcome {
        guard let review else { return .none }
        let entries = review.entries
        guard !entries.isEmpty else {
            message = "Every line is skipped: nothing to add. Esc closes the review."
            return .reject
        }
        return .perform(.groceries(.addBatch(entries, locale: locale)))
    }

    /// The review's adds, as the store made them.
    mutating func receiveBatch(_ added: GroceryBatch.Added, _ context: AppContext) -> Outcome {
        review = nil
        mode = .list
        let refused = added.refused.count
        let notAdded = refused == 0 ? "" : refused == 1 ? "; 1 line was not: \(added.refused[0].reason)" : "; \(refused) lines were not"
        guard let change = added.change else {
            message = "Nothing was added" + notAdded + "."
            return .redraw
        }
        received(change, .record, context)
        message = Self.happened(change.label) + " (u takes it back)" + notAdded
        return changedBySelf(context)
    }

    /// What Tab found for the path typed (if it is still what is typed):
    /// one completes it; several complete what they share and are named;
    /// none is said.
    mutating func receivePathCompletion(typed: String, _ found: [String]) -> Outcome {
        guard mode == .recipePath, recipePath.text == typed else { return .none }
        // A name that could not be typed (a control or invisible character,
        // longer than the line) is never put on the screen.
        let candidates = found.filter { path in
            path.count <= recipePath.limit && !path.unicodeScalars.contains { PlainText.isControl($0) || PlainText.isInvisible($0) }
        }
        guard let first = candidates.first else {
            message = "No file or folder starts with that."
            return .redraw
        }
        var shared = first
        for other in candidates.dropFirst() {
            while !other.hasPrefix(shared) { shared.removeLast() }
        }
        if shared.count > typed.count { recipePath.set(shared) }
        if candidates.count == 1 {
            message = nil
        } else {
            // Each by its name in the folder typed ("soup.json", "old/").
            let cut = typed.lastIndex(of: "/").map { typed.distance(from: typed.startIndex, to: $0) + 1 } ?? 0
            let names = candidates.prefix(8).map { PlainText.visible(String($0.dropFirst(cut))) }
            message = "\(candidates.count) match: " + names.joined(separator: "  ") + (candidates.count > 8 ? " \u{2026}" : "")
        }
        return .redraw
    }

    /// The recipe `R` read: into the review.
    mutating func receiveRecipe(_ recipe: GroceryBatch.Recipe) -> Outcome {
        guard mode == .list || mode == .recipePath else { return .none }
        recipePath.set("")
        openReview(GroceriesReview(recipe: recipe))
        return .redraw
    }
}
