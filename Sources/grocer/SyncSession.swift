import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore
import GrocerSync
import GrocerSyncEngine
import GrocerSyncLive

/// One collection's connection for a command: the login resolved
/// (`login`: the person's password command run, or ~/.netrc read), the
/// live transport made, the
/// work run to its end or to Ctrl-C, the transport shut down, and any
/// failure made one line (`Failure`, exit 2; stopped: exit 130).
enum SyncSession {
    /// `setup`: the work is `sync setup`'s look at the server, whose
    /// failure keeps nothing (there are no local changes to speak of).
    static func run<T: Sendable>(
        _ account: SyncAccount, setup: Bool = false, login: @escaping @Sendable () throws -> LiveTransport.Login?, limits: DAVTimeLimits,
        _ work: @escaping @Sendable (DAVClient) async throws -> T
    ) throws -> T {
        do {
            return try Blocking.run { try await connect(account, login: login, limits: limits, work) }
        } catch let failure as SyncFailure {
            if failure == .interrupted { throw Stopped(stopped) }
            throw Failure(failure.description)
        } catch let failure as DAVFailure {
            if failure == .stopped { throw Stopped(stopped) }
            if setup { throw Failure(SyncFailure(failure).line(setup: true)) }
            throw Failure(SyncFailure(failure).description)
        } catch is CancellationError {
            throw Stopped(stopped)
        }
    }

    /// The limits of one `grocer sync` or `sync setup` run, from now:
    /// `--deadline` seconds, else GROCER_SYNC_DEADLINE's (refused in one
    /// line when it is not whole seconds from 1 to 86400), else
    /// `DAVTimeLimits.commandDeadline`.
    static func limits(deadline: Int?, environment: Environment = .process) throws -> DAVTimeLimits {
        if let deadline { return DAVTimeLimits(deadline: .seconds(deadline)) }
        guard let text = environment["GROCER_SYNC_DEADLINE"] else {
            return DAVTimeLimits(deadline: .seconds(DAVTimeLimits.commandDeadline))
        }
        guard let seconds = DAVTimeLimits.seconds(text) else {
            throw Failure("GROCER_SYNC_DEADLINE=\(VisibleText.escaped(text)): give whole seconds from 1 to 86400, or unset it.")
        }
        return DAVTimeLimits(deadline: .seconds(seconds))
    }

    static let stopped = "stopped; what was received is kept, and the rest goes at the next sync."

    /// The work over a client of `account`'s collection: the login
    /// resolved (`login`, `SyncLogin`), the transport made and shut down
    /// whatever happens. `limits` bound every request, and the sync's
    /// deadline counts from its `start` (the password command's time
    /// included).
    static func connect<T: Sendable>(
        _ account: SyncAccount, login: @Sendable () throws -> LiveTransport.Login?, limits: DAVTimeLimits,
        _ work: @Sendable (DAVClient) async throws -> T
    ) async throws -> T {
        let endpoint: DAVEndpoint
        do { endpoint = try DAVEndpoint(account.url) } catch { throw Failure("\(account.url): \(error.description)") }
        let login = try login()
        let transport = LiveTransport(endpoint: endpoint, login: login, limits: limits)
        do {
            let result = try await work(DAVClient(collection: endpoint, transport: transport))
            await transport.shutdown()
            return result
        } catch {
            await transport.shutdown()
            throw error
        }
    }
}
