/// One rename or delete of a unit, place or aisle (the manage screen's),
/// with what undoing it needs: the name before, or the row and the items
/// that named it.
public struct GroceryNameChange: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        /// It was called `from`, and is now called `to`.
        case renamed(from: String, to: String)
        /// It was deleted: its name, an aisle's position, and the items
        /// that named it then, as they were (they name none now).
        case deleted(name: String, position: Int?, items: [GroceryItem])
    }

    public let kind: GroceryNameKind
    public let id: Int64
    public let action: Action

    public init(kind: GroceryNameKind, id: Int64, action: Action) {
        self.kind = kind
        self.id = id
        self.action = action
    }

    /// What it did, for the status line: "rename Baking to Bread",
    /// "delete Baking".
    public var label: String {
        switch action {
        case .renamed(let from, let to): return "rename \(from) to \(to)"
        case .deleted(let name, _, _): return "delete \(name)"
        }
    }

    /// The name it has now (after the change): what the person sees.
    public var currentName: String {
        switch action {
        case .renamed(_, let to): return to
        case .deleted(let name, _, _): return name
        }
    }

    /// What an undo did. Undo never overwrites or brings back what another
    /// grocer changed since: a name another grocer renamed, deleted or took
    /// meanwhile is left (`done` false, nothing written); items another
    /// grocer gave another unit, place or aisle, renamed or deleted since
    /// keep theirs (`skipped`).
    public struct Undone: Equatable, Sendable {
        public let change: GroceryNameChange
        /// Whether the name was given back or made again.
        public let done: Bool
        /// Its id now (a deleted one whose id was taken meanwhile comes
        /// back under a new one).
        public let id: Int64
        /// Items that were not given it again.
        public let skipped: [GroceryItem]

        public init(change: GroceryNameChange, done: Bool, id: Int64, skipped: [GroceryItem] = []) {
            self.change = change
            self.done = done
            self.id = id
            self.skipped = skipped
        }
    }
}
