import Foundation
import GrocerCore

@testable import GrocerUI

/// The history screen over an in-memory history that answers its effects
/// as the live store does (keyset pages, per-day figures in the default
/// unit, deletes, restores, edits, the goal), carried out as the app loop
/// does: every effect performed and its result handed back.
struct HistoryFixture {
    var screen: HistoryScreen
    var context: AppContext
    /// Oldest first, as (time, id) orders them.
    var entries: [WeightEntry]
    var goal: Weight?
    var height: Height?
    var performed: [Effect] = []
    /// Answers as a store with a trend checkpoint does: the days after it
    /// and the trend's start there (`TrendStart.lead` days before the last).
    var recent = false

    static let noon = Date(timeIntervalSince1970: 1_795_262_400)

    init(
        entries: [WeightEntry], unit: WeightUnit = .kg, display: DisplayUnit? = nil, goal: Weight? = nil, height: Height? = nil,
        locale: String = "en_US", recent: Bool = false
    ) {
        self.recent = recent
        self.entries = entries.sorted { ($0.recordedAt, $0.id) < ($1.recordedAt, $1.id) }
        self.goal = goal
        self.height = height
        context = AppContext(locales: .fixed(locale), displayUnit: display ?? DisplayUnit(unit), now: Self.noon)
        context.size = Size(width: 80, height: 23)
        screen = HistoryScreen(locales: context.locales)
        let outcome = screen.appear(&context)
        carry(outcome)
    }

    /// `count` entries, one a day at noon ending today, 80 kg going down.
    static func daily(_ count: Int, unit: WeightUnit = .kg) -> [WeightEntry] {
        (0..<count).map { i in
            let value = 8000 - (count - 1 - i) % 500
            let digits = "\(value / 100).\(value % 100 < 10 ? "0" : "")\(value % 100)"
            return WeightEntry(
                id: Int64(i + 1), weight: Weight(digits: digits, unit: unit)!,
                recordedAt: noon.addingTimeInterval(Double(i - count + 1) * 86_400))
        }
    }

    @discardableResult
    mutating func press(_ key: Key) -> Outcome {
        let outcome = screen.handle(key, &context)
        carry(outcome)
        return outcome
    }

    mutating func type(_ text: String) {
        for ch in text { press(.char(ch)) }
    }

    mutating func carry(_ outcome: Outcome) {
        var outcome = outcome
        while case .perform(let effect) = outcome {
            performed.append(effect)
            outcome = screen.receive(perform(effect), &context)
        }
    }

    var newestFirst: [WeightEntry] { entries.reversed() }

    mutating func perform(_ effect: Effect) -> EffectResult {
        switch effect {
        case .history(.openHistory(let unit, let limit)):
            let (days, start) = recentDays(unit)
            return .historyOpened(
                HistoryOpening(
                    count: entries.count, newest: Array(newestFirst.prefix(limit)), days: days, start: start, goal: goal, height: height))
        case .history(.loadWeightPage(let request)):
            let page: [WeightEntry]
            switch request {
            case .newest(let limit): page = Array(newestFirst.prefix(limit))
            case .oldest(let limit): page = Array(entries.prefix(limit).reversed())
            case .olderThan(let e, let limit): page = Array(newestFirst.filter { key($0) < key(e) }.prefix(limit))
            case .newerThan(let e, let limit): page = Array(entries.filter { key($0) > key(e) }.prefix(limit).reversed())
            case .around(let e, let limit):
                let newer = entries.filter { key($0) > key(e) }.prefix(limit).reversed()
                page = Array(newer) + Array(newestFirst.filter { key($0) <= key(e) }.prefix(limit))
            }
            return .weightPage(page, for: request)
        case .history(.loadWeightDays(let unit)):
            return .weightDays(days(unit))
        case .history(.loadRecentWeightDays(let unit)):
            let (days, start) = recentDays(unit)
            return .recentWeightDays(days, start: start)
        case .history(.loadGraphBlocks(let request)):
            // As the store answers: blocks of the size the width reads,
            // made from every day; every day when the span is too short.
            let every = days(request.unit)
            guard let first = every.first?.day.number, let last = every.last?.day.number,
                let size = WeightBlock.size(span: last - first, dots: request.dots)
            else { return .graphBlocks(.days(every), for: request) }
            return .graphBlocks(.blocks(WeightBlock.blocks(everyDay: every, unit: request.unit, size: size)), for: request)
        case .history(.loadBodyFatDays):
            // Each day's body fats, as weight_day sums them (UTC days).
            var byDay: [Int: (Int, Int)] = [:]
            for entry in entries {
                guard let fat = entry.bodyFat else { continue }
                let day = CivilDay(entry.recordedAt, in: TimeZone(identifier: "UTC")!).number
                byDay[day] = ((byDay[day]?.0 ?? 0) + fat.hundredths, (byDay[day]?.1 ?? 0) + 1)
            }
            return .bodyFatDays(
                byDay.keys.sorted().map { BodyFatTrend.Day(day: CivilDay(number: $0), hundredths: byDay[$0]!.0, count: byDay[$0]!.1) })
        case .history(.deleteWeights(let ids)):
            let gone = entries.filter { ids.contains($0.id) }
            entries.removeAll { ids.contains($0.id) }
            return .weightsDeleted(gone)
        case .history(.restoreWeights(let back)):
            entries = (entries + back).sorted { key($0) < key($1) }
            return .weightsRestored(back)
        case .history(.editWeight(let id, let weight, let at, let note)):
            guard let index = entries.firstIndex(where: { $0.id == id }) else { return .failed(effect, "No entry \(id).") }
            let before = entries[index]
            let after = WeightEntry(id: id, weight: weight, recordedAt: at, note: note)
            entries[index] = after
            entries.sort { ($0.recordedAt, $0.id) < ($1.recordedAt, $1.id) }
            return .weightEdited(before: before, after: after)
        case .history(.undoEdit(let now, let back)):
            guard let index = entries.firstIndex(of: now) else { return .notUndone("Could not undo the edit.") }
            let after = WeightEntry(id: now.id, weight: back.weight, recordedAt: back.recordedAt)
            entries[index] = after
            entries.sort { ($0.recordedAt, $0.id) < ($1.recordedAt, $1.id) }
            return .editUndone(before: now, after: after)
        case .history(.undoAdd(let entry)):
            guard entries.contains(entry) else { return .notUndone("Not undone: another grocer changed or deleted that entry since.") }
            entries.removeAll { $0 == entry }
            return .addUndone(entry)
        case .history(.redo(let change)):
            switch change {
            case .added(let entry):
                entries = (entries + [entry]).sorted { key($0) < key($1) }
            case .deleted(let gone):
                entries.removeAll { gone.contains($0) }
            case .edited(let before, let after):
                entries.removeAll { $0.id == before.id }
                entries = (entries + [after]).sorted { key($0) < key($1) }
            }
            return .redone(change)
        case .history(.loadWeightExtremes(let request)):
            return .weightExtremes(extremes(request), for: request)
        case .history(.loadWeightPeriods(let request)):
            return .weightPeriods(periods(request), for: request)
        case .history(.setGoal(let weight)):
            goal = weight
            return .goalSet(weight)
        default:
            return .failed(effect, "unexpected \(effect)")
        }
    }

