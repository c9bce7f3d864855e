import Foundation
import GrocerCore
import GrocerStore
import GrocerTerminal
import GrocerUI

#if canImport(Glibc)
import Glibc
#endif

/// Wires the store, the model and the terminal into the event loop: keys in,
/// effects performed here (never in a screen), frames out.
struct InteractiveApp {
    let storeURL: URL
    let environment: [String: String]

    func run() throws -> Int32 {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw Failure("""
                the interactive screen needs a terminal on stdin and stdout. \
                From scripts use the subcommands: grocer weight add|list, grocer unit, \
                grocer store status (see grocer --help).
                """)
        }
        let locales = Locales(environment: environment, timeZone: TimeZone.current)
        let mailbox = Mailbox<MigrationEvent>()
        var opened: TerminalSession?
        defer { opened?.end() }
        let path = storeURL.path
        if StoreJudge.judge(path: path).state == .needsMigration {
            // The migration screen comes first, before anything else.
            let session = TerminalSession(environment: environment, wakeFD: mailbox.readFD)
            TerminalRestore.setWakeFD(mailbox.writeFD)
            opened = session
            if let code = MigrationRun(path: path, environment: environment, locales: locales)
                .run(terminal: session, mailbox: mailbox) {
                return code
            }
        } else {
            Migrator.tidy(path: path)
        }
        let store = try StoreOptions.openStore(at: storeURL)
        var app = AppModel(locales: locales, defaultUnit: try store.defaultUnit(), now: Date())
        if opened == nil {
            opened = TerminalSession(environment: environment, wakeFD: mailbox.readFD)
            TerminalRestore.setWakeFD(mailbox.writeFD)
        }
        let terminal = opened!
        app.resize(width: terminal.width, height: terminal.height)
        draw(app, terminal)

        while true {
            let keys = terminal.nextKeys(timeout: -1)
            if let signal = TerminalRestore.pendingSignal {
                terminal.end()
                return 128 + signal
            }
            var alert = false
            for key in keys {
                if key == .resize { app.resize(width: terminal.width, height: terminal.height) }
                switch app.handle(key, now: Date()) {
                case .quit:
                    return 0
                case .perform(let effect):
                    app.receive(perform(effect, store: store))
                case .reject:
                    alert = true
                case .none, .redraw, .dismiss:
                    break
                }
            }
            if !keys.isEmpty { draw(app, terminal, alert: alert) }
        }
    }

    func draw(_ app: AppModel, _ terminal: TerminalSession, alert: Bool = false) {
        var canvas = Canvas(width: terminal.width, height: terminal.height)
        app.render(into: &canvas)
        canvas.alert = alert
        terminal.draw(canvas)
    }

    func perform(_ effect: Effect, store: Store) -> EffectResult {
        do {
            switch effect {
            case let .saveWeight(weight, at):
                let entry = try store.addWeight(weight, at: at)
                return .weightSaved(entry, recent: try store.recentWeights(limit: HistoryScreen.loadLimit))
            case .setDefaultUnit(let unit):
                try store.setDefaultUnit(unit)
                return .defaultUnitSet(unit)
            case .loadHistory:
                return .history(try store.recentWeights(limit: HistoryScreen.loadLimit))
            }
        } catch {
            return .failed("Could not write to \(store.path): \(error.localizedDescription). Nothing was lost; try again.")
        }
    }
}
