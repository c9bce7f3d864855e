import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore
import GrocerSync
import GrocerSyncLive

#if canImport(Glibc)
    import Glibc
#endif

/// The login of one sync, resolved at the edge (issue 36): from the
/// person's logins file (`$XDG_CONFIG_HOME/grocer/logins`), else `$NETRC`
/// or `~/.netrc`; a command the store carries is never run as it is
/// (`SyncLoginResolver`). A failure is one line.
enum SyncLogin {
    /// `interactive`: a command the store carries may be shown and asked
    /// about, when stdin and stderr are terminals (never under the screen).
    static func resolver(interactive: Bool) -> SyncLoginResolver {
        let canAsk = interactive && isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1
        return SyncLoginResolver(
            loginsPath: loginsPath, netrcPath: netrcPath, environment: processEnvironment, discardingErrors: !interactive,
            ask: canAsk ? askOnTerminal : nil)
    }

    static func account(_ account: SyncAccount, storePath: String) -> SyncLoginResolver.Account {
        SyncLoginResolver.Account(
            url: account.url, option: account.collection == .list ? "--list" : "--weights", storeUser: account.user,
            storeCommand: account.passwordCommand, storeName: storePath)
    }

    /// Before a sync of `account` (on a terminal, before the sync's task
    /// starts, so the question waits for no network): a command the store
    /// carries is shown and asked about; kept, it moves to the logins file
    /// and is cleared from the store. Nothing runs.
    static func settle(_ account: SyncAccount, store: Store, interactive: Bool) throws {
        do {
            try resolver(interactive: interactive).settle(Self.account(account, storePath: store.path)) {
                try store.sync.clearSyncLogin(account.collection)
            }
        } catch let failure as SyncLoginResolver.Failure {
            throw lineFor(failure)
        }
    }

    /// The login for `account` from this machine alone (run inside the
    /// sync's task, so Ctrl-C ends the password command).
    static func resolve(_ account: SyncAccount, storePath: String, interactive: Bool) throws -> LiveTransport.Login? {
        do {
            return try resolver(interactive: interactive).login(Self.account(account, storePath: storePath))
        } catch {
            throw lineFor(error)
        }
    }

    /// The login `grocer sync setup` was given (the person's own, typed
    /// now): its command run now, else `.netrc`'s for the host.
    static func given(user: String?, passwordCommand: String?, host: String) throws -> LiveTransport.Login? {
        var netrc: Netrc?
        if Credentials.needsNetrc(passwordCommand: passwordCommand), let netrcPath {
            do { netrc = try NetrcFile.read(netrcPath) } catch { throw Failure("sync: \(error.description); nothing was sent") }
        }
        let credentials = Credentials.resolve(passwordCommand: passwordCommand, user: user, host: host, netrc: netrc)
        do {
            return try credentials.login(environment: processEnvironment)
        } catch {
            throw lineFor(.command(error))
        }
    }

    static func lineFor(_ failure: SyncLoginResolver.Failure) -> any Error {
        // Ctrl-C while the command ran: stopped, as anywhere else (130).
        if failure == .command(.stopped) { return Stopped("stopped while the password command ran; nothing was sent.") }
        return Failure(VisibleText.escaped("sync: \(failure.description); nothing was sent"))
    }

    /// Shows the question on stderr and reads one line of stdin: yes only
    /// for "y" or "yes".
    @Sendable static func askOnTerminal(_ question: String) -> Bool {
        FileHandle.standardError.write(Data(question.utf8))
        guard let answer = readLine(strippingNewline: true) else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// `$XDG_CONFIG_HOME/grocer/logins`, else `$HOME/.config/grocer/logins`
    /// (`Logins.path`: a relative or empty variable is ignored).
    static var loginsPath: String? {
        let environment = Environment.process
        return Logins.path(xdgConfigHome: environment["XDG_CONFIG_HOME"], home: environment["HOME"])
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