    /// Another process wrote (the entries were changed behind the
    /// screen's back): the loop tells the screen, as on its tick.
    mutating func storeChanged() {
        carry(screen.receive(.storeChanged, &context))
    }

    func key(_ e: WeightEntry) -> (Date, Int64) { (e.recordedAt, e.id) }

    /// Every day, or (`recent`) the days after the checkpoint and the start.
    func recentDays(_ unit: WeightUnit) -> ([DayFigure], TrendStart?) {
        let every = days(unit)
        guard recent, let last = every.last?.day, let first = every.first?.day, last.number - first.number > TrendStart.lead else {
            return (every, nil)
        }
        let (start, days) = TrendStart.split(every, unit: unit, after: last.adding(days: -TrendStart.lead))
        return (days, start)
    }

    /// A page of the periods as the store gives it: the periods before
    /// `request.before`, from every day; with `recent`, the trend going on
    /// from a start the day before the oldest period read
    /// (`WeightAverages.newestRows`).
    func periods(_ request: WeightPeriodsRequest) -> WeightAverages.PeriodPage {
        let every = days(request.unit).filter { day in request.before.map { day.day < $0 } ?? true }
        var starts: [CivilDay] = []
        for day in every.reversed() {
            let start = WeightAverages.start(of: day.day, period: request.period)
            if start != starts.last { starts.append(start) }
        }
        let reachesOldest = starts.count <= request.limit
        guard let low = starts.prefix(request.limit + 1).last else { return WeightAverages.PeriodPage(rows: [], reachesOldest: true) }
        let (start, after) = recent ? TrendStart.split(every, unit: request.unit, after: low.adding(days: -1)) : (nil, every)
        return WeightAverages.PeriodPage(
            rows: WeightAverages.newestRows(
                days: after, start: start, unit: request.unit, period: request.period, from: low, withChange: !reachesOldest),
            reachesOldest: reachesOldest)
    }

    /// Each period's lowest and highest entry among the days asked, from
    /// the entries (each converted exactly, then rounded).
    func extremes(_ request: WeightExtremesRequest) -> [CivilDay: WeightAverages.Extremes] {
        var found: [CivilDay: (Decimal, Decimal)] = [:]
        for entry in entries {
            let day = CivilDay(entry.recordedAt, in: context.locales.timeZone)
            guard day >= request.first, day <= request.last else { continue }
            let start = WeightAverages.start(of: day, period: request.period)
            let value = entry.weight.exactValue(in: request.unit)
            let (low, high) = found[start] ?? (value, value)
            found[start] = (min(low, value), max(high, value))
        }
        return found.mapValues { WeightAverages.Extremes(lowest: $0.0.rounded(scale: 2), highest: $0.1.rounded(scale: 2)) }
    }

    func days(_ unit: WeightUnit) -> [DayFigure] {
        WeightTrend.dailyFigures(entries, unit: unit, timeZone: context.locales.timeZone)
    }

    func frame(_ width: Int = 80, _ height: Int = 23) -> [String] {
        var canvas = Canvas(width: width, height: height)
        var context = self.context
        context.size = Size(width: width, height: height)
        screen.render(into: &canvas, context)
        return canvas.lines.map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }
    }

    /// The list's "1,234 of 2,000" as shown.
    var whereShown: String? {
        frame().first { $0.contains("Entries, newest first") }.map {
            String($0.split(separator: " ").suffix(3).joined(separator: " "))
        }
    }

    var selected: WeightEntry? { screen.window.selected }

    /// An entry's date and time as the list shows it.
    func shownDate(_ entry: WeightEntry?) -> String {
        entry.map { DayFormats(locales: context.locales).entry($0.recordedAt).replacingOccurrences(of: "\u{202F}", with: " ") } ?? "-"
    }
}
