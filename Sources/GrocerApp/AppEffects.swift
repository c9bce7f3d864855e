import GrocerUI

/// How the loop performs what screens ask for. `LiveEffects` runs every
/// store request on one worker, sync's with the server on a task, the
/// migration on a queue; every answer comes back through the mailbox, a
/// request's own `EffectResult` (a failure names the request). Tests pass
/// closures that post their answers at once.
public struct AppEffects {
    /// Asks for an effect; its answer, if it has one, is posted.
    public var perform: (Effect) -> Void
    /// Waits a little for the answers to what was just asked, so that an
    /// answer already on its way shows in the same frame: the live one up
    /// to a few milliseconds for the store's worker; tests' answers are
    /// there already.
    public var awaitAnswers: () -> Void
    /// Stops background work and waits for it: called on every way out.
    public var finish: () -> Void
    /// Asks whether another process (a second grocer, a script, a sync)
    /// wrote to the store since the last check, in turn after what was
    /// asked before; the answer is `.storeChanged`, posted only when it
    /// did. Asked on the loop's tick, and at once when the watch saw the
    /// files written (`woken`), so an open screen follows what others
    /// write. Never for the app's own writes.
    public var checkStore: (_ woken: Bool) -> Void
    /// Whether the store's files were written since the last call (the
    /// live watch, `StoreWatch`, which wakes the loop through the mailbox's
    /// pipe): the loop then checks at once, not at its tick.
    public var storeTouched: () -> Bool
    /// How often the loop checks anyway (the fallback where the watch sees
    /// nothing); nil: only when touched.
    public var watchInterval: Duration?

    public init(
        perform: @escaping (Effect) -> Void, awaitAnswers: @escaping () -> Void = {}, finish: @escaping () -> Void = {},
        checkStore: @escaping (_ woken: Bool) -> Void = { _ in }, storeTouched: @escaping () -> Bool = { false },
        watchInterval: Duration? = nil
    ) {
        self.perform = perform
        self.awaitAnswers = awaitAnswers
        self.finish = finish
        self.checkStore = checkStore
        self.storeTouched = storeTouched
        self.watchInterval = watchInterval
    }
}
