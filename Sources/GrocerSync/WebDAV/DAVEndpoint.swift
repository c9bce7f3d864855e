import Foundation

/// A CalDAV collection's address, as the person gave it to `grocer sync
/// setup`, checked: https anywhere, plain http only to this machine (a
/// loopback address or "localhost"), no user or password inside it (the
/// password is never part of a URL), no query or fragment. The path always
/// ends in "/" (a collection).
public struct DAVEndpoint: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int
    /// Percent-encoded, from "/" to a final "/".
    public let path: String

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case notAURL
        case unsupportedScheme(String)
        case plainHTTPToAnotherMachine(String)
        case credentialsInURL
        case queryOrFragment

        public var description: String {
            switch self {
            case .notAURL: return "it is not a URL (https://host/path/)"
            case .unsupportedScheme(let scheme): return "\(scheme): is not http or https"
            case .plainHTTPToAnotherMachine(let host):
                return "plain http to \(host) would send the password unencrypted; use https (plain http only to this machine)"
            case .credentialsInURL: return "it holds a user or password; give the user with --user and the password by --password-command"
            case .queryOrFragment: return "a collection's URL has no ? or # part"
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
        let path = components.percentEncodedPath
        self.path = path.isEmpty ? "/" : path.hasSuffix("/") ? path : path + "/"
    }

    /// "localhost", 127.0.0.0/8 or ::1.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// scheme://host[:port], the port only when not the scheme's own.
    public var origin: String {
        let standard = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (standard ? "" : ":\(port)")
    }

    public var url: String { origin + path }
    public var description: String { url }

    /// The collection's member `href` as a server named it, as an absolute
    /// URL; nil when it points anywhere but inside this collection on this
    /// origin (a server's answer is untrusted: grocer never follows it
    /// elsewhere, nor to the collection itself).
    public func member(_ href: String) -> String? {
        var path = href
        if href.hasPrefix(origin + "/") {
            path = String(href.dropFirst(origin.count))
        } else if !href.hasPrefix("/") {
            return nil
        }
        guard path.hasPrefix(self.path), path.count > self.path.count, !path.contains("/../"), !path.hasSuffix("/.."),
            !path.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
        else { return nil }
        return origin + path
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
