import Foundation
import GrocerCore

/// A window onto all entries, newest first, loaded in keyset pages: the
/// rows loaded so far (contiguous in the history's order), where the
/// first of them stands among all entries, and the selection. Positions
/// are counted as the selection moves (from the newest, 1-based); the
/// total is read once when the history opens and kept current by the
/// screen's own deletes and restores. Nothing here does I/O: a move past
/// the loaded rows says which page it needs.
public struct EntryWindow: Equatable, Sendable {
    /// Newest first.
    public private(set) var rows: [WeightEntry] = []
    /// The position of `rows[0]` among all entries, 1 = the newest.
    public private(set) var firstPosition = 1
    /// Whether `rows` starts at the newest entry / ends at the oldest.
    public private(set) var atNewest = true
    public private(set) var atOldest = true
    /// Index of the selected row in `rows`.
    public private(set) var cursor = 0
    /// How many entries there are in all.
    public private(set) var count = 0
    /// A move that went past the rows loaded: made once the page it asked
    /// for comes (`receive`), forgotten when the page cannot come.
    public private(set) var awaitedMove: Int?

    /// Rows per page asked of the store.
    public static let pageSize = 200
    /// Rows kept at most; older pages give way as new ones come.
    public static let keep = 3 * pageSize

    public init() {}

    public var selected: WeightEntry? { rows.indices.contains(cursor) ? rows[cursor] : nil }
    /// The selection's position among all entries (1-based); 0 when empty.
    public var position: Int { rows.isEmpty ? 0 : firstPosition + cursor }

    /// The history as it opened: the total and the newest page.
    public mutating func open(count: Int, newest: [WeightEntry]) {
        self.count = max(count, newest.count)
        rows = newest
        firstPosition = 1
        cursor = 0
        atNewest = true
        atOldest = newest.count < Self.pageSize
        awaitedMove = nil
    }

    /// The page a request brought, newest first.
    public mutating func receive(_ page: [WeightEntry], for request: WeightPageRequest) {
        switch request {
        case .newest(let limit):
            rows = page
            firstPosition = 1
            cursor = 0
            atNewest = true
            atOldest = page.count < limit
        case .oldest(let limit):
            rows = page
            firstPosition = max(1, count - page.count + 1)
            cursor = max(0, page.count - 1)
            atOldest = true
            atNewest = page.count < limit
            if atNewest { firstPosition = 1 }
        case .olderThan(let entry, let limit):
            guard rows.last == entry else { return }
            rows += page
            atOldest = page.count < limit
            if rows.count > Self.keep {
                let drop = rows.count - Self.keep
                rows.removeFirst(drop)
                firstPosition += drop
                cursor = max(0, cursor - drop)
                atNewest = false
            }
        case .newerThan(let entry, let limit):
            guard rows.first == entry else { return }
            rows = page + rows
            cursor += page.count
            firstPosition = max(1, firstPosition - page.count)
            atNewest = page.count < limit
            if atNewest { firstPosition = 1 }
            if rows.count > Self.keep {
                rows.removeLast(rows.count - Self.keep)
                atOldest = false
            }
        case .around(let entry, let limit):
            // Read again after another process changed the store: the rows
            // newer than the selection (up to `limit`), then it and older
            // ones. The selection stays on it, or on the next older entry
            // when it is gone; its position is kept as counted.
            let key = entry.position
            let newer = page.prefix { $0.position > key }.count
            let before = position
            rows = page
            atNewest = newer < limit
            atOldest = page.count - newer < limit
            cursor = rows.firstIndex { $0.id == entry.id } ?? min(newer, max(0, rows.count - 1))
            firstPosition = atNewest ? 1 : max(1, before - cursor)
        }
        if atNewest && atOldest { count = rows.count }
        cursor = min(cursor, max(0, rows.count - 1))
        switch request {
        case .olderThan, .newerThan:
            if let delta = awaitedMove { _ = step(by: delta) }
            awaitedMove = nil
        case .newest, .oldest:
            awaitedMove = nil
        case .around:
            break
        }
    }

