import Foundation
import GrocerCore

/// The whole interface as a value: which screen is up, the global keys, the
/// hint bar, the too-small message. The app loop feeds it keys and effect
/// results and draws what it renders.
public struct AppModel: Sendable {
    public enum Tab: Equatable, Sendable {
        case weight, history, tip, help
    }

    public private(set) var tab: Tab = .weight
    private var tabBeforeHelp: Tab = .weight
    public private(set) var weight: WeightEntryScreen
    public private(set) var history: HistoryScreen
    public private(set) var help = HelpScreen()
    /// Made on first use (its currency facts cost ICU work that the first
    /// frame does not need). Remembers nothing between runs.
    public private(set) var tip: TipScreen?
    public private(set) var defaultUnit: WeightUnit
    /// Set by the loop on every resize, before keys are handled.
    public private(set) var size = (width: 80, height: 24)
    let locales: Locales

    public init(locales: Locales, defaultUnit: WeightUnit, now: Date) {
        self.locales = locales
        self.defaultUnit = defaultUnit
        weight = WeightEntryScreen(locales: locales, unit: defaultUnit, now: now)
        history = HistoryScreen(locales: locales)
    }

    public static let globalHints = [
        Hint("F1", "Help"), Hint("F2", "Weight"), Hint("F3", "History"), Hint("F4", "Tip"), Hint("F10", "Quit"),
    ]

    public mutating func resize(width: Int, height: Int) {
        size = (width, height)
        history.layout(height: height - 1)
    }

    /// A key, with the time it came (for screens that show or save it).
    public mutating func handle(_ key: Key, now: Date) -> Outcome {
        switch key {
        case .ctrl("c"), .function(10):
            return .quit
        case .function(1), .alt("1"):
            if tab != .help { tabBeforeHelp = tab }
            tab = .help
            return .redraw
        case .function(2), .alt("2"):
            showWeight(now: now)
            return .redraw
        case .function(3), .alt("3"):
            tab = .history
            history.notice = nil
            return .perform(.loadHistory)
        case .function(4), .alt("4"):
            if tip == nil { tip = TipScreen(locale: locales.monetary) }
            tab = .tip
            return .redraw
        case .resize:
            return .redraw
        default:
            break
        }
        let outcome: Outcome
        switch tab {
        case .weight: outcome = weight.handle(key)
        case .history: outcome = history.handle(key)
        case .tip: outcome = tip?.handle(key) ?? .none
        case .help: outcome = help.handle(key)
        }
        if case .perform(.setDefaultUnit(let unit)) = outcome { defaultUnit = unit }
        if outcome == .dismiss {
            if tab == .help { tab = tabBeforeHelp } else { showWeight(now: now) }
            return .redraw
        }
        return outcome
    }

    private mutating func showWeight(now: Date) {
        tab = .weight
        weight.appear(now: now, unit: defaultUnit)
    }

    /// What the loop learned by performing an effect.
    public mutating func receive(_ result: EffectResult) {
        switch result {
        case let .weightSaved(entry, recent):
            history.show(recent)
            history.notice = "Saved \(entry.weight.formatted(locales.numeric))"
            tab = .history
        case .defaultUnitSet:
            break
        case .history(let entries):
            history.show(entries)
        case .failed(let message):
            if tab == .weight { weight.showError(message) } else { history.notice = message }
        }
    }

    var currentHints: [Hint] {
        switch tab {
        case .weight: return weight.hints
        case .history: return history.hints
        case .tip: return tip?.hints ?? []
        case .help: return help.hints
        }
    }

    var currentMinimum: (width: Int, height: Int) {
        switch tab {
        case .weight: return WeightEntryScreen.minimumSize
        case .history: return HistoryScreen.minimumSize
        case .tip: return TipScreen.minimumSize
        case .help: return HelpScreen.minimumSize
        }
    }

    /// The full frame: the screen above, the hint bar on the last row.
    public func render(into canvas: inout Canvas) {
        let minimum = currentMinimum
        // One more row for the hint bar.
        if canvas.width < minimum.width || canvas.height < minimum.height + 1 {
            Self.renderTooSmall(into: &canvas, need: (minimum.width, minimum.height + 1))
            return
        }
        var body = Canvas(width: canvas.width, height: canvas.height - 1)
        switch tab {
        case .weight: weight.render(into: &body)
        case .history: history.render(into: &body)
        case .tip: tip?.render(into: &body)
        case .help: help.render(into: &body)
        }
        canvas.paste(body, row: 0, column: 0)
        HintBar.render(currentHints + Self.globalHints, into: &canvas, row: canvas.height - 1)
    }

    public static func renderTooSmall(into canvas: inout Canvas, need: (Int, Int)) {
        let text = "Terminal too small: \(canvas.width)x\(canvas.height). grocer needs \(need.0)x\(need.1). Enlarge the window, or press F10 to quit."
        let lines = wrap(text, width: max(1, canvas.width))
        let top = max(0, (canvas.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < canvas.height {
            canvas.put(TextWidth.truncate(line, to: canvas.width), row: top + i, column: 0)
        }
        canvas.cursor = nil
    }
}

/// The bottom row: keys and what they do, cut to fit.
enum HintBar {
    static func render(_ hints: [Hint], into canvas: inout Canvas, row: Int) {
        canvas.fill(row: row, from: 0, count: canvas.width, style: .reverse)
        var column = 0
        for hint in hints {
            let need = TextWidth.of(hint.key) + 1 + TextWidth.of(hint.action) + 2
            if column + need - 2 > canvas.width { break }
            column = canvas.put(hint.key, row: row, column: column, style: [.reverse, .bold])
            column = canvas.put(" " + hint.action + "  ", row: row, column: column, style: .reverse)
        }
    }
}

extension Canvas {
    /// Copies `other` in at (row, column), with its cursor.
    public mutating func paste(_ other: Canvas, row: Int, column: Int) {
        for r in 0..<other.height where row + r < height {
            for c in 0..<other.width where column + c < width {
                setCell(other[r, c], row: row + r, column: column + c)
            }
        }
        if let cur = other.cursor { cursor = (cur.row + row, cur.column + column) }
        alert = alert || other.alert
    }
}
