import Foundation
import Synchronization

/// The screen's logins, kept in this process's memory for a while. The
/// screen syncs every 20 s while the list is open and 5 s after a saved
/// weight; running the person's password command (`pass`, gpg,
/// secret-tool) for each would ask their agent dozens of times an hour. A
/// login is kept `lifetime` from when its command ran, never written
/// anywhere, and dropped at once when the server refuses it (`forget`).
/// `grocer sync` runs the command each time, as before: it runs once.
public final class LoginCache: Sendable {
    public static let lifetime: Duration = .seconds(600)

    private struct Kept {
        var login: LiveTransport.Login?
        var at: ContinuousClock.Instant
    }
    private let kept = Mutex<[String: Kept]>([:])
    private let lifetime: Duration
    private let clock: @Sendable () -> ContinuousClock.Instant

    public init(lifetime: Duration = LoginCache.lifetime, clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.lifetime = lifetime
        self.clock = clock
    }

    /// The login kept for `key` (a collection's URL) while it is young,
    /// else `resolve`'s, kept from now. A failure keeps nothing.
    public func login(_ key: String, resolve: () throws -> LiveTransport.Login?) throws -> LiveTransport.Login? {
        let now = clock()
        if let entry = kept.withLock({ $0[key] }), now - entry.at < lifetime { return entry.login }
        let login = try resolve()
        kept.withLock { $0[key] = Kept(login: login, at: now) }
        return login
    }

    /// Every login kept is dropped (the server refused one).
    public func forget() {
        kept.withLock { $0 = [:] }
    }
}
