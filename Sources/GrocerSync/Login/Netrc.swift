/// A `.netrc` file's logins, read from its text (the file is read at the
/// edge: `NetrcFile` in GrocerSyncLive). The format is ftp's and curl's:
/// whitespace-separated tokens; `machine NAME` starts an entry, `default`
/// an entry for any host (taken only when no `machine` entry fits); inside
/// an entry `login`, `password` and `account` each take the next token;
/// `macdef NAME` is followed by a macro's lines up to an empty line, which
/// are skipped. A value may be in double quotes, with `\"`, `\\`, `\n`,
/// `\r` and `\t` inside (as curl reads it). A token starting with `#`
/// where a keyword is expected starts a comment to the end of the line; as
/// a value (a password "#x") it is a value. An unknown keyword is skipped
/// (other tools' extensions), and so is a keyword with no value at the end.
///
/// Bounded: a text over `maximumSize` bytes is refused unread, and so is
/// one that is not UTF-8 (a password is sent as UTF-8 text).
public struct Netrc: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// nil for `default`.
        public var machine: String?
        public var login: String?
        public var password: String?
        public var account: String?

        public init(machine: String?, login: String? = nil, password: String? = nil, account: String? = nil) {
            self.machine = machine
            self.login = login
            self.password = password
            self.account = account
        }
    }

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case tooLarge(limit: Int)
        case notText

        public var description: String {
            switch self {
            case .tooLarge(let limit): return "it is larger than \(limit / 1024) KiB, more than a .netrc ever holds; grocer read none of it"
            case .notText: return "it is not UTF-8 text"
            }
        }
    }

    /// 64 KiB.
    public static let maximumSize = 64 * 1024

    /// In the file's order.
    public let entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    public init(_ bytes: [UInt8]) throws(Problem) {
        guard bytes.count <= Self.maximumSize else { throw .tooLarge(limit: Self.maximumSize) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
        entries = Self.entries(Array(text.unicodeScalars))
    }

    public init(_ text: String) throws(Problem) {
        try self.init(Array(text.utf8))
    }

    /// The login for `host` (compared without case; no port: a `.netrc`
    /// names machines, not ports). With `login`, only an entry of that
    /// login fits (as curl does); without, the first entry for the host.
    /// A `machine` entry that fits wins over `default`. nil when none fits.
    public func entry(host: String, login: String? = nil) -> Entry? {
        func fits(_ entry: Entry) -> Bool { login == nil || entry.login == login }
        let host = host.lowercased()
        if let entry = entries.first(where: { $0.machine?.lowercased() == host && fits($0) }) { return entry }
        return entries.first(where: { $0.machine == nil && fits($0) })
    }

    // MARK: - Reading

    private static func entries(_ scalars: [Unicode.Scalar]) -> [Entry] {
        var reader = TokenReader(scalars: scalars)
        var entries: [Entry] = []
        while let (keyword, quoted) = reader.next() {
            if !quoted, keyword.hasPrefix("#") {
                reader.skipLine()
                continue
            }
            switch keyword {
            case "machine":
                guard let (name, _) = reader.next() else { return entries }
                entries.append(Entry(machine: name))
            case "default":
                entries.append(Entry(machine: nil))
            case "login", "password", "account":
                guard let (value, _) = reader.next() else { return entries }
                // A value before any machine belongs to no entry.
                guard !entries.isEmpty else { continue }
                switch keyword {
                case "login": entries[entries.count - 1].login = value
                case "password": entries[entries.count - 1].password = value
                default: entries[entries.count - 1].account = value
                }
            case "macdef":
                _ = reader.next()
                reader.skipMacro()
            default:
                continue
            }
        }
        return entries
    }

    private struct TokenReader {
        let scalars: [Unicode.Scalar]
        var index = 0

        static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}"
        }

        /// The next token and whether it was quoted; nil at the end.
        mutating func next() -> (String, Bool)? {
            while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
            guard index < scalars.count else { return nil }
            var token = String.UnicodeScalarView()
            if scalars[index] == "\"" {
                index += 1
                while index < scalars.count, scalars[index] != "\"" {
                    var scalar = scalars[index]
                    if scalar == "\\", index + 1 < scalars.count {
                        index += 1
                        switch scalars[index] {
                        case "n": scalar = "\n"
                        case "r": scalar = "\r"
                        case "t": scalar = "\t"
                        default: scalar = scalars[index]
                        }
                    }
                    token.append(scalar)
                    index += 1
                }
                index += 1  // the closing quote (or past the end)
                return (String(token), true)
            }
            while index < scalars.count, !Self.isSpace(scalars[index]) {
                token.append(scalars[index])
                index += 1
            }
            return (String(token), false)
        }

        mutating func skipLine() {
            while index < scalars.count, scalars[index] != "\n" { index += 1 }
        }

        /// A macro runs from the end of its `macdef` line to the first
        /// empty line (two line feeds in a row), or to the end.
        mutating func skipMacro() {
            skipLine()
            while index < scalars.count {
                index += 1  // the line feed
                guard index < scalars.count else { return }
                let rest = scalars[index...].prefix(2)
                if rest.first == "\n" || Array(rest) == ["\r", "\n"] { return }
                skipLine()
            }
        }
    }
}
