import Foundation
import GrocerCLI
import GrocerStore
import GrocerSync
import GrocerSyncEngine
import GrocerSyncLive

/// One collection's connection for a command: the login resolved (the
/// password command run, or ~/.netrc read), the live transport made, the
/// work run to its end or to Ctrl-C, the transport shut down, and any
/// failure made one line (`Failure`, exit 2; stopped: exit 130).
enum SyncSession {
    /// `setup`: the work is `sync setup`'s look at the server, whose
    /// failure keeps nothing (there are no local changes to speak of).
    static func run<T: Sendable>(_ account: SyncAccount, setup: Bool = false, _ work: @escaping @Sendable (DAVClient) async throws -> T)
        throws -> T
    {
        do {
            return try Blocking.run { try await connect(account, quiet: false, work) }
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
    /// resolved (`quiet`: the password command's stderr discarded, under
    /// the screen), the transport made and shut down whatever happens.
    static func connect<T: Sendable>(_ account: SyncAccount, quiet: Bool, _ work: @Sendable (DAVClient) async throws -> T) async throws
        -> T
    {
        let endpoint: DAVEndpoint
        do { endpoint = try DAVEndpoint(account.url) } catch { throw Failure("\(account.url): \(error.description)") }
        let login = try SyncLogin.resolve(account, host: endpoint.host, quiet: quiet)
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
