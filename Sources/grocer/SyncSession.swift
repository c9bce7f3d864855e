import Foundation
import GrocerCLI
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
        _ account: SyncAccount, setup: Bool = false, login: @escaping @Sendable () throws -> LiveTransport.Login?,
        _ work: @escaping @Sendable (DAVClient) async throws -> T
    ) throws -> T {
        do {
            return try Blocking.run { try await connect(account, login: login, work) }
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

    static let stopped = "stopped; what was received is kept, and the rest goes at the next sync."

    /// The work over a client of `account`'s collection: the login
    /// resolved (`login`, `SyncLogin`), the transport made and shut down
    /// whatever happens.
    static func connect<T: Sendable>(
        _ account: SyncAccount, login: @Sendable () throws -> LiveTransport.Login?, _ work: @Sendable (DAVClient) async throws -> T
    ) async throws -> T {
        let endpoint: DAVEndpoint
        do { endpoint = try DAVEndpoint(account.url) } catch { throw Failure("\(account.url): \(error.description)") }
        let login = try login()
        let transport = LiveTransport(endpoint: endpoint, login: login)
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
