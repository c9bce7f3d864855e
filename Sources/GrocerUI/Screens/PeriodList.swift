import Foundation
import GrocerCore

/// The history's weeks or months (`w`): the periods with weigh-ins read so
/// far, newest first, a page at a time from the store (issue 35: the first
/// screen needs the newest few dozen, never every day), a selection and
/// the first row shown (how many there are in all is known once the oldest
/// is read: counting them costs every period); the lowest and highest
/// weigh-in of each period come later,
/// asked of the store for the rows shown and a page around them.
struct PeriodList: Equatable, Sendable {
    let period: WeightAverages.Period
    /// Newest first: the newest periods, as far back as read.
    private(set) var rows: [WeightAverages.PeriodRow] = []
    /// Whether `rows` reach the oldest period with weigh-ins.
    private(set) var reachesOldest = false
    /// The page asked for and not yet answered.
    private(set) var asking: WeightPeriodsRequest?
    /// Once every period is read, select the oldest (End).
    private(set) var toOldest = false
    private(set) var cursor = 0
    private(set) var top = 0
    /// Keyed by a period's first day; emptied when the days change.
    var extremes: [CivilDay: WeightAverages.Extremes] = [:]
    /// The first days asked for and not yet answered, so a move asks once.
    var asked: Set<CivilDay> = []

    init(period: WeightAverages.Period) {
        self.period = period
    }

    var selected: WeightAverages.PeriodRow? { rows.indices.contains(cursor) ? rows[cursor] : nil }

    /// How many periods a page reads: the rows shown and two pages more
    /// (the extremes are asked a page around the rows shown).
    static func pageSize(visible: Int) -> Int { 3 * max(1, visible) }

    /// The newest periods again (first, or the days changed): as many as
    /// are read now, at least a page; the selection stays on its period.
    mutating func reload(visible: Int, unit: WeightUnit) -> WeightPeriodsRequest {
        let request = WeightPeriodsRequest(
            period: period, before: nil, limit: max(Self.pageSize(visible: visible), rows.count), unit: unit)
        asking = request
        return request
    }

    /// The next page back when the rows shown and a page more reach past
    /// those read (`toOldest`: every period left); nil when none is needed
    /// or one is on its way.
    mutating func nextPage(visible: Int, unit: WeightUnit, toOldest: Bool = false) -> WeightPeriodsRequest? {
        if toOldest { self.toOldest = true }
        guard asking == nil, !reachesOldest, let oldest = rows.last,
            self.toOldest || top + Self.pageSize(visible: visible) > rows.count
        else { return nil }
        let request = WeightPeriodsRequest(
            period: period, before: oldest.firstDay, limit: self.toOldest ? Int(Int32.max) : Self.pageSize(visible: visible), unit: unit)
        asking = request
        return request
    }

    /// A page read: the newest (`before` nil) replaces the rows, the
    /// selection kept on its period where it still has weigh-ins and the
    /// extremes asked again; a page further back goes on from the rows.
    /// A page that no longer follows the rows is dropped.
    mutating func receive(_ page: WeightAverages.PeriodPage, for request: WeightPeriodsRequest, visible: Int) {
        guard request == asking else { return }
        asking = nil
        if request.before == nil {
            let kept = selected?.firstDay
            rows = page.rows
            cursor = kept.flatMap { day in rows.firstIndex { $0.firstDay <= day } } ?? 0
            extremes = [:]
            asked = []
        } else {
            guard request.before == rows.last?.firstDay else { return }
            rows += page.rows
        }
        reachesOldest = page.reachesOldest
        if reachesOldest {
            if toOldest {
                toOldest = false
                cursor = max(0, rows.count - 1)
            }
        }
        follow(visible: visible)
    }

    /// How many periods have weigh-ins: known once the oldest is read.
    var total: Int? { reachesOldest ? rows.count : nil }

    /// Moves the selection by `delta` rows, keeping it among the `visible`
    /// rows shown; false when it could not move.
    mutating func move(by delta: Int, visible: Int) -> Bool {
        let next = max(0, min(rows.count - 1, cursor + delta))
        guard next != cursor, !rows.isEmpty else { return false }
        cursor = next
        follow(visible: visible)
        return true
    }

    mutating func follow(visible: Int) {
        let visible = max(1, visible)
        if cursor < top { top = cursor }
        if cursor >= top + visible { top = cursor - visible + 1 }
        top = max(0, min(top, rows.count - visible))
    }

    /// The periods shown and a page either side that have no extremes and
    /// were not asked for: the request for them (one span of days), marked
    /// as asked; nil when none.
    mutating func request(visible: Int, unit: WeightUnit) -> WeightExtremesRequest? {
        let lower = max(0, top - visible)
        let upper = min(rows.count, top + 2 * visible)
        guard lower < upper else { return nil }
        let missing = rows[lower..<upper].filter { extremes[$0.firstDay] == nil && !asked.contains($0.firstDay) }
        guard let newest = missing.first, let oldest = missing.last else { return nil }
        for row in missing { asked.insert(row.firstDay) }
        return WeightExtremesRequest(period: period, first: oldest.firstDay, last: newest.lastDay, unit: unit)
    }

    /// The answer to `request`: every period it covered gets its extremes.
    mutating func receive(_ found: [CivilDay: WeightAverages.Extremes], for request: WeightExtremesRequest) {
        guard request.period == period else { return }
        for (day, value) in found { extremes[day] = value }
        asked.subtract(rows.filter { $0.firstDay >= request.first && $0.firstDay <= request.last }.map(\.firstDay))
    }
}
