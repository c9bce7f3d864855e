import GrocerCore
import GrocerSync

/// Where one sync's login comes from on this machine (issue 36): the
/// person's logins file, else `.netrc`; never a command the store carries.
/// Such a command (from an older grocer, or from whoever made the file) is
/// shown to the person through `ask` (`settle`) and can run only once they
/// keep it as their own: then it moves to their logins file and `keep`
/// clears it from the store. Without `ask` (no terminal, or the grocery screen),
/// nothing runs and the failure says what to do. The paths and the
/// environment come from the executable; the prompt is a function, so
/// each path is tested.
public struct SyncLoginResolver: Sendable {
    /// What the store says of one collection's account.
    public struct Account: Equatable, Sendable {
        public var url: String
        /// "--list" or "--weights": how `grocer sync setup` names it.
        public var option: String
        public var storeUser: String?
        public var storeCommand: String?
        /// The store's path, as the question shows it.
        public var storeName: String

        public init(url: String, option: String, storeUser: String?, storeCommand: String?, storeName: String) {
            self.url = url
            self.option = option
            self.storeUser = storeUser
            self.storeCommand = storeCommand
            self.storeName = storeName
        }
    }

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Neither XDG_CONFIG_HOME nor HOME is an absolute path.
        case noLoginsPath
        case logins(LoginsFile.Failure)
        case netrc(NetrcFile.Failure)
        case command(PasswordCommand.Failure)
        case notSetUpHere(url: String, option: String)
        /// The store carries a command and there is no one to ask.
        case storeCommandNotRun(url: String, option: String)
        /// The person did not keep the store's command.
        case storeCommandDeclined(url: String, option: String)

        public var description: String {
            switch self {
            case .noLoginsPath:
                return "grocer finds your sync logins in $XDG_CONFIG_HOME/grocer or $HOME/.config/grocer, and neither is an absolute path: set HOME"
            case .logins(let failure): return failure.description
            case .netrc(let failure): return failure.description
            case .command(let failure): return failure.description
            case .notSetUpHere(let url, let option):
                return "\(url) is not set up on this machine: run \(Self.setUp(url, option))"
            case .storeCommandNotRun(let url, let option):
                return "the store holds a password command for \(url) that grocer does not run unless you keep it: "
                    + "run `grocer sync` on a terminal to see it, or \(Self.setUp(url, option))"
            case .storeCommandDeclined(let url, let option):
                return "the store's password command was not run: run \(Self.setUp(url, option)) to set up sync here"
            }
        }

        static func setUp(_ url: String, _ option: String) -> String {
            "`grocer sync setup \(option) \(url) --user NAME --password-command CMD`"
        }
    }

    /// nil when the environment names no place for it (`noLoginsPath`).
    public var loginsPath: String?
    /// `$NETRC` or `~/.netrc`; nil: none.
    public var netrcPath: String?
    /// The password command's environment (`PasswordCommand`).
    public var environment: [String]
    /// The command's stderr discarded (under the screen).
    public var discardingErrors: Bool
    /// Asks the person a yes-or-no question; nil: nobody to ask.
    public var ask: (@Sendable (String) -> Bool)?

    public init(
        loginsPath: String?, netrcPath: String?, environment: [String], discardingErrors: Bool = false,
        ask: (@Sendable (String) -> Bool)? = nil
    ) {
        self.loginsPath = loginsPath
        self.netrcPath = netrcPath
        self.environment = environment
        self.discardingErrors = discardingErrors
        self.ask = ask
    }

    /// What this machine has for `account`, read, nothing run: the choice
    /// and the logins file's entry (for showing its user).
    public func look(_ account: Account) throws(Failure) -> (choice: LoginChoice, entry: Logins.Entry?) {
        let entry = try logins().entry(for: account.url)
        var netrc: Netrc?
        if LoginChoice.needsNetrc(entry: entry, storeCommand: account.storeCommand), let netrcPath {
            do { netrc = try NetrcFile.read(netrcPath) } catch { throw .netrc(error) }
        }
        let host = (try? DAVEndpoint(account.url))?.host ?? ""
        let choice = LoginChoice.decide(
            entry: entry, storeUser: account.storeUser, storeCommand: account.storeCommand, host: host, netrc: netrc)
        return (choice, entry)
    }

    /// Settles, before any sync, whether `account` has a login here: a
    /// command the store carries is shown through `ask`; kept, it is
    /// written to the logins file and `keep` runs (clearing it from the
    /// store). Nothing is run. Throws what to do when there is no login
    /// here, nobody to ask, or the person said no.
    public func settle(_ account: Account, keep: () throws -> Void) throws {
        switch try look(account).choice {
        case .here:
            return
        case .notSetUpHere:
            throw Failure.notSetUpHere(url: account.url, option: account.option)
        case .storeCommand(let command, let user):
            guard let ask else { throw Failure.storeCommandNotRun(url: account.url, option: account.option) }
            let question =
                "The store \(VisibleText.escaped(account.storeName)) holds a password command: `\(VisibleText.escaped(command))`. "
                + "Keep it as your own login for \(VisibleText.escaped(account.url))? [y/N] "
            guard ask(question) else { throw Failure.storeCommandDeclined(url: account.url, option: account.option) }
            try keepAsOwn(Logins.Entry(url: account.url, user: user, passwordCommand: command))
            try keep()
        }
    }

    /// The login for `account` from this machine alone: the logins
    /// file's command run now, `.netrc`'s, or none. A command the store
    /// carries is never run here (`settle` moves it first, if the person
    /// keeps it).
    public func login(_ account: Account) throws(Failure) -> LiveTransport.Login? {
        let credentials: Credentials
        switch try look(account).choice {
        case .here(let here): credentials = here
        case .notSetUpHere: throw .notSetUpHere(url: account.url, option: account.option)
        case .storeCommand: throw .storeCommandNotRun(url: account.url, option: account.option)
        }
        do {
            return try credentials.login(environment: environment, discardingErrors: discardingErrors)
        } catch {
            throw .command(error)
        }
    }

    /// The logins file read (empty when there is none), or why it is
    /// refused: `sync setup` asks first, before it runs anything.
    public func logins() throws(Failure) -> Logins {
        guard let loginsPath else { throw .noLoginsPath }
        do { return try LoginsFile.read(loginsPath) } catch { throw .logins(error) }
    }

    /// `entry` written to the logins file, in place of any for its URL.
    public func keepAsOwn(_ entry: Logins.Entry) throws(Failure) {
        guard let loginsPath else { throw .noLoginsPath }
        let logins = try logins()
        guard let changed = logins.setting(entry) else {
            throw .logins(.unwritable(path: loginsPath, why: "a value holds a control character or is blank"))
        }
        do { try LoginsFile.write(changed, to: loginsPath) } catch { throw .logins(error) }
    }
}
