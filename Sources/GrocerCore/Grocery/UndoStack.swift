/// The changes of this session that `u` can undo, newest last, at most
/// `limit` of them (the oldest is forgotten first). Undoing moves an entry
/// to the redo side; recording a new change forgets what could be redone.
/// The stack only remembers: the caller applies an entry's `undone` edits.
public struct UndoStack<Entry: Sendable & Equatable>: Sendable, Equatable {
    public static var defaultLimit: Int { 50 }

    public let limit: Int
    public private(set) var undoable: [Entry] = []
    public private(set) var redoable: [Entry] = []

    public init(limit: Int = defaultLimit) {
        precondition(limit > 0, "an undo stack holds at least one entry")
        self.limit = limit
    }

    public var canUndo: Bool { !undoable.isEmpty }
    public var canRedo: Bool { !redoable.isEmpty }

    public mutating func record(_ entry: Entry) {
        undoable.append(entry)
        if undoable.count > limit { undoable.removeFirst(undoable.count - limit) }
        redoable.removeAll()
    }

    /// The newest entry, now moved to the redo side; nil when there is none.
    public mutating func undo() -> Entry? {
        guard let entry = undoable.popLast() else { return nil }
        redoable.append(entry)
        return entry
    }

    /// The entry undone last, back on the undo side; nil when there is none.
    public mutating func redo() -> Entry? {
        guard let entry = redoable.popLast() else { return nil }
        undoable.append(entry)
        return entry
    }

    /// The newest entry on the undo side (what `undo` takes next).
    public var nextUndo: Entry? { undoable.last }

    /// Which side of the stack an entry is on.
    public enum Side: Sendable { case undoable, redoable }

    /// Replaces the newest entry of `side` (a change made again names
    /// what it made: an entry put back under a new id).
    public mutating func amendLast(_ side: Side, to entry: Entry) {
        switch side {
        case .undoable where !undoable.isEmpty: undoable[undoable.count - 1] = entry
        case .redoable where !redoable.isEmpty: redoable[redoable.count - 1] = entry
        default: break
        }
    }

    /// Forgets the newest entry of `side` (what it would take back is gone).
    public mutating func forgetLast(_ side: Side) {
        switch side {
        case .undoable: _ = undoable.popLast()
        case .redoable: _ = redoable.popLast()
        }
    }
}

/// One undoable change to items: what each touched item was before and
/// after. An add has no `before`; a delete has no `after`; an edit, a tick
/// or a Clear (one entry for every item it touched) has both.
///
/// To undo, the store writes every edit's `before` back in one transaction:
/// deletes the item where `before` is nil, re-inserts it with its old id
/// where `after` was nil, otherwise updates every field to `before`.
public struct GroceryItemChange: Equatable, Sendable {
    public struct Edit: Equatable, Sendable {
        public let before: GroceryItem?
        public let after: GroceryItem?
        /// The ids of the shops a deleted item named (the store reads them
        /// as it deletes), so that undoing the delete names them again;
        /// empty for every other edit. The item value does not carry its
        /// shops (`ItemShops` does).
        public let shops: Set<Int64>

        public init(before: GroceryItem?, after: GroceryItem?, shops: Set<Int64> = []) {
            precondition(before != nil || after != nil, "an edit changes an item")
            precondition(before == nil || after == nil || before!.id == after!.id, "an edit keeps the item's id")
            self.before = before
            self.after = after
            self.shops = shops
        }

        public var id: Int64 { (before ?? after)!.id }
        public var reversed: Edit { Edit(before: after, after: before, shops: shops) }
    }

    /// What the change was, for the screen's message ("Undid: clear 3 items").
    public let label: String
    public let edits: [Edit]

    public init(label: String, edits: [Edit]) {
        self.label = label
        self.edits = edits
    }

    public static func added(_ item: GroceryItem) -> Self { Self(label: "add \(item.name)", edits: [Edit(before: nil, after: item)]) }
    public static func deleted(_ item: GroceryItem) -> Self { Self(label: "delete \(item.name)", edits: [Edit(before: item, after: nil)]) }
    public static func edited(from before: GroceryItem, to after: GroceryItem) -> Self {
        Self(label: "edit \(after.name)", edits: [Edit(before: before, after: after)])
    }

    /// What an undo did: the edits put back (a deleted item that comes
    /// back under a new id, because another grocer took its old one, is
    /// here with that id), and those left alone because another grocer
    /// changed the item since.
    public struct Undone: Equatable, Sendable {
        public let applied: GroceryItemChange
        public let skipped: [Edit]

        public init(applied: GroceryItemChange, skipped: [Edit]) {
            self.applied = applied
            self.skipped = skipped
        }
    }

    /// The change that undoes this one (applied like any other change).
    public var reversed: Self { Self(label: label, edits: edits.reversed().map(\.reversed)) }

    /// The items as they are after undoing this change, from `items` as they
    /// are now: what the screen shows while the store catches up, and what
    /// the tests compare.
    public func undo(on items: [GroceryItem]) -> [GroceryItem] { reversed.apply(to: items) }

    /// `items` with this change made: removed where `after` is nil, replaced
    /// (in place) or appended where it is not.
    public func apply(to items: [GroceryItem]) -> [GroceryItem] {
        var result = items
        for edit in edits {
            let index = result.firstIndex { $0.id == edit.id }
            switch (index, edit.after) {
            case (let i?, let after?): result[i] = after
            case (let i?, nil): result.remove(at: i)
            case (nil, let after?): result.append(after)
            case (nil, nil): break
            }
        }
        return result
    }
}
