import Foundation
import GrocerCore

/// The history's weeks or months (`w`): every period with weigh-ins,
/// newest first, made from the per-day figures, a selection and the first
/// row shown; the lowest and highest weigh-in of each period come later,
/// asked of the store for the rows shown and a page around them.
struct PeriodList: Equatable, Sendable {
    let period: WeightAverages.Period
    /// Newest first.
    private(set) var rows: [WeightAverages.PeriodRow] = []
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

    /// New rows (the days changed): the selection stays on its period
    /// where it still has weigh-ins; the extremes are asked again.
    mutating func set(_ oldestFirst: [WeightAverages.PeriodRow]) {
        let kept = selected?.firstDay
        rows = oldestFirst.reversed()
        cursor = kept.flatMap { day in rows.firstIndex { $0.firstDay <= day } } ?? 0
        extremes = [:]
        asked = []
    }

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
