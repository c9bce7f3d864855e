/// The namespaces a CalDAV answer is read by.
public enum DAVNamespace {
    public static let dav = "DAV:"
    public static let caldav = "urn:ietf:params:xml:ns:caldav"
}

/// A 207 Multi-Status answer (RFC 4918, 13), as a PROPFIND, a
/// calendar-query, a calendar-multiget or a sync-collection REPORT
/// (RFC 6578) gives it: each member's href with its ETag and calendar
/// data, or its status (404: deleted since the token), and the new
/// sync-token.
public struct Multistatus: Equatable, Sendable {
    public struct Response: Equatable, Sendable {
        /// As the server wrote it (percent-encoded, maybe absolute).
        public var href: String
        /// The response's own status (a sync-collection's 404 for a member
        /// deleted, 507 when the server cut the list), nil when it has none.
        public var status: Int?
        /// From a propstat with status 200 only.
        public var etag: String?
        public var calendarData: String?
        /// The statuses of the propstats that were not 200 (a property the
        /// server does not have: 404), by property local name.
        public var missing: [String: Int]

        public init(href: String, status: Int? = nil, etag: String? = nil, calendarData: String? = nil, missing: [String: Int] = [:]) {
            self.href = href
            self.status = status
            self.etag = etag
            self.calendarData = calendarData
            self.missing = missing
        }

        /// Gone: a sync-collection lists a deleted member with 404.
        public var isDeleted: Bool { status == 404 }

        /// grocer's own mark (`DAVBounds`), never a status it reads from a
        /// server (`status(_:)` reads three digits): a member whose href or ETag is
        /// longer than grocer keeps. Listed, so it is not taken as gone;
        /// never fetched, stored, written or deleted.
        public static let leftAlone = 1000
        public var isLeftAlone: Bool { status == Self.leftAlone }
    }

    public var responses: [Response]
    /// The sync-collection's new token, nil in other answers.
    public var syncToken: String?

    /// The server listed only part of what was asked (507 on the
    /// request's own href, RFC 6578, 3.6; a 507 anywhere is taken so):
    /// what it left out is unknown, not gone. A sync-collection goes on
    /// from `syncToken`. Read with the answer and kept when the request's
    /// own response is left out (`DAVClient.checked`).
    public var truncated: Bool

    public init(responses: [Response], syncToken: String? = nil, truncated: Bool? = nil) {
        self.responses = responses
        self.syncToken = syncToken
        self.truncated = truncated ?? responses.contains { $0.status == 507 }
    }

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case xml(XMLReader.Problem)
        case notMultistatus
        case responseWithoutHref

        public var description: String {
            switch self {
            case .xml(let problem): return problem.description
            case .notMultistatus: return "an answer that is not a DAV:multistatus"
            case .responseWithoutHref: return "a DAV:response with no DAV:href"
            }
        }
    }

    /// Reads a 207 body. Unknown elements and properties are let go.
    public static func read(_ body: some Collection<UInt8>, limits: XMLReader.Limits = .standard) throws(Problem) -> Multistatus {
        let root: XMLElement
        do { root = try XMLReader.read(body, limits: limits) } catch { throw .xml(error) }
        guard root.is(DAVNamespace.dav, "multistatus") else { throw .notMultistatus }
        var responses: [Response] = []
        for element in root.children(DAVNamespace.dav, "response") {
            guard let href = element.child(DAVNamespace.dav, "href")?.text.trimmed, !href.isEmpty else { throw .responseWithoutHref }
            var response = Response(href: href, status: element.child(DAVNamespace.dav, "status").flatMap { status($0.text) })
            for propstat in element.children(DAVNamespace.dav, "propstat") {
                let code = propstat.child(DAVNamespace.dav, "status").flatMap { status($0.text) }
                let properties = propstat.children(DAVNamespace.dav, "prop").flatMap(\.children)
                guard code == 200 else {
                    for property in properties { response.missing[property.name] = code ?? 0 }
                    continue
                }
                for property in properties {
                    if property.is(DAVNamespace.dav, "getetag") { response.etag = property.text.trimmed }
                    if property.is(DAVNamespace.caldav, "calendar-data") { response.calendarData = property.text }
                }
            }
            responses.append(response)
        }
        return Multistatus(responses: responses, syncToken: root.child(DAVNamespace.dav, "sync-token")?.text.trimmed)
    }

    /// "HTTP/1.1 404 Not Found" -> 404; nil when it is not a status line.
    static func status(_ line: String) -> Int? {
        let parts = line.trimmed.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3, let code = Int(parts[1]), code >= 100 else { return nil }
        return code
    }
}

/// A WebDAV error body (RFC 4918, 16): `<D:error>` with the conditions
/// that failed, as a 403 or 409 to a sync-collection with a token the
/// server no longer knows gives (`DAV:valid-sync-token`, RFC 6578, 3.2).
/// Radicale 3.1.8 says so (403); Xandikos 0.2.8 answers 500 in plain text,
/// so a sync from a token that fails in any way falls back to a full
/// listing, whatever this reads.
public struct DAVErrorBody: Equatable, Sendable {
    /// Each condition as (namespace, local name).
    public var conditions: [XMLName]

    public struct XMLName: Equatable, Hashable, Sendable {
        public var namespace: String
        public var name: String
    }

    /// The token is no longer valid: list the collection and compare ETags.
    public var invalidSyncToken: Bool { conditions.contains(XMLName(namespace: DAVNamespace.dav, name: "valid-sync-token")) }

    /// Nil when the body is not a DAV:error (an HTML page, nothing).
    public static func read(_ body: some Collection<UInt8>, limits: XMLReader.Limits = .standard) -> DAVErrorBody? {
        guard let root = try? XMLReader.read(body, limits: limits), root.is(DAVNamespace.dav, "error") else { return nil }
        return DAVErrorBody(conditions: root.children.map { XMLName(namespace: $0.namespace, name: $0.name) })
    }
}

extension String {
    fileprivate var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
