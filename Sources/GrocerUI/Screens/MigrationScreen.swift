import Foundation
import GrocerCore

extension Route {
    public static let migration = Route("migration")
}

/// The blocking screen shown while an older store migrates: a centred
/// "Migration Progress: N%" above a bar spanning the width inside the
/// margins, the phase under it ("Checking every page of the new store")
/// and the time left; then the summary. The percentage is weighted over
/// every phase (`MigrationMeter`), so the time left is the pace so far. Other
/// keys are ignored: the app cannot be used until the data is ready.
///
/// It starts the migration when it appears. Ctrl-C asks "Stop migration?
/// y/n"; `y` asks the migration to stop and the screen waits for
/// `.cancelled` (or `.finished`). After `.finished` the summary stays
/// `summaryTime` (Enter skips), then the store opens and today's weight
/// shows; after `.failed`, Enter quits with the message.
///
/// `q` quits only where quitting is allowed: after a failure (as Enter
/// does). Mid-migration it asks, as Ctrl-C does (a stop must wait for the
/// migration to leave the old store as it was); on the summary it does
/// nothing (the app opens). There is no help here: the screen must stay
/// on top to receive the migration's events.
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
    /// What the migration is doing, named under the bar.
    public private(set) var migrationPhase = MigrationPhase.copy
    /// Seconds since the migration started, as of the last event.
    public private(set) var elapsed: TimeInterval = 0
    let locale: Locale

    public static let minimumSize = Size(width: 40, height: 12)
    public static let takesGlobalKeys = false
    static let margin = 4
    /// How long the summary stays up before the app opens (Enter skips).
    public static let summaryTime = Duration.milliseconds(2500)
    /// When the migration started, in uptime.
    private var startedAt = Duration.zero
    public private(set) var wakeAt: Duration?

    public init(locale: Locale = Locale(identifier: "en_US")) {
        self.locale = locale
    }

    public mutating func appear(_ context: inout AppContext) -> Outcome {
        startedAt = context.uptime
        return .perform(.startMigration)
    }

    public mutating func receive(_ result: EffectResult, _ context: inout AppContext) -> Outcome {
        switch result {
        case .migration(let event):
            receive(event, elapsed: (context.uptime - startedAt) / .seconds(1))
            switch event {
            case .finished:
                wakeAt = context.uptime + Self.summaryTime
            case .alreadyCurrent:
                return .perform(.openStore)
            case .cancelled:
                return .quit(Exit(status: 130, message: "migration stopped; \(context.storePath) was left as it was."))
            default:
                break
            }
            return .redraw
        case .failed(.openStore, let message):
            // The migrated store would not open.
            return .quit(Exit(status: 2, message: message))
        default:
            return .none
        }
    }

    /// The summary has been read long enough: open the store.
    public mutating func wake(_ context: inout AppContext) -> Outcome {
        wakeAt = nil
        return .perform(.openStore)
    }

    /// Takes an event; `elapsed` is the time since the migration started
    /// (the screen keeps no clock).
    public mutating func receive(_ event: MigrationEvent, elapsed: TimeInterval) {
        self.elapsed = elapsed
        switch event {
        case .progress(let done, let total, let phase):
            started = true
            self.total = total
            if phase.rawValue >= migrationPhase.rawValue { migrationPhase = phase }
            self.done = max(self.done, min(done, total))
        case .finished(let summary):
            done = total
            phase = .finished(summary)
        case .failed(let message):
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

    /// 0 until the first progress event; 100 only when every phase is done.
    public var percent: Int {
        if !started { return phaseIsFinished ? 100 : 0 }
        return MigrationProgress(done: done, total: total).percent
    }
    private var started = false

    public static let bindings: [Binding<MigrationScreen>] = [
        Binding(
            keys: [.ctrl("c"), .char("q")], hint: "Ctrl-C", label: "Stop", help: "stop (asks first)",
            helpKeys: "Ctrl-C  q", actsWhenTooSmall: true, when: { $0.phase == .migrating }
        ) { s, _, _ in
            s.phase = .confirmingStop
            return .redraw
        },
        Binding(
            keys: [.char("y"), .char("Y")], hint: "y", label: "Stop", help: "stop", actsWhenTooSmall: true,
            when: { $0.phase == .confirmingStop }
        ) { s, _, _ in
            s.phase = .stopping
            return .perform(.stopMigration)
        },
        Binding(
            keys: [.char("n"), .char("N"), .escape, .ctrl("c")], hint: "n", label: "Go on", help: "go on",
            actsWhenTooSmall: true, when: { $0.phase == .confirmingStop }
        ) { s, _, _ in
            s.phase = .migrating
            return .redraw
        },
        Binding(
            keys: [.enter], hint: "Enter", label: "Continue", help: "open grocer now", actsWhenTooSmall: true,
            when: { if case .finished = $0.phase { true } else { false } }
        ) { s, _, _ in
            s.wakeAt = nil
            return .perform(.openStore)
        },

        Binding(
            keys: [.enter, .ctrl("c"), .char("q")], hint: "Enter", label: "Quit", help: "quit",
            helpKeys: "Enter  Ctrl-C  q", actsWhenTooSmall: true,
            when: { if case .failed = $0.phase { true } else { false } }
        ) { s, _, _ in
            guard case .failed(let message) = s.phase else { return .none }
            return .quit(Exit(status: 2, message: message))
        },
    ]

    /// Laid out as on the full terminal: the hint bar is the last row.
    public func render(into canvas: inout Canvas, _ context: AppContext) {
        let w = canvas.width
        let h = canvas.height + 1
        canvas.center("Updating your grocer store", row: 1, style: .bold)
        let top = max(3, h / 2 - 4)
        canvas.center("Migration Progress: \(percent)%", row: top, style: .bold)
        let barWidth = w - 2 * Self.margin
        let filled = total > 0 ? barWidth * min(done, total) / total : (phaseIsFinished ? barWidth : 0)
        canvas.put(
            String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled),
            row: top + 2, column: Self.margin, style: .accent)
        if started, !phaseIsFinished { canvas.center(migrationPhase.title, row: top + 4) }

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
        case .finished(let summary):
            lines = summaryLines(summary, room: h - (top + 6) - 2)
        case .failed(let message):
            lines = ["Migration failed:"] + canvas.wrap(message, width: w - 2 * Self.margin)
            style = .error
        case .cancelled:
            lines = ["Migration stopped; the store was left as it was."]
        }
        for (i, line) in lines.enumerated() where top + 6 + i < h - 1 {
            canvas.center(line, row: top + 6 + i, style: i == lines.count - 1 ? style : [])
        }
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
        var lines = [
            "\(number(summary.rowsCarried)) rows carried, \(number(summary.rowsRepaired)) repaired, \(number(summary.rowsQuarantined)) quarantined."
        ]
        let details =
            summary.repairs.sorted { $0.key < $1.key }.map { "Repaired (\($0.key)): \(number($0.value))" }
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
