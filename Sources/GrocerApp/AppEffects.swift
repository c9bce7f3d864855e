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

    public init(perform: @escaping (Effect) -> EffectResult?, finish: @escaping () -> Void = {}) {
        self.perform = perform
        self.finish = finish
    }
}
