/// Whether a collection the store names is set up on this machine, and
/// with which login (issue 36). Only the person's own logins file (and
/// `.netrc`) decide; the store is a file from anywhere, so a password
/// command it carries is never run as it is: the person is shown it and
/// asked whether to keep it as their own (`storeCommand`).
public enum LoginChoice: Equatable, Sendable {
    /// Set up here: the logins file's entry (its command, or `.netrc` for
    /// its user, or no login), or, for a store set up before the logins
    /// file and without a command, `.netrc`'s entry for the host.
    case here(Credentials)
    /// No entry here, and the store carries a password command (from an
    /// older grocer, or from whoever made the file): never run as it is.
    case storeCommand(String, user: String?)
    /// No entry here and nothing `.netrc` holds for the host.
    case notSetUpHere

    /// A store's command longer than this is not even offered: nobody
    /// reads it through before saying yes.
    public static let longestOffered = 1024

    /// `entry`: the logins file's entry for the collection; `storeUser`
    /// and `storeCommand`: what the store's account row holds; `netrc`:
    /// nil when there is none (or it was not read: `needsNetrc` says when
    /// it is needed).
    public static func decide(entry: Logins.Entry?, storeUser: String?, storeCommand: String?, host: String, netrc: Netrc?) -> LoginChoice {
        if let entry {
            return .here(Credentials.resolve(passwordCommand: entry.passwordCommand, user: entry.user, host: host, netrc: netrc))
        }
        if let storeCommand, !storeCommand.allSatisfy(\.isWhitespace) {
            guard storeCommand.utf8.count <= longestOffered else { return .notSetUpHere }
            let user = storeUser.flatMap { Credentials.userProblem($0) == nil ? $0 : nil }
            return .storeCommand(storeCommand, user: user)
        }
        let credentials = Credentials.resolve(passwordCommand: nil, user: storeUser, host: host, netrc: netrc)
        return credentials == .none ? .notSetUpHere : .here(credentials)
    }

    /// Whether `decide` will want `.netrc` read.
    public static func needsNetrc(entry: Logins.Entry?, storeCommand: String?) -> Bool {
        if let entry { return Credentials.needsNetrc(passwordCommand: entry.passwordCommand) }
        return Credentials.needsNetrc(passwordCommand: storeCommand)
    }
}
