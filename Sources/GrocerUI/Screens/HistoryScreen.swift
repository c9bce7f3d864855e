import Foundation
import GrocerCore

extension Route {
    public static let history = Route("history")
}

/// Weight history (F3, and after every save): the trend graph over a range
/// on top, a line of figures (trend, change per week, change over the
/// range, the goal and when it is reached), and below every entry newest
/// first, read in keyset pages. Entries can be deleted, edited and the
/// changes undone; the goal set or cleared. All reading and writing is
/// asked of the app as effects.
public struct HistoryScreen: Screen {
    public internal(set) var window = EntryWindow()
    public internal(set) var trend: WeightTrend?
    public internal(set) var goal: Weight?
    /// The person's height: the figures show the trend's BMI when set.
    public internal(set) var height: Height?
    public internal(set) var range = TrendRange.default
    public internal(set) var graph: TrendGraph?
    /// The graph shows the body fat's trend (`f`, issue 34), once read.
    public internal(set) var showsFat = false
    var fatTrend: BodyFatTrend?
    /// The per-day figures the trend and the weeks and months are made from:
    /// every day, or (`start`) the days after where the trend goes on from.
    var days: [DayFigure] = []
    var start: TrendStart?
    /// The `all` graph's blocks of days over a long history (issue 35),
    /// and the dot width they were asked for; nil: not read, or the
    /// history is short (every day is here).
    var allBlocks: [WeightBlock]?
    var blocksDots = 0
    /// The weeks or months (`w`) shown in place of the entries; nil: the entries.
    var periods: PeriodList?
    /// A line for the person: "Saved 72.5 kg", "Deleted ...; u undoes it".
    public internal(set) var notice: String?
    /// Where sync stands, as last heard (HistoryScreen+Sync.swift); nil:
    /// not heard yet, or nothing to show.
    public internal(set) var syncStatus: SyncStatus?
    /// The edit or goal form, while open.
    public internal(set) var form: EntryForm?
    /// This session's deletes and edits, the last on top: the same undo
    /// stack the groceries keep (at most `UndoStack.defaultLimit`).
    public internal(set) var undo = UndoStack<HistoryChange>()
    /// The position of the first list row shown.
    var topPosition = 1
    /// The unit the figures are in (the default unit when they were read).
    var unit: WeightUnit = .lbs
    /// The unit weights are shown in: stones show as "11 st 4.5 lb" (the
    /// figures stay in pounds, `unit`).
    var display: DisplayUnit = .lbs
    let locales: Locales
    let formats: DayFormats
    let separator: String
    let grouping: String

    public static let title = "Weight History"
    public static let showsSync = true
    public static let minimumSize = Size(width: 50, height: 14)
    public static let helpTitle: String? = "Weight history"

    public init(locales: Locales) {
        self.locales = locales
        formats = DayFormats(locales: locales)
        separator = locales.numeric.decimalSeparator ?? "."
        grouping = locales.numeric.groupingSeparator ?? ","
    }

    /// Shows what the screen that sent us here noted, and reads the history
    /// afresh (the count once, the newest page, the days, the goal).
    public mutating func appear(_ context: inout AppContext) -> Outcome {
        notice = context.notice
        context.notice = nil
        // A save on the weight screen is a change `u` takes back (issue 34).
        if let saved = context.saved {
            undo.record(.added(saved))
            context.saved = nil
        }
        form = nil
        periods = nil
        return .perform(.history(.openHistory(unit: context.defaultUnit, limit: EntryWindow.pageSize)))
    }

