import Foundation
import GrocerCore
import GrocerUI

#if canImport(Glibc)
    import Glibc
#endif

/// What the first frame needs besides the terminal, prepared on a thread
/// of its own from the moment the interactive launch is recognised, so
/// that it overlaps with resolving and judging the store and starting
/// ncurses: the first-frame cache, the time zone and the three locales,
/// the numeric locale's decimal separator (the weight field's filter asks
/// ICU for it), the screens' registry and the screen table's type, and the
/// date in the kept pattern. What it builds beyond its answer lands in
/// Foundation's caches, the Swift runtime's or `once` globals, so the
/// loop's thread finds it ready (or waits for it there), and the frame is
/// exactly what it would be without it.
public final class LaunchWarmUp: @unchecked Sendable {
    /// What the launch waits for.
    struct Prepared {
        let locales: Locales
        let cache: FirstFrameCache?
        let executable: String
    }

    private let environment: [String: String]
    private var prepared: Prepared?
    private var thread: pthread_t?
    /// Whether the loop's thread has seen `ready` (its own flag).
    private var received = false
    /// Posted once `prepared` is set: the loop's thread goes on then, while
    /// this one warms what the frame needs next.
    private let ready: UnsafeMutablePointer<sem_t>

    init(environment: [String: String]) {
        self.environment = environment
        ready = .allocate(capacity: 1)
        sem_init(ready, 0, 0)
    }

    deinit {
        sem_destroy(ready)
        ready.deallocate()
    }

    /// Starts the work on its own thread (or leaves it for `wait`, when
    /// no thread can be made).
    public static func start(environment: [String: String]) -> LaunchWarmUp {
        let warmUp = LaunchWarmUp(environment: environment)
        var made = pthread_t()
        let context = Unmanaged.passRetained(warmUp).toOpaque()
        let status = pthread_create(
            &made, nil,
            { raw in
                let warmUp = Unmanaged<LaunchWarmUp>.fromOpaque(raw!).takeRetainedValue()
                let prepared = warmUp.prepare()
                warmUp.prepared = prepared
                sem_post(warmUp.ready)
                warmUp.warm(prepared)
                return nil
            }, context)
        if status == 0 {
            warmUp.thread = made
        } else {
            Unmanaged<LaunchWarmUp>.fromOpaque(context).release()
        }
        return warmUp
    }

    /// The answer, as soon as it is ready (made here when no thread ran).
    /// Safe to call again.
    func wait() -> Prepared {
        if thread != nil, !received {
            while sem_wait(ready) != 0 && errno == EINTR {}
            received = true
        }
        if let prepared { return prepared }
        let made = prepare()
        prepared = made
        return made
    }

    /// Waits for the thread to end (no thread outlives the launch). Safe
    /// to call again.
    func finish() {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
    }

    private func prepare() -> Prepared {
        let executable = FirstFrameCache.executableIdentity()
        let cache = FirstFrameCache.read(path: FirstFrameCache.path(environment)).flatMap { $0.executable == executable ? $0 : nil }
        let locales = Locales(environment: environment, timeZone: TimeZone.current)
        return Prepared(locales: locales, cache: cache, executable: executable)
    }

    /// What the first frame needs next, done here unless the loop's thread
    /// gets there first (each is built once, under Foundation's lock or
    /// `once`).
    private func warm(_ prepared: Prepared) {
        _ = prepared.locales.numeric.decimalSeparator
        _ = prepared.cache?.date?.format(Date(), in: prepared.locales.timeZone)
        _ = ScreenRegistry.standard
        var screens: [Route: any Screen] = [:]
        screens[.help] = HelpScreen(sections: [])
        withExtendedLifetime(screens) {}
    }
}
