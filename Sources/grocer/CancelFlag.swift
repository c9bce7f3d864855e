import Glibc
import Synchronization

/// Asks a running migration to stop between batches and clean up. The
/// migration screen sets it when the person confirms; `store migrate` has
/// SIGINT and SIGTERM set it (a plain sigaction handler that only stores to
/// an atomic). One per process: one migration runs at a time.
final class CancelFlag: Sendable {
    static let shared = CancelFlag()
    private static let raised = Atomic<Bool>(false)

    var isSet: Bool { Self.raised.load(ordering: .relaxed) }

    func set() { Self.raised.store(true, ordering: .relaxed) }

    static func installOnInterrupt() -> CancelFlag {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in CancelFlag.raised.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        return shared
    }
}