    /// The page asked for will not come (the read failed): the move
    /// waiting for it is dropped.
    public mutating func pageFailed() {
        awaitedMove = nil
    }

    /// The total, read again (another process added or deleted entries).
    public mutating func recount(_ total: Int) {
        count = max(total, rows.count)
    }

    /// Moves the selection by `delta` rows: true when it moved; a page to
    /// load when the move goes past the rows loaded (then the move is made
    /// again once the page came: `awaitedMove`).
    public mutating func move(by delta: Int) -> (moved: Bool, needs: WeightPageRequest?) {
        let result = step(by: delta)
        awaitedMove = result.needs == nil ? nil : delta
        return result
    }

    private mutating func step(by delta: Int) -> (moved: Bool, needs: WeightPageRequest?) {
        guard !rows.isEmpty else { return (false, nil) }
        let target = cursor + delta
        if target >= rows.count, !atOldest {
            return (false, .olderThan(rows[rows.count - 1], limit: Self.pageSize))
        }
        if target < 0, !atNewest {
            return (false, .newerThan(rows[0], limit: Self.pageSize))
        }
        let clamped = min(max(0, target), rows.count - 1)
        defer { cursor = clamped }
        return (clamped != cursor, nil)
    }

    /// To the newest entry; a page when it is not loaded.
    public mutating func home() -> (moved: Bool, needs: WeightPageRequest?) {
        awaitedMove = nil
        guard atNewest else { return (false, .newest(limit: Self.pageSize)) }
        defer { cursor = 0 }
        return (cursor != 0, nil)
    }

    /// To the very oldest entry; a page when it is not loaded.
    public mutating func end() -> (moved: Bool, needs: WeightPageRequest?) {
        awaitedMove = nil
        guard atOldest else { return (false, .oldest(limit: Self.pageSize)) }
        let last = max(0, rows.count - 1)
        defer { cursor = last }
        return (cursor != last, nil)
    }

    /// Entries no longer in the store: out of the rows, out of the count.
    public mutating func remove(_ entries: [WeightEntry]) {
        for entry in entries {
            count = max(0, count - 1)
            if let index = rows.firstIndex(where: { $0.id == entry.id }) {
                rows.remove(at: index)
                if index < cursor { cursor -= 1 }
            } else if let first = rows.first, entry.position > first.position {
                firstPosition = max(1, firstPosition - 1)
            }
        }
        cursor = min(cursor, max(0, rows.count - 1))
    }

    /// Entries back in the store (or moved): into the rows where they
    /// belong when that is within what is loaded, into the count.
    /// `select` moves the selection to the first of them when it is loaded.
    public mutating func insert(_ entries: [WeightEntry], select: Bool) {
        let keep = selected
        for entry in entries {
            count += 1
            let key = entry.position
            if let index = rows.firstIndex(where: { $0.position < key }) {
                if index == 0 && !atNewest {
                    firstPosition += 1
                } else {
                    rows.insert(entry, at: index)
                }
            } else if atOldest || rows.isEmpty {
                rows.append(entry)
            }
        }
        let target = select ? entries.first : keep
        if let target, let index = rows.firstIndex(where: { $0.id == target.id }) { cursor = index }
    }
}

/// A page of entries to read, as keyset requests (never an offset).
public enum WeightPageRequest: Equatable, Sendable {
    /// The newest entries.
    case newest(limit: Int)
    /// The oldest entries (the page is still given newest first).
    case oldest(limit: Int)
    /// Entries older than this one, newest first.
    case olderThan(WeightEntry, limit: Int)
    /// Entries newer than this one (the page is still given newest first).
    case newerThan(WeightEntry, limit: Int)
    /// Up to `limit` entries newer than this one and up to `limit` of it
    /// and older ones, newest first: the rows around the selection, read
    /// again when another process changed the store.
    case around(WeightEntry, limit: Int)
}
