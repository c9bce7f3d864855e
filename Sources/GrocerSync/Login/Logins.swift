/// The person's sync logins, as kept in their own file
/// (`$XDG_CONFIG_HOME/grocer/logins`, read and written at the edge by
/// GrocerSyncLive's `LoginsFile`), never in the store: a store copied from
/// elsewhere must never carry a command that runs (issue 36). Keyed by the
/// collection's URL in `DAVEndpoint`'s normal form, as vdirsyncer and aerc
/// key theirs by account.
///
/// The format is line-based, like ssh_config, so a person can read and edit
/// it and a shell command needs no quoting: a line is a keyword, one space
/// and a value to the end of the line (leading and trailing spaces
/// dropped). `collection URL` starts an entry; `user NAME` and
/// `password-command CMD` belong to the entry above them. Empty lines and
/// lines starting with `#` are skipped. Anything else (an unknown keyword,
/// a key twice, a key before any `collection`, a collection twice, a
/// control character, more than `maximumSize` bytes) is refused whole,
/// with the line it is on: a login file is not guessed at.
///
///     collection https://dav.example.org/alice/groceries/
///     user alice
///     password-command pass show dav
///
/// (TOML would need the command quoted and escaped; this needs neither,
/// and grocer carries no parser for three keys.)
public struct Logins: Equatable, Sendable {
    /// One collection's login. Neither field: the collection is set up
    /// here with no login (`.netrc` then serves, or none is sent).
    public struct Entry: Equatable, Sendable {
        /// The collection's URL in `DAVEndpoint`'s normal form.
        public var url: String
        public var user: String?
        public var passwordCommand: String?

        public init(url: String, user: String? = nil, passwordCommand: String? = nil) {
            self.url = url
            self.user = user
            self.passwordCommand = passwordCommand
        }
    }

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case tooLarge(limit: Int)
        case notText
        case controlCharacter(line: Int)
        case unknownKeyword(line: Int, String)
        case noValue(line: Int)
        case outsideEntry(line: Int)
        case twice(line: Int, String)
        case badURL(line: Int, String)
        case badUser(line: Int, String)

        public var description: String {
            switch self {
            case .tooLarge(let limit): return "it is larger than \(limit / 1024) KiB, more than a logins file ever holds; grocer read none of it"
            case .notText: return "it is not UTF-8 text"
            case .controlCharacter(let line): return "line \(line) holds a control character (a tab, a carriage return)"
            case .unknownKeyword(let line, let word):
                return "line \(line): \(word) is not collection, user or password-command"
            case .noValue(let line): return "line \(line) has a keyword and no value"
            case .outsideEntry(let line): return "line \(line) comes before any `collection URL` line"
            case .twice(let line, let what): return "line \(line): \(what) is given twice"
            case .badURL(let line, let why): return "line \(line): the collection's URL: \(why)"
            case .badUser(let line, let why): return "line \(line): \(why)"
            }
        }
    }

    /// More than a person keeps for a few collections, far less than would
    /// slow anything down.
    public static let maximumSize = 64 * 1024

    public private(set) var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The file's bytes, read.
    public init(_ bytes: [UInt8]) throws(Problem) {
        guard bytes.count <= Self.maximumSize else { throw .tooLarge(limit: Self.maximumSize) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
        var entries: [Entry] = []
        var seen: Set<String> = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if line.unicodeScalars.contains(where: Self.isControl) { throw .controlCharacter(line: number) }
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let keyword = String(trimmed.prefix(while: { $0 != " " }))
            let value = String(trimmed.dropFirst(keyword.count).drop(while: { $0 == " " })).trimmingTrailingSpaces
            guard ["collection", "user", "password-command"].contains(keyword) else {
                throw .unknownKeyword(line: number, String(keyword.prefix(40)))
            }
            guard !value.isEmpty else { throw .noValue(line: number) }
            if keyword == "collection" {
                let url: String
                do { url = try DAVEndpoint(value).url } catch { throw .badURL(line: number, error.description) }
                guard seen.insert(url).inserted else { throw .twice(line: number, "collection \(url)") }
                entries.append(Entry(url: url))
                continue
            }
            guard var entry = entries.popLast() else { throw .outsideEntry(line: number) }
            if keyword == "user" {
                guard entry.user == nil else { throw .twice(line: number, "user") }
                if let problem = Credentials.userProblem(value) { throw .badUser(line: number, problem) }
                entry.user = value
            } else {
                guard entry.passwordCommand == nil else { throw .twice(line: number, "password-command") }
                entry.passwordCommand = value
            }
            entries.append(entry)
        }
        self.entries = entries
    }

    /// The text `init(_:)` reads back as these entries (comments a person
    /// wrote are not kept: `grocer sync setup` writes the file whole).
    public var text: String {
        var out = "# grocer's sync logins, one entry per collection; `grocer sync setup` writes it (grocer(1), FILES).\n"
        for entry in entries {
            out += "\ncollection \(entry.url)\n"
            if let user = entry.user { out += "user \(user)\n" }
            if let command = entry.passwordCommand { out += "password-command \(command)\n" }
        }
        return out
    }

    /// The entry of the collection at `url` (compared in `DAVEndpoint`'s
    /// normal form), if this machine has one.
    public func entry(for url: String) -> Entry? {
        let key = (try? DAVEndpoint(url).url) ?? url
        return entries.first { $0.url == key }
    }

    /// `entry` kept, in place of the one for its URL if there is one.
    /// Nil: a value would not read back (a control character, a line
    /// break, spaces only, or a user name no server takes).
    public func setting(_ entry: Entry) -> Logins? {
        guard let url = try? DAVEndpoint(entry.url).url else { return nil }
        var entry = entry
        entry.url = url
        for value in [entry.user, entry.passwordCommand].compactMap({ $0 }) {
            if value.unicodeScalars.contains(where: Self.isControl) || value.allSatisfy({ $0 == " " }) { return nil }
            if value.first == " " || value.last == " " { return nil }
        }
        if let user = entry.user, Credentials.userProblem(user) != nil { return nil }
        var copy = self
        if let index = copy.entries.firstIndex(where: { $0.url == url }) {
            copy.entries[index] = entry
        } else {
            copy.entries.append(entry)
        }
        return copy
    }

    /// Where the file is: `$XDG_CONFIG_HOME/grocer/logins`, else
    /// `$HOME/.config/grocer/logins`. The environment is not trusted: an
    /// XDG_CONFIG_HOME that is empty or not absolute is ignored, as the XDG
    /// Base Directory spec says; a HOME that is empty or not absolute
    /// gives no path (nil).
    public static func path(xdgConfigHome: String?, home: String?) -> String? {
        if let xdgConfigHome, xdgConfigHome.hasPrefix("/") { return xdgConfigHome.droppingTrailingSlashes + "/grocer/logins" }
        if let home, home.hasPrefix("/") { return home.droppingTrailingSlashes + "/.config/grocer/logins" }
        return nil
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }

    fileprivate var droppingTrailingSlashes: String {
        var copy = self
        while copy.count > 1, copy.last == "/" { copy.removeLast() }
        return copy
    }
}
