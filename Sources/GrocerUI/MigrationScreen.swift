import Foundation
import GrocerCore

/// What the migration running in the background tells the screen.
public enum MigrationEvent: Equatable, Sendable {
    case progress(done: Int, total: Int)
    case finished(MigrationSummary)
    case failed(String)
    /// The migration stopped as asked; the old store is as it was.
    case cancelled
    /// Another grocer holds the lock; this one waits for it.
    case waiting
    /// Another grocer finished the migration while this one waited.
    case alreadyCurrent
}

/// The blocking screen shown while an older store migrates: a centred
/// "Migration Progress: N%" above a bar spanning the width inside the
/// margins, rows done of total and the time left; then the summary. Other
/// keys are ignored: the app cannot be used until the data is ready.
///
/// Ctrl-C asks "Stop migration? y/n"; `y` returns `.quit`, which tells the
/// app loop to set the migration's cancel flag and keep drawing until
/// `.cancelled` (or `.finished`) arrives. After `.finished`, Enter returns
/// `.dismiss` (open the store); after `.failed`/`.cancelled`, Enter quits.
public struct MigrationScreen: Screen {
    public enum Phase: Equatable, Sendable {
        case migrating, confirmingStop, stopping
        case finished(MigrationSummary)
        case failed(String)
        case cancelled
    }

    public private(set) var phase: Phase = .migrating
    public private(set) var done = 0
    public private(set) var total = 0
    /// Seconds since the migration started, as of the last event.
    public private(set) var elapsed: TimeInterval = 0
    let locale: Locale

    public static let minimumSize = (width: 40, height: 12)
    static let margin = 4

    public init(locale: Locale = Locale(identifier: "en_US")) {
        self.locale = locale
    }

    /// Takes an event; `elapsed` is the time since the migration started
    /// (the screen keeps no clock).
    public mutating func receive(_ event: MigrationEvent, elapsed: TimeInterval) {
        self.elapsed = elapsed
        switch event {
        case let .progress(done, total):
            started = true
            self.total = total
            self.done = max(self.done, min(done, total))
        case let .finished(summary):
            done = total
            phase = .finished(summary)
        case let .failed(message):
            phase = .failed(message)
        case .cancelled:
            phase = .cancelled
        case .waiting:
            waiting = true
        case .alreadyCurrent:
            break
        }
    }

    /// Set while another grocer migrates the same store.
    public private(set) var waiting = false

    /// 0 until the first progress event; 100 only when every row is done.
    public var percent: Int {
        if !started { return phaseIsFinished ? 100 : 0 }
        return MigrationProgress(done: done, total: total).percent
    }
    private var started = false

    public mutating func handle(_ key: Key) -> Outcome {
        if key == .resize { return .redraw }
        switch phase {
        case .migrating:
            if key == .ctrl("c") { phase = .confirmingStop; return .redraw }
        case .confirmingStop:
            switch key {
            case .char("y"), .char("Y"): phase = .stopping; return .quit
            case .char("n"), .char("N"), .escape, .ctrl("c"): phase = .migrating; return .redraw
            default: break
            }
        case .stopping:
            break
        case .finished:
            if key == .enter { return .dismiss }
        case .failed, .cancelled:
            if key == .enter || key == .ctrl("c") { return .quit }
        }
        return .none
    }

    public var hints: [Hint] {
        switch phase {
        case .migrating: return [Hint("Ctrl-C", "Stop")]
        case .confirmingStop: return [Hint("y", "Stop"), Hint("n", "Go on")]
        case .stopping: return []
        case .finished: return [Hint("Enter", "Continue")]
        case .failed, .cancelled: return [Hint("Enter", "Quit")]
        }
    }

    public func render(into canvas: inout Canvas) {
        let w = canvas.width, h = canvas.height
        guard w >= Self.minimumSize.width, h >= Self.minimumSize.height else {
            canvas.center("Make the terminal at least \(Self.minimumSize.width)x\(Self.minimumSize.height)", row: h / 2)
            return
        }
        canvas.center("Updating your grocer store", row: 1, style: .bold)
        let top = max(3, h / 2 - 4)
        canvas.center("Migration Progress: \(percent)%", row: top, style: .bold)
        let barWidth = w - 2 * Self.margin
        let filled = total > 0 ? barWidth * min(done, total) / total : (phaseIsFinished ? barWidth : 0)
        canvas.put(String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled),
                   row: top + 2, column: Self.margin, style: .accent)
        if started { canvas.center("\(number(done)) of \(number(total)) rows", row: top + 4) }

        var lines: [String] = []
        var style: Style = []
        switch phase {
        case .migrating where waiting && !started:
            lines = ["Another grocer is migrating this store; waiting for it…"]
        case .migrating:
            lines = [timeLeft]
        case .confirmingStop:
            lines = [timeLeft, "", "Stop migration? y/n"]
            style = .bold
        case .stopping:
            lines = ["Stopping; the store is left as it was…"]
        case let .finished(summary):
            lines = summaryLines(summary, room: h - (top + 6) - 2)
        case let .failed(message):
            lines = ["Migration failed:"] + wrap(message, width: w - 2 * Self.margin)
            style = .error
        case .cancelled:
            lines = ["Migration stopped; the store was left as it was."]
        }
        for (i, line) in lines.enumerated() where top + 6 + i < h - 1 {
            canvas.center(line, row: top + 6 + i, style: i == lines.count - 1 ? style : [])
        }
        let hint = hints.map { "\($0.key) \($0.action)" }.joined(separator: "   ")
        canvas.put(hint, row: h - 1, column: 1, style: .dim)
    }

    private var phaseIsFinished: Bool {
        if case .finished = phase { return true }
        return false
    }

    /// "About 12 s left", from the pace so far.
    var timeLeft: String {
        guard done > 0, elapsed > 0, total > done else { return done >= total && total > 0 ? "Finishing…" : "Estimating the time left…" }
        let seconds = elapsed * Double(total - done) / Double(done)
        if seconds < 1 { return "Less than a second left" }
        if seconds < 90 { return "About \(Int(seconds.rounded())) s left" }
        return "About \(Int((seconds / 60).rounded())) min left"
    }

    func summaryLines(_ summary: MigrationSummary, room: Int) -> [String] {
        var lines = ["\(number(summary.rowsCarried)) rows carried, \(number(summary.rowsRepaired)) repaired, \(number(summary.rowsQuarantined)) quarantined."]
        let details = summary.repairs.sorted { $0.key < $1.key }.map { "Repaired (\($0.key)): \(number($0.value))" }
            + summary.quarantined.sorted { $0.key < $1.key }.map { "Quarantined (\($0.key)): \(number($0.value))" }
        let fit = max(0, room - 2)
        lines += details.prefix(fit)
        if details.count > fit { lines.append("… and \(details.count - fit) more in the migration log") }
        return lines + ["Opening grocer… (Enter: now)"]
    }

    func number(_ n: Int) -> String {
        n.formatted(IntegerFormatStyle<Int>(locale: locale))
    }
}
