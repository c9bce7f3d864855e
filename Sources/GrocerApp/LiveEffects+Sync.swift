import Dispatch
import Foundation
import GrocerCore
import GrocerStore
import GrocerUI

/// Sync's requests (`Effect.sync`), none on the loop's thread: the reads
/// and the conflicts' changes on the store's worker in turn (each opens the
/// store on its own connection), a sync with the server in a task of its
/// own (the network's executor). Every answer goes through the mailbox, so
/// no key ever waits for the store's sync tables or the network. Without
/// a runner, sync is "not set up", answered at once.
extension LiveEffects {
    /// What the worker runs for a sync request; nil for what is answered
    /// here (`syncAnswerHere`).
    func syncRequest(_ request: SyncRequest) -> (@Sendable (StoreWorker) -> EffectResult?)? {
        guard let runner = syncRunner else { return nil }
        let path = store?.path ?? self.path
        let running = syncRunning
        switch request {
        case .now:
            return nil
        case .status:
            return { _ in
                Self.syncAnswer(request) {
                    var status = try runner.status(path)
                    // The store does not know of this grocer's sync in flight.
                    if running.isSet { status.running = true }
                    return .status(status)
                }
            }
        case .conflicts:
            return { _ in Self.syncAnswer(request) { .conflicts(try runner.conflicts(path)) } }
        case .takeOther(let id):
            return { _ in
                Self.syncAnswer(request) {
                    try runner.takeOther(path, id)
                    return .conflicts(try runner.conflicts(path))
                }
            }
        case .dismiss(let id):
            return { _ in
                Self.syncAnswer(request) {
                    try runner.dismiss(path, id)
                    return .conflicts(try runner.conflicts(path))
                }
            }
        }
    }

    /// Without a runner: "not set up", at once. With one: a sync with the
    /// server, whose end is posted.
    func syncAnswerHere(_ request: SyncRequest) -> EffectResult? {
        guard let runner = syncRunner else {
            switch request {
            case .status: return .sync(.status(.notSetUp))
            case .now: return .sync(.synced(.notSetUp))
            case .conflicts: return .sync(.conflicts([]))
            case .takeOther, .dismiss: return .sync(.failed(request, GroceriesScreen.notSetUpLine))
            }
        }
        if case .now = request { startSync(runner, path: store?.path ?? path) }
        return nil
    }

    /// A sync with the server, unless one runs: that one's end is
    /// answered (`.synced`), so the screen hears once.
    private func startSync(_ runner: SyncRunner, path: String) {
        guard !syncRunning.isSet else { return }
        syncRunning.set(true)
        let post = self.post
        let running = syncRunning
        syncTask = Task.detached(priority: .utility) {
            var status = await runner.syncNow(path)
            status.running = false
            running.set(false)
            post(.sync(.synced(status)))
        }
    }

    /// The runner's answer, or its error as one line for the screen.
    private static func syncAnswer(_ request: SyncRequest, _ body: () throws -> SyncResult) -> EffectResult {
        do {
            return .sync(try body())
        } catch let error as StoreError {
            return .sync(.failed(request, error.onScreen))
        } catch {
            return .sync(.failed(request, "Sync could not read the store: \(describe(error))"))
        }
    }
}
