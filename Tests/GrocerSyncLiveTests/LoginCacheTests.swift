import Synchronization
import Testing

@testable import GrocerSyncLive

/// The screen's logins are kept for a while, so the password command does
/// not run at every 20 s poll, and dropped when the server refuses one.
@Suite struct LoginCacheTests {
    final class Clock: Sendable {
        let now = Mutex(ContinuousClock.now)
        func advance(_ by: Duration) { now.withLock { $0 += by } }
    }

    @Test func aLoginRunsOnceWhileItIsYoungThenAgain() throws {
        let clock = Clock()
        let cache = LoginCache(lifetime: .seconds(600), clock: { clock.now.withLock { $0 } })
        var runs = 0
        let resolve: () throws -> LiveTransport.Login? = {
            runs += 1
            return LiveTransport.Login(user: "alice", password: "pw\(runs)")
        }
        #expect(try cache.login("https://dav/a/", resolve: resolve)?.password == "pw1")
        clock.advance(.seconds(20))
        #expect(try cache.login("https://dav/a/", resolve: resolve)?.password == "pw1")
        #expect(runs == 1)
        // Another collection is its own login.
        #expect(try cache.login("https://dav/b/", resolve: resolve)?.password == "pw2")
        clock.advance(.seconds(600))
        #expect(try cache.login("https://dav/a/", resolve: resolve)?.password == "pw3")
        #expect(runs == 3)
    }

    @Test func aRefusedLoginIsForgottenAndAFailureKeepsNothing() throws {
        let cache = LoginCache()
        var runs = 0
        struct Failed: Error {}
        #expect(throws: Failed.self) {
            try cache.login("u") {
                runs += 1
                throw Failed()
            }
        }
        _ = try cache.login("u") {
            runs += 1
            return LiveTransport.Login(user: "a", password: "b")
        }
        _ = try cache.login("u") {
            runs += 1
            return nil
        }
        #expect(runs == 2)
        cache.forget()
        _ = try cache.login("u") {
            runs += 1
            return nil
        }
        #expect(runs == 3)
    }
}
