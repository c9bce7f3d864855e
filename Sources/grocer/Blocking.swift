import Dispatch
import GrocerStore
import Synchronization

/// Async work run from a command, which is synchronous: the work runs on
/// the concurrency pool while this thread waits for it. Ctrl-C and SIGTERM
/// cancel it at once (a request in flight is abandoned), and the work
/// throws `CancellationError` or its own stop.
enum Blocking {
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        StopFlag.stopOnInterrupt()
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if StopFlag.process.isRaised { task.cancel() }
        }
        return try outcome.withLock { $0! }.get()
    }
}
