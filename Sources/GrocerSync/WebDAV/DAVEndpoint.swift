import Foundation

/// A CalDAV collection's address, as the person gave it to `grocer sync
/// setup`, checked: https anywhere, plain http only to this machine (a
/// loopback address or "localhost"), no user or password inside it (the
/// password is never part of a URL), no query or fragment, and no path
/// segment that is empty or, once percent-decoded, ".", ".." or holds a
/// "/", "?", "#" or a control character. The path always ends in "/" (a
/// collection) and is kept in one normal form (`normalPath`), so that
/// "%c3%a9" typed and "%C3%A9" from the server are the same place.
public struct DAVEndpoint: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int
    /// Percent-encoded in the normal form (`normalPath`), from "/" to a
    /// final "/".
    public let path: String

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case notAURL
        case unsupportedScheme(String)
        case plainHTTPToAnotherMachine(String)
        case credentialsInURL
        case queryOrFragment
        case unsafePath

        public var description: String {
            switch self {
            case .notAURL: return "it is not a URL (https://host/path/)"
            case .unsupportedScheme(let scheme): return "\(scheme): is not http or https"
            case .plainHTTPToAnotherMachine(let host):
                return "plain http to \(host) would send the password unencrypted; use https (plain http only to this machine)"
            case .credentialsInURL: return "it holds a user or password; give the user with --user and the password by --password-command"
            case .queryOrFragment: return "a collection's URL has no ? or # part"
            case .unsafePath:
                return "its path has an empty segment (//), a . or .. (maybe encoded), or an encoded /, ? or #; give the collection's own URL"
            }
        }
    }

    public init(_ text: String) throws(Problem) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty
        else { throw .notAURL }
        guard scheme == "https" || scheme == "http" else { throw .unsupportedScheme(scheme) }
        guard components.user == nil, components.password == nil else { throw .credentialsInURL }
        guard components.query == nil, components.fragment == nil else { throw .queryOrFragment }
        if scheme == "http", !Self.isLoopback(host) { throw .plainHTTPToAnotherMachine(host) }
        self.scheme = scheme
        self.host = host
        self.port = components.port ?? (scheme == "https" ? 443 : 80)
        let typed = components.percentEncodedPath
        guard let path = Self.normalPath(typed.isEmpty ? "/" : typed.hasSuffix("/") ? typed : typed + "/") else { throw .unsafePath }
        self.path = path
        self.origin = Self.origin(scheme: scheme, host: host, port: port)
    }

    /// `path` (percent-encoded, from "/") in one form: each segment
    /// percent-decoded, then encoded again with upper-case escapes for
    /// every byte but letters, digits and `-._~!$&'()*+,;=:@`. Nil when it
    /// is not a plain path: a segment empty (but the last), "." or ".."
    /// once decoded, or holding a "/", "?", "#", "\\" or a control
    /// character once decoded; a malformed escape; a raw character a
    /// path does not take (a space, a non-ASCII letter).
    static func normalPath(_ path: String) -> String? {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        if isNormal(bytes) { return path }
        let segments = bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        var out = ""
        for (index, segment) in segments.enumerated() {
            out += "/"
            // Only the last segment may be empty: the final "/".
            if segment.isEmpty {
                guard index == segments.count - 1 else { return nil }
                continue
            }
            guard let decoded = decoded(segment), decoded != [0x2E], decoded != [0x2E, 0x2E] else { return nil }
            for byte in decoded {
                if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
                    || byte == UInt8(ascii: "\\")
                {
                    return nil
                }
                if kept.contains(byte) {
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
                }
            }
        }
        return out
    }

    /// The bytes a path takes as they are: unreserved, sub-delims, ":"
    /// and "@" (RFC 3986, 3.3).
    /// Whether a path ("/" first) is already in the normal form: no
    /// escape, only bytes kept as they are, no segment empty (but the
    /// last), "." or "..". Then `normalPath` gives it back as it is, and
    /// no copy is made (a sync asks this of every record's href).
    private static func isNormal(_ bytes: [UInt8]) -> Bool {
        var start = 1
        for index in 1...bytes.count {
            guard index == bytes.count || bytes[index] == UInt8(ascii: "/") else {
                guard kept.contains(bytes[index]) else { return false }
                continue
            }
            let segment = bytes[start..<index]
            if segment.isEmpty, index != bytes.count { return false }
            if segment.elementsEqual([0x2E]) || segment.elementsEqual([0x2E, 0x2E]) { return false }
            start = index + 1
        }
        return true
    }

    private static let kept = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".utf8))

    /// A segment's bytes with its escapes decoded; nil when an escape is
    /// malformed or a raw byte is one a path does not take.
    private static func decoded(_ segment: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        var index = segment.startIndex
        while index < segment.endIndex {
            let byte = segment[index]
            if byte == UInt8(ascii: "%") {
                guard segment.endIndex - index >= 3,
                    let high = hexValue(segment[index + 1]), let low = hexValue(segment[index + 2])
                else { return nil }
                out.append(high << 4 | low)
                index += 3
            } else {
                guard kept.contains(byte) else { return nil }
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// "localhost", 127.0.0.0/8 or ::1.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// scheme://host[:port], the port only when not the scheme's own.
    /// "scheme://host[:port]", made once in `init` (every record's href
    /// is held to it on each sync).
    public let origin: String

    static func origin(scheme: String, host: String, port: Int) -> String {
        let standard = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
        let shownHost = host.utf8.contains(UInt8(ascii: ":")) && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (standard ? "" : ":\(port)")
    }

    public var url: String { origin + path }
    public var description: String { url }

    /// The collection's member `href` as a server named it, as an absolute
    /// URL in the normal form (`normalPath`); nil when it is anything but
    /// a direct member of this collection on this origin: another
    /// collection, a member's member, the collection itself, another
    /// host, or a path that is not plain once decoded (`%2e%2e`, `..%2f`,
    /// `//`, `?`, `#`). A server's answer is untrusted: grocer never
    /// follows it elsewhere.
    public func member(_ href: String) -> String? {
        guard let path = normalPathOnThisOrigin(href), path.hasPrefix(self.path) else { return nil }
        let name = path.dropFirst(self.path.count)
        guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")) else { return nil }
        return origin + path
    }

    /// Whether `href` names this collection itself (with or without its
    /// final "/"), as a listing may.
    public func isCollection(_ href: String) -> Bool {
        guard let path = normalPathOnThisOrigin(href) else { return false }
        return path == self.path || path + "/" == self.path
    }

    /// The normal path of an href that is a path ("/...") or an absolute
    /// URL on this origin; nil otherwise.
    private func normalPathOnThisOrigin(_ href: String) -> String? {
        if href.hasPrefix("/") {
            guard !href.hasPrefix("//") else { return nil }
            return Self.normalPath(href)
        }
        // The form `member` gives (the origin, then the path), as the
        // records keep it: the path taken as it is, without parsing the
        // URL again (that was most of a sync's cost per record).
        if href.utf8.starts(with: origin.utf8), href.utf8.dropFirst(origin.utf8.count).first == UInt8(ascii: "/"),
            !href.utf8.contains(UInt8(ascii: "?")), !href.utf8.contains(UInt8(ascii: "#"))
        {
            return Self.normalPath(String(decoding: href.utf8.dropFirst(origin.utf8.count), as: UTF8.self))
        }
        guard let components = URLComponents(string: href), components.scheme?.lowercased() == scheme,
            components.host?.lowercased() == host, (components.port ?? (scheme == "https" ? 443 : 80)) == port,
            components.user == nil, components.password == nil, components.query == nil, components.fragment == nil
        else { return nil }
        return Self.normalPath(components.percentEncodedPath)
    }

    /// Whether a redirect from this endpoint to `location` may be followed,
    /// and then whether the login may go with it: only to the same origin
    /// (scheme, host and port), never from https to http.
    public func allowsRedirect(to location: String) -> Bool {
        guard let target = try? DAVEndpoint(location) else {
            // A path on the same origin.
            return location.hasPrefix("/") && !location.hasPrefix("//")
        }
        return target.origin == origin
    }
}

extension String {
    /// A one-digit hex number with a "0" before it.
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
