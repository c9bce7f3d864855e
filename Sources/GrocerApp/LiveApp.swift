import Foundation
import GrocerCore
import GrocerStore
import GrocerTerminal
import GrocerUI

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive app on the real terminal and the real store.
public enum LiveApp {
    /// Why the screen did not start: one line for the person.
    public struct LaunchError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs the app; throws (with the terminal restored) when it cannot
    /// start: no terminal, a terminal that cannot address the cursor, a
    /// store that cannot be opened.
    public static func run(storeURL: URL, environment: [String: String]) throws -> Exit {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw LaunchError(
                description: """
                    the interactive screen needs a terminal on stdin and stdout. \
                    From scripts use the subcommands: grocer weight add|list, grocer unit, \
                    grocer store status (see grocer --help).
                    """)
        }
        let locales = Locales(environment: environment, timeZone: TimeZone.current)
        let mailbox = Mailbox<EffectResult>()
        let terminal = try TerminalSession(environment: environment, wakeFD: mailbox.readFD)
        defer { terminal.end() }
        TerminalRestore.setWakeFD(mailbox.writeFD)
        _ = StopFlag.process  // made before any handler may touch it
        TerminalRestore.onQuitSignal = { _ in StopFlag.process.raise() }
        let path = storeURL.path
        var context = AppContext(locales: locales, storePath: path, now: Date())
        let effects: LiveEffects
        let first: Route
        if StoreJudge.judge(path: path).state == .needsMigration {
            // The migration screen comes first, before anything else.
            effects = LiveEffects(url: storeURL, environment: environment, post: { mailbox.post($0) })
            first = .migration
        } else {
            Migrator.tidy(path: path)
            do {
                let store = try Store.open(at: storeURL)
                context.defaultUnit = try store.defaultUnit()
                effects = LiveEffects(url: storeURL, environment: environment, store: store, post: { mailbox.post($0) })
            } catch {
                throw LaunchError(description: LiveEffects.describe(error))
            }
            first = .weight
        }
        let loop = AppLoop(terminal: terminal, effects: effects.client, mailbox: mailbox, clock: .live())
        return loop.run(AppModel(context: context), from: first)
    }
}
