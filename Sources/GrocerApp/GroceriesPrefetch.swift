import Dispatch
import Foundation
import GrocerCore
import GrocerStore
import GrocerUI

#if canImport(Glibc)
    import Glibc
#endif

/// The grocery list read and grouped, off the loop's thread: right after
/// the store opens, and again whenever the store changed while the list
/// was not shown (another grocer's write seen by the watch, a weight
/// saved): F5 then shows 10,000 items as fast as 100. It is used once, and
/// only if the store's files are exactly as they were when the read began
/// (no write since, by this grocer or another process); otherwise the
/// screen reads the store as usual.
final class GroceriesPrefetch: @unchecked Sendable {
    private let lock = NSLock()
    private var done: DispatchSemaphore?
    private var result: GroceriesResult?
    private var fingerprint: [Int]?
    private var path = ""
    /// Which start the kept result must come from: a read a later start
    /// replaced never lands.
    private var generation = 0
    private let queue = DispatchQueue(label: "grocer.groceries-prefetch", qos: .utility)

    /// Starts reading in the background (replacing any read not yet taken).
    func start(store: Store, path: String, locale: Locale) {
        let semaphore = DispatchSemaphore(value: 0)
        let before = Self.fingerprint(path)
        let mine = lock.withLock { () -> Int in
            generation += 1
            done = semaphore
            fingerprint = before
            result = nil
            self.path = path
            return generation
        }
        queue.async { [self] in
            defer { semaphore.signal() }
            guard let page = try? store.groceryItemPage(), page.report.isComplete,
                let catalog = try? LiveEffects.catalog(store, locale: locale)
            else { return }
            var prepare = GroceriesTabList(items: page.entries, tab: .prepare, locale: locale)
            prepare.prepareFilter()
            let result = GroceriesResult.prefetched(items: page.entries, catalog: catalog, prepare: prepare)
            lock.withLock { if generation == mine { self.result = result } }
        }
    }

    /// The prefetched list if it is still exactly the store (waiting for
    /// it if it is still being read); nil otherwise. Used once.
    func take() -> GroceriesResult? {
        let semaphore = lock.withLock { () -> DispatchSemaphore? in
            defer { done = nil }
            return done
        }
        guard let semaphore else { return nil }
        semaphore.wait()
        return lock.withLock {
            defer {
                result = nil
                fingerprint = nil
            }
            guard let fingerprint, fingerprint == Self.fingerprint(path) else { return nil }
            return result
        }
    }

    /// The size, modification time (to the nanosecond) and inode of the
    /// store and of its -wal (a commit writes one of them; the -shm is not
    /// looked at).
    static func fingerprint(_ path: String) -> [Int] {
        [path, path + "-wal"].flatMap { file -> [Int] in
            var info = stat()
            guard stat(file, &info) == 0 else { return [-1] }
            return [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)]
        }
    }
}