    public mutating func receive(_ result: EffectResult, _ context: inout AppContext) -> Outcome {
        switch result {
        case .historyOpened(let opening):
            window.open(count: opening.count, newest: opening.newest)
            topPosition = 1
            goal = opening.goal
            height = opening.height
            setDays(opening.days, start: opening.start, unit: context.displayUnit)
            if let unreadable = opening.unreadable { notice = unreadable }
            if needsBlocks { return .perform(.history(blocksRequest(context))) }
            if periods != nil { return reloadPeriods(context) }
        case .storeChanged:
            // Another process wrote: the rows around the selection and the
            // days again (not while a page this screen asked for is on its
            // way: the move waiting for it would land elsewhere).
            guard window.awaitedMove == nil else { return .none }
            guard let selected = window.selected else {
                return .perform(.history(.openHistory(unit: context.defaultUnit, limit: EntryWindow.pageSize)))
            }
            return .perform(.history(.loadWeightPage(.around(selected, limit: EntryWindow.pageSize))))
        case .weightPage(let page, let request, let unreadable):
            window.receive(page, for: request)
            if case .around = request {
                if case .edit(let entry)? = form?.purpose, !window.rows.contains(where: { $0.id == entry.id }) {
                    form = nil
                    notice = "That entry was deleted by another grocer; nothing to edit."
                }
                if let unreadable { notice = unreadable }
                follow(context)
                return .perform(.history(daysRequest(context)))
            }
            if let unreadable { notice = unreadable }
            follow(context)
        case .weightDays(let days):
            return receiveDays(days, start: nil, context)
        case .bodyFatDays(let days):
            fatTrend = BodyFatTrend(days: days)
            makeGraph()
            if showsFat, fatTrend?.points.isEmpty == true { notice = "No body fat kept yet: type one under the weight (Tab)." }
        case .recentWeightDays(let days, let start):
            return receiveDays(days, start: start, context)
        case .graphBlocks(let source, let request):
            switch source {
            case .days(let days):
                allBlocks = nil
                return receiveDays(days, start: nil, context)
            case .blocks(let blocks):
                allBlocks = blocks
                blocksDots = request.dots
                makeGraph()
                return afterDays(context)
            }
        case .weightsDeleted(let entries):
            window.remove(entries)
            undo.record(.deleted(entries))
            notice = "Deleted \(describe(entries)). Press u to undo."
            follow(context)
            return .perform(.history(daysRequest(context)))
        case .weightsRestored(let entries):
            // Put back under new ids where another grocer took the old:
            // `U` deletes these.
            undo.amendLast(.redoable, to: .deleted(entries))
            window.insert(entries, select: true)
            notice = "Restored \(describe(entries))."
            follow(context)
            return .perform(.history(daysRequest(context)))
        case .weightEdited(let before, let after):
            undo.record(.edited(before: before, after: after))
            return edited(before: before, after: after, notice: "Changed to \(describe([after])). Press u to undo.", context)
        case .editUndone(let before, let after):
            return edited(before: before, after: after, notice: "Undid the edit: \(describe([after])).", context)
        case .weightExtremes(let found, let request):
            return receiveExtremes(found, for: request, context)
        case .weightPeriods(let page, let request):
            return receivePeriods(page, for: request, context)
        case .addUndone(let entry):
            window.remove([entry])
            notice = "Undid the save of \(describe([entry])). U makes it again."
            follow(context)
            return .perform(.history(daysRequest(context)))
        case .redone(let change):
            undo.amendLast(.undoable, to: change)
            return redone(change, context)
        case .notUndone(let text):
            // Never to be tried again: what it would take back is gone.
            undo.forgetLast(.redoable)
            notice = text
            return receive(.storeChanged, &context)
        case .notRedone(let text):
            undo.forgetLast(.undoable)
            notice = text
            return receive(.storeChanged, &context)
        case .sync(let answer):
            return receiveSync(answer)
        case .goalSet(let weight):
            goal = weight
            form = nil
            notice = weight.map { "Goal set: \($0.formatted(locales.numeric))." } ?? "Goal cleared."
            makeGraph()
        case .failed(.history(let request), let text):
            switch request {
            case .loadWeightPage: window.pageFailed()
            // The undo did not happen: the change goes back to be undone.
            case .restoreWeights, .undoEdit, .undoAdd: _ = undo.redo()
            // The redo did not happen: the change goes back to be redone.
            case .redo: _ = undo.undo()
            default: break
            }
            if form != nil { form?.message = text } else { notice = text }
        default:
            return .none
        }
        return .redraw
    }

    /// An entry changed (an edit, or its undo): the list and the days again.
    mutating func edited(before: WeightEntry, after: WeightEntry, notice: String, _ context: AppContext) -> Outcome {
        window.remove([before])
        window.insert([after], select: true)
        self.notice = notice
        form = nil
        follow(context)
        return .perform(.history(daysRequest(context)))
    }

    mutating func receiveDays(_ days: [DayFigure], start: TrendStart?, _ context: AppContext) -> Outcome {
        setDays(days, start: start, unit: context.displayUnit)
        // The days carry the total as the store has it now (another
        // process may have added or deleted entries since it was counted).
        window.recount(WeightTrend.entries(days, start: start))
        follow(context)
        // New days: the `all` graph's blocks too.
        if needsBlocks { return .perform(.history(blocksRequest(context))) }
        return afterDays(context)
    }

    /// After new days (and the blocks the `all` graph draws): the body fat
    /// line's days, when it shows, or the weeks or months shown.
    mutating func afterDays(_ context: AppContext) -> Outcome {
        if showsFat, periods == nil { return .perform(.history(.loadBodyFatDays)) }
        if periods != nil { return reloadPeriods(context) }
        return .redraw
    }

