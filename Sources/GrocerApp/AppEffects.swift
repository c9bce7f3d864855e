import GrocerUI

/// How the loop performs what screens ask for. `LiveEffects` calls the
/// store and runs the migration on a background queue (its events arrive
/// through the mailbox); tests pass closures.
public struct AppEffects {
    /// Performs an effect; nil when there is nothing to report now (work
    /// started in the background reports through the mailbox).
    public var perform: (Effect) -> EffectResult?
    /// Stops background work and waits for it: called on every way out.
    public var finish: () -> Void
    /// Whether another process (a second grocer, a script, a sync) wrote
    /// to the store since the last call: asked on the loop's tick, so an
    /// open screen follows what others write. Never true for the app's own
    /// writes.
    public var storeChanged: () -> Bool
    /// Whether the store's files were written since the last call (the
    /// live watch, `StoreWatch`, which wakes the loop through the mailbox's
    /// pipe): the loop then asks `storeChanged` at once, not at its tick.
    public var storeTouched: () -> Bool
    /// How often the loop asks `storeChanged` anyway (the fallback where
    /// the watch sees nothing); nil: only when touched.
    public var watchInterval: Duration?

    public init(
        perform: @escaping (Effect) -> EffectResult?, finish: @escaping () -> Void = {},
        storeChanged: @escaping () -> Bool = { false }, storeTouched: @escaping () -> Bool = { false },
        watchInterval: Duration? = nil
    ) {
        self.perform = perform
        self.finish = finish
        self.storeChanged = storeChanged
        self.storeTouched = storeTouched
        self.watchInterval = watchInterval
    }
}
