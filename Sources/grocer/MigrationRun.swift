import Dispatch
import Foundation
import GrocerCore
import GrocerStore
import GrocerTerminal
import GrocerUI
import Synchronization

/// The blocking migration screen: the migration runs on a background
/// DispatchQueue and only posts events to the mailbox; this thread owns the
/// terminal, draws at every event (each batch of rows), handles resize and
/// Ctrl-C, and ignores every other key until the data is ready.
struct MigrationRun {
    let path: String
    let environment: [String: String]
    let locales: Locales

    /// How long the summary stays up before the app opens (Enter skips).
    static let summarySeconds: Double = 2.5

    /// nil when the store is migrated and the app should open it; else the
    /// exit status (stopped, failed, or a terminating signal).
    func run(terminal: TerminalSession, mailbox: Mailbox<MigrationEvent>) -> Int32? {
        let flag = CancelFlag.shared
        let started = ContinuousClock.now
        let migrator = Migrator(path: path, options: .standard(environment: environment))
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue(label: "grocer.migration", qos: .userInitiated).async {
            defer { finished.signal() }
            var lastPercent = -1
            do {
                let summary = try migrator.run(
                    progress: { p in
                        // Every percent, and at most every batch; the screen
                        // redraws at each event.
                        if p.percent != lastPercent || p.done == p.total {
                            lastPercent = p.percent
                            mailbox.post(.progress(done: p.done, total: p.total))
                        }
                    },
                    onWait: { mailbox.post(.waiting) },
                    isCancelled: { flag.isSet })
                mailbox.post(.finished(summary))
            } catch MigrationError.cancelled {
                mailbox.post(.cancelled)
            } catch MigrationError.notNeeded(_, .current) {
                // Another grocer migrated it while this one waited for the lock.
                mailbox.post(.alreadyCurrent)
            } catch {
                mailbox.post(.failed(error.localizedDescription))
            }
        }

        var screen = MigrationScreen(locale: locales.numeric)
        var finishedAt: ContinuousClock.Instant?
        draw(screen, terminal)
        while true {
            let wait: Int32 = finishedAt == nil ? 250 : 100
            let keys = terminal.nextKeys(timeout: wait)
            if TerminalRestore.pendingSignal != nil {
                // SIGTERM or SIGHUP: stop cleanly, old store untouched.
                flag.set()
                finished.wait()
                return 128 + (TerminalRestore.pendingSignal ?? 15)
            }
            let elapsed = Self.seconds(ContinuousClock.now - started)
            for event in mailbox.drain() {
                screen.receive(event, elapsed: elapsed)
                if case .finished = event { finishedAt = .now }
                if case .alreadyCurrent = event {
                    finished.wait()
                    return nil
                }
                if case .cancelled = event {
                    // Stopped as asked: nothing more to read on screen.
                    finished.wait()
                    terminal.end()
                    FileHandle.standardError.write(Data("grocer: migration stopped; \(path) was left as it was.\n".utf8))
                    return 130
                }
            }
            for key in keys {
                if key == .resize { continue }
                switch screen.handle(key) {
                case .quit:
                    switch screen.phase {
                    case .stopping: flag.set()
                    case .failed(let message):
                        terminal.end()
                        FileHandle.standardError.write(Data("grocer: \(message)\n".utf8))
                        return 2
                    case .cancelled: return 130
                    default: break
                    }
                case .dismiss:
                    finished.wait()
                    return nil
                default:
                    break
                }
            }
            if let at = finishedAt, Self.seconds(ContinuousClock.now - at) >= Self.summarySeconds {
                finished.wait()
                return nil
            }
            draw(screen, terminal)
        }
    }

    func draw(_ screen: MigrationScreen, _ terminal: TerminalSession) {
        var canvas = Canvas(width: terminal.width, height: terminal.height)
        screen.render(into: &canvas)
        terminal.draw(canvas)
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
