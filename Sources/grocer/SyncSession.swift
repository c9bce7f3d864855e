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
    static func run<T: Sendable>(_ account: SyncAccount, _ work: @escaping @Sendable (DAVClient) async throws -> T) throws -> T {
        let endpoint: DAVEndpoint
        do { endpoint = try DAVEndpoint(account.url) } catch { throw Failure("\(account.url): \(error.description)") }
        let login = try SyncLogin.resolve(account, host: endpoint.host)
        do {
            return try Blocking.run {
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
        } catch let failure as SyncFailure {
            if failure == .interrupted { throw Stopped("stopped; what was received is kept, and the rest goes at the next sync.") }
            throw Failure(failure.description)
        } catch let failure as DAVFailure {
            throw Failure(SyncFailure(failure).description)
        } catch is CancellationError {
            throw Stopped("stopped; what was received is kept, and the rest goes at the next sync.")
        }
    }
}
