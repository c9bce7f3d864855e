import Synchronization

/// Asks long work to stop: a statement SQLite is running (through a
/// progress handler on every connection), a migration between batches.
/// Setting it is one atomic store, so a signal handler may do it. The
/// process has one (`StopFlag.process`, set on Ctrl-C and SIGTERM); tests
/// make their own so that one test's stop never reaches another.
public final class StopFlag: Sendable {
    public static let process = StopFlag()

    private let raised = Atomic<Bool>(false)

    public init() {}

    public var isRaised: Bool { raised.load(ordering: .relaxed) }

    public func raise() { raised.store(true, ordering: .relaxed) }

    public func reset() { raised.store(false, ordering: .relaxed) }
}
