/// Where a sync's password comes from, decided before anything runs. The
/// password itself is never stored, printed or put in an argument list:
///
/// 1. the account's password command (`--password-command`), run at each
///    sync (as vdirsyncer's `password.fetch` and aerc's
///    `source-cred-cmd`): its first line is the password, for the
///    account's user;
/// 2. else `~/.netrc`: the entry for the server's host (and the account's
///    user, when there is one; without one, the entry's login is the
///    user);
/// 3. else no login: some servers need none (Xandikos behind nothing, a
///    server on this machine).
///
/// The password command is run and `.netrc` read at the edge
/// (GrocerSyncLive's `PasswordCommand` and `NetrcFile`); this is the pure
/// part.
public enum Credentials: Equatable, Sendable {
    /// Run the command; its first line is `user`'s password. `user` is nil
    /// when the account has none, which the edge refuses (a password needs
    /// a user).
    case command(String, user: String?)
    /// From `.netrc`.
    case login(user: String, password: String)
    case none

    /// `netrc` is nil when there is no `.netrc` (or it was not read: with
    /// a command, it is not needed).
    public static func resolve(passwordCommand: String?, user: String?, host: String, netrc: Netrc?) -> Credentials {
        if let passwordCommand, !passwordCommand.allSatisfy(\.isWhitespace) { return .command(passwordCommand, user: user) }
        if let entry = netrc?.entry(host: host, login: user), let password = entry.password,
            let login = user ?? entry.login, !login.isEmpty
        {
            return .login(user: login, password: password)
        }
        return .none
    }

    /// Why `user` cannot be a login name, or nil when it can: HTTP Basic
    /// authentication sends "user:password", so a name holding ':' would
    /// be cut there by every server (RFC 7617, 2); a control character or
    /// an empty name is no name.
    public static func userProblem(_ user: String) -> String? {
        if user.isEmpty { return "a user name cannot be empty" }
        if user.contains(":") { return "a user name cannot contain ':' (HTTP logins send user:password); check the name" }
        if user.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "a user name cannot contain control characters"
        }
        return nil
    }

    /// Whether `resolve` will want `.netrc` read: only without a command.
    public static func needsNetrc(passwordCommand: String?) -> Bool {
        passwordCommand?.allSatisfy(\.isWhitespace) ?? true
    }
}

extension Credentials: CustomStringConvertible {
    /// Never the password: what a status line or a test may show.
    public var description: String {
        switch self {
        case .command(_, let user): return "the password command" + (user.map { " (user \($0))" } ?? "")
        case .login(let user, _): return "~/.netrc (user \(user))"
        case .none: return "no login"
        }
    }
}