    /// The days to read again after a change: those after the trend's
    /// start (the figures, and every range but `all`; the weeks and months
    /// are read by pages; `all` reads its blocks after them, `needsBlocks`).
    func daysRequest(_ context: AppContext) -> HistoryRequest { .loadRecentWeightDays(unit: context.defaultUnit) }

    /// The `all` range of a history longer than the days read (the trend
    /// goes on from a start): its graph is made from the store's blocks of
    /// days, or from every day when the history spans too few for blocks
    /// (the store's answer says which).
    var needsBlocks: Bool { range == .all && start != nil }

    /// The dot width the blocks are asked for: twice the screen's width,
    /// an upper bound of the graph's plot columns.
    static func graphDots(_ size: Size) -> Int { 2 * max(1, size.width) }

    func blocksRequest(_ context: AppContext) -> HistoryRequest {
        .loadGraphBlocks(GraphBlocksRequest(unit: context.defaultUnit, dots: Self.graphDots(context.size)))
    }

    /// A resize that makes the `all` graph wider than its blocks allow
    /// (fewer than 2 a dot column) asks for smaller ones.
    public mutating func resized(_ context: inout AppContext) -> Outcome {
        guard needsBlocks, let allBlocks, let first = allBlocks.first, let last = allBlocks.last else { return .redraw }
        let dots = Self.graphDots(context.size)
        guard dots > blocksDots, WeightBlock.size(span: last.last - first.first, dots: dots) != first.size else { return .redraw }
        return .perform(.history(blocksRequest(context)))
    }

    /// New per-day figures: the trend and the graph are made again (once
    /// per change of data, never per frame).
    mutating func setDays(_ days: [DayFigure], start: TrendStart? = nil, unit: DisplayUnit) {
        self.unit = unit.measure
        display = unit
        self.days = days
        self.start = start
        // Every day is here: the `all` graph is made from them.
        if start == nil { allBlocks = nil }
        trend = WeightTrend(days: days, unit: unit.measure, start: start)
        makeGraph()
    }

    mutating func makeGraph() {
        guard let trend, !trend.points.isEmpty else {
            graph = nil
            return
        }
        let formats = self.formats
        // A year or more: the axis names the years ("Nov 21, 2025").
        let withYear = range == .year || range == .all
        let dayLabel: @Sendable (CivilDay) -> String = { withYear ? formats.dayWithYear($0) : formats.day($0) }
        if range == .all, start != nil, let allBlocks, !allBlocks.isEmpty {
            graph = TrendGraph(blocks: allBlocks, goal: goal?.exactValue(in: unit), separator: separator, dayLabel: dayLabel)
        } else {
            graph = TrendGraph(trend: trend, range: range, goal: goal?.exactValue(in: unit), separator: separator, dayLabel: dayLabel)
        }
        graph?.inStones = display == .st
        if showsFat, let fatTrend, let graph { self.graph?.fat = TrendGraph.FatLine(fatTrend, first: graph.first, last: graph.last) }
    }

    /// "81.6 kg (180 lbs) of Nov 21, 2026, 7:30 AM", or "3 entries".
    func describe(_ entries: [WeightEntry]) -> String {
        guard entries.count == 1, let entry = entries.first else { return "\(entries.count) entries" }
        return "\(valueText(entry.weight)) of \(formats.entry(entry.recordedAt))"
    }

    /// In the default unit, with the value as typed where the unit differs:
    /// "81.6 kg (180 lbs)".
    func valueText(_ weight: Weight) -> String {
        if display == .st {
            let stones = Stones.text(pounds: weight.exactValue(in: .lbs), separator: separator.first ?? ".")
            return weight.unit == .lbs ? stones : "\(stones) (\(weight.formatted(locales.numeric)))"
        }
        guard weight.unit != unit else { return weight.formatted(locales.numeric) }
        let converted = NumberText.fixed(weight.exactValue(in: unit), digits: 1, separator: separator)
        return "\(converted) \(unit.rawValue) (\(weight.formatted(locales.numeric)))"
    }

    /// Rows of the list that fit, for the screen's area.
    static func listRows(_ size: Size) -> Int { max(1, size.height - layout(size).listTop) }

    /// Keeps the selection within the rows shown.
    mutating func follow(_ context: AppContext) {
        let rows = Self.listRows(context.size)
        let position = window.position
        if position < topPosition { topPosition = position }
        if position >= topPosition + rows { topPosition = position - rows + 1 }
        topPosition = max(1, min(topPosition, max(1, window.count - rows + 1)))
    }
}
