import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore
import GrocerSync
import GrocerSyncLive

#if canImport(Glibc)
    import Glibc
#endif

/// The login of one sync, resolved at the edge: the account's password
/// command run now (this process's environment handed to it), else
/// `$NETRC` or `~/.netrc` read, else none. A failure is one line.
enum SyncLogin {
    static func resolve(_ account: SyncAccount, host: String, quiet: Bool = false) throws -> LiveTransport.Login? {
        var netrc: Netrc?
        if Credentials.needsNetrc(passwordCommand: account.passwordCommand), let path = netrcPath {
            do { netrc = try NetrcFile.read(path) } catch { throw Failure("sync: \(error.description); nothing was sent") }
        }
        let credentials = Credentials.resolve(passwordCommand: account.passwordCommand, user: account.user, host: host, netrc: netrc)
        do {
            return try credentials.login(environment: processEnvironment, discardingErrors: quiet)
        } catch {
            // Ctrl-C while the command ran: stopped, as anywhere else (130).
            if error == .stopped { throw Stopped("stopped while the password command ran; nothing was sent.") }
            throw Failure("sync: \(error.description); nothing was sent")
        }
    }

    /// `$NETRC`, else `$HOME/.netrc`.
    static var netrcPath: String? {
        let environment = Environment.process
        if let path = environment["NETRC"], !path.isEmpty { return path }
        return environment["HOME"].map { $0 + "/.netrc" }
    }

    /// This process's environment as NAME=value entries, for the password
    /// command (a `pass` or `secret-tool` needs HOME, PATH, a D-Bus
    /// address, GPG's agent).
    static var processEnvironment: [String] {
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            entries.append(String(cString: entry))
            cursor += 1
        }
        return entries
    }
}
