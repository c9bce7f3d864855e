/// One HTTP request as a transport sends it: the method, an absolute URL,
/// headers and a body. The transport adds the login (and only ever to the
/// endpoint's origin: `DAVEndpoint.allowsRedirect`).
public struct DAVRequest: Equatable, Sendable {
    public var method: String
    public var url: String
    public var headers: [Header]
    public var body: [UInt8]

    public struct Header: Equatable, Sendable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(method: String, url: String, headers: [Header] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A server's answer: its status, its headers (names lower-cased) and its
/// body, which the transport has already bounded (`DAVClient.maximumBody`).
public struct DAVResponse: Equatable, Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }
}

/// What went wrong talking to the server, each with what the person does.
public enum DAVFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No answer: refused, unreachable, a name that does not resolve.
    case unreachable(String)
    case timedOut(seconds: Int)
    /// The server sent too little: no byte for a while, a request that
    /// took too long in all, or the sync's deadline passed
    /// (`DAVTimeLimits`). Never Ctrl-C.
    case tooSlow(host: String, seconds: Int, deadline: Bool)
    /// 401: the user or the password is wrong.
    case loginRefused
    /// 403 (not a sync token's): the login may not do this.
    case forbidden(String)
    /// 404 where something had to be.
    case notFound(String)
    /// 412: someone changed or made it since grocer last looked.
    case changedMeanwhile(String)
    /// The answer was bigger than grocer reads (`DAVClient.maximumBody`).
    case answerTooLarge(limit: Int)
    /// A redirect to another origin, or from https to http.
    case redirectedAway(String)
    /// 5xx.
    case serverError(Int)
    /// Anything else grocer cannot use: an unexpected status, a body that
    /// is not the XML asked for, an href outside the collection.
    case nonsense(String)
    /// Ctrl-C or SIGTERM.
    case stopped

    public var description: String {
        switch self {
        case .unreachable(let why): return "the server did not answer (\(why)); check the URL and that the server runs"
        case .timedOut(let seconds): return "the server did not answer within \(seconds) s; try again later"
        case .tooSlow(let host, let seconds, false): return "the server at \(SyncText.cleaned(host, limit: 200)) sent too little for \(seconds) s"
        case .tooSlow(let host, let seconds, true):
            return "the server at \(SyncText.cleaned(host, limit: 200)) sent too little before the sync's deadline of \(seconds) s (--deadline)"
        case .loginRefused: return "the server refused the login; check --user and what --password-command prints"
        case .forbidden(let what): return "the server does not let this login \(what); check the account's rights on the server"
        case .notFound(let what): return "the server has no \(what); check the URL"
        case .changedMeanwhile(let what): return "\(what) changed on the server meanwhile"
        case .answerTooLarge(let limit): return "the server's answer was larger than \(limit / (1 << 20)) MB; grocer read none of it"
        case .redirectedAway(let location): return "the server sent grocer to \(location), another address; grocer did not follow"
        case .serverError(let status): return "the server failed (HTTP \(status)); try again later"
        case .nonsense(let what): return "the server answered something grocer cannot use (\(what))"
        case .stopped: return "stopped"
        }
    }
}

/// Sends requests; the live one speaks HTTP (GrocerSyncLive), a fake one
/// answers from a table in tests.
public protocol DAVTransport: Sendable {
    func send(_ request: DAVRequest) async throws(DAVFailure) -> DAVResponse
}

/// What a collection says of itself (PROPFIND, depth 0).
public struct CollectionFacts: Equatable, Sendable {
    public var isCalendar: Bool
    /// VTODO, VJOURNAL, ... as the server lists them; empty when it did not
    /// say (any).
    public var components: [String]
    public var syncToken: String?
    public var displayName: String?
}

/// The members that changed since a sync token (sync-collection, RFC 6578).
public enum CollectionChanges: Equatable, Sendable {
    case changed(Multistatus)
    /// The server would not answer from that token (an invalid token, or
    /// any failure of a tokened request: Xandikos 0.2.8 answers 500): list
    /// the collection and compare ETags instead.
    case listAgain
}

/// A member's new state after a write: its ETag, when the server said.
public struct WriteResult: Equatable, Sendable {
    public var etag: String?
}

/// The CalDAV requests sync needs, on a collection, over a transport:
/// every write conditional (If-None-Match: * to create, If-Match to change
/// or delete), every answer checked and bounded.
public struct DAVClient: Sendable {
    public let collection: DAVEndpoint
    let transport: any DAVTransport
    let tally = DAVTally()

    /// Members this client's answers listed and left alone for the length
    /// of their href or ETag (`DAVBounds`), each counted once.
    public var leftAlone: Int { tally.count }

    /// The most a transport reads of one answer (32 MiB: a 1,000-item
    /// list's multiget is under 1 MiB).
    public static let maximumBody = 32 << 20
    /// Members asked for in one calendar-multiget.
    public static let multigetBatch = 200

    public init(collection: DAVEndpoint, transport: any DAVTransport) {
        self.collection = collection
        self.transport = transport
    }

    public enum Component: String, Sendable {
        case todo = "VTODO"
        case journal = "VJOURNAL"
    }

    // MARK: The collection

    /// Its facts; nil when there is none at the URL (404, or a 207 that
    /// says 404).
    public func facts() async throws(DAVFailure) -> CollectionFacts? {
        let body = Self.xml(
            """
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop>\
            <d:resourcetype/><d:displayname/><d:sync-token/><c:supported-calendar-component-set/>\
            </d:prop></d:propfind>
            """)
        let response = try await send("PROPFIND", collection.url, depth: "0", body: body)
        if response.status == 404 { return nil }
        try Self.expect(response, 207, "the collection")
        guard let root = try? XMLReader.read(response.body), root.is(DAVNamespace.dav, "multistatus") else {
            throw .nonsense("PROPFIND's answer is not a multistatus")
        }
        let responses = root.children(DAVNamespace.dav, "response")
        // Xandikos 0.2.8 answers a missing collection with a 207 whose one
        // response says 404.
        if !responses.isEmpty,
            responses.allSatisfy({ $0.child(DAVNamespace.dav, "status").map { Multistatus.status($0.text) == 404 } ?? false })
        {
            return nil
        }
        let props = responses.flatMap { $0.children(DAVNamespace.dav, "propstat") }
            .filter { $0.child(DAVNamespace.dav, "status").map { Multistatus.status($0.text) == 200 } ?? false }
            .flatMap { $0.children(DAVNamespace.dav, "prop").flatMap(\.children) }
        let type = props.first { $0.is(DAVNamespace.dav, "resourcetype") }
        let set = props.first { $0.is(DAVNamespace.caldav, "supported-calendar-component-set") }
        return CollectionFacts(
            isCalendar: type?.child(DAVNamespace.caldav, "calendar") != nil,
            components: set?.children(DAVNamespace.caldav, "comp").compactMap { $0.attributes["name"] } ?? [],
            syncToken: props.first { $0.is(DAVNamespace.dav, "sync-token") }.map { Self.trimmed($0.text) }.flatMap(Self.keptToken),
            displayName: props.first { $0.is(DAVNamespace.dav, "displayname") }.map { SyncText.cleaned($0.text, limit: 200) })
    }

    /// MKCALENDAR for one kind of component: one collection per kind, as
    /// servers that enforce the set need. (Xandikos 0.2.8 does not take
    /// the set at creation: its collection then takes every kind.)
    public func makeCollection(_ component: Component, displayName: String) async throws(DAVFailure) {
        let body = Self.xml(
            """
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
            <d:displayname>\(Self.escaped(displayName))</d:displayname>\
            <c:supported-calendar-component-set><c:comp name="\(component.rawValue)"/></c:supported-calendar-component-set>\
            </d:prop></d:set></c:mkcalendar>
            """)
        let response = try await send("MKCALENDAR", collection.url, body: body)
        try Self.expect(response, 201, "collection to make")
    }

    // MARK: Reading members

    /// The members changed or deleted since `token` (nil: all of them),
    /// with their ETags; bodies come by `fetch`. An answer the server cut
    /// short (`Multistatus.truncated`) is continued from the token it
    /// gave, at most `maximumPages` requests in all, each page's answer
    /// for a member replacing an earlier one; what is still cut short
    /// then (no new token, the same token, a token refused, the bound)
    /// comes back marked truncated.
    public func changes(since token: String?) async throws(DAVFailure) -> CollectionChanges {
        guard case .changed(var all) = try await page(since: token) else { return .listAgain }
        var pages = 1
        var asked = token
        while all.truncated, pages < Self.maximumPages, let next = all.syncToken, !next.isEmpty, next != asked {
            pages += 1
            asked = next
            guard case .changed(let more) = try await page(since: next) else { break }
            for response in more.responses {
                if let index = all.responses.firstIndex(where: { $0.href == response.href }) {
                    all.responses[index] = response
                } else {
                    all.responses.append(response)
                }
            }
            (all.syncToken, all.truncated) = (more.syncToken, more.truncated)
        }
        return .changed(all)
    }

    /// Requests a listing cut short is continued by, at most.
    public static let maximumPages = 50

    private func page(since token: String?) async throws(DAVFailure) -> CollectionChanges {
        // A token longer than grocer keeps (from a store written before
        // the bound) is never sent: the collection is listed again.
        if let token, Self.keptToken(token) == nil { return .listAgain }
        let body = Self.xml(
            """
            <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(Self.escaped(token ?? ""))</d:sync-token>\
            <d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
            """)
        let response = try await send("REPORT", collection.url, body: body)
        if token != nil, response.status >= 400, response.status != 401 { return .listAgain }
        try Self.expect(response, 207, "collection")
        var status = try checked(Self.multistatus(response))
        status.syncToken = status.syncToken.flatMap(Self.keptToken)
        return .changed(status)
    }

    /// A token as grocer keeps it: nil when empty or past `DAVBounds.token`.
    static func keptToken(_ token: String) -> String? {
        token.isEmpty || token.utf8.count > DAVBounds.token ? nil : token
    }

    /// Every member of `component` with its ETag (calendar-query): for a
    /// server without sync tokens, or one that refused the token. Marked
    /// truncated when the server cut it short: there is no going on.
    public func listing(_ component: Component) async throws(DAVFailure) -> Multistatus {
        let body = Self.xml(
            """
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>\
            <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="\(component.rawValue)"/></c:comp-filter></c:filter>\
            </c:calendar-query>
            """)
        let response = try await send("REPORT", collection.url, depth: "1", body: body)
        try Self.expect(response, 207, "collection")
        return try checked(Self.multistatus(response))
    }

    /// The bodies and ETags of `hrefs` (absolute URLs inside the
    /// collection), by calendar-multiget in batches.
    public func fetch(_ hrefs: [String]) async throws(DAVFailure) -> [Multistatus.Response] {
        var all: [Multistatus.Response] = []
        var start = 0
        while start < hrefs.count {
            let batch = hrefs[start..<min(hrefs.count, start + Self.multigetBatch)]
            start += batch.count
            let list = batch.map { "<d:href>\(Self.escaped(Self.path(of: $0)))</d:href>" }.joined()
            let body = Self.xml(
                """
                <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
                <d:prop><d:getetag/><c:calendar-data/></d:prop>\(list)</c:calendar-multiget>
                """)
            let response = try await send("REPORT", collection.url, depth: "1", body: body)
            try Self.expect(response, 207, "collection")
            all += try checked(Self.multistatus(response)).responses
        }
        return all
    }

    // MARK: Writing members

    /// A new member named `name` (a UID and ".ics"): If-None-Match: *, so
    /// it never replaces one someone else made under that name.
    public func create(_ name: String, _ body: [UInt8]) async throws(DAVFailure) -> WriteResult {
        guard let url = collection.member(collection.path + name) else { throw .nonsense("a member named \(name)") }
        let response = try await send("PUT", url, headers: [.init("If-None-Match", "*")], body: body, contentType: Self.calendarType)
        if response.status == 412 { throw .changedMeanwhile("an item of that name was made") }
        try Self.expect(response, [201, 204], "collection")
        return WriteResult(etag: Self.keptETag(response.headers["etag"]))
    }

    /// Replaces the member at `url` only if it is still `etag`.
    public func update(_ url: String, _ body: [UInt8], etag: String) async throws(DAVFailure) -> WriteResult {
        let response = try await send("PUT", url, headers: [.init("If-Match", etag)], body: body, contentType: Self.calendarType)
        if response.status == 412 { throw .changedMeanwhile("the item") }
        try Self.expect(response, [200, 201, 204], "item")
        return WriteResult(etag: Self.keptETag(response.headers["etag"]))
    }

    /// Deletes the member at `url` only if it is still `etag`; one already
    /// gone counts as deleted.
    public func delete(_ url: String, etag: String) async throws(DAVFailure) {
        let response = try await send("DELETE", url, headers: [.init("If-Match", etag)])
        if response.status == 404 { return }
        if response.status == 412 { throw .changedMeanwhile("the item") }
        try Self.expect(response, [200, 204], "item")
    }

    // MARK: Helpers

    static let calendarType = "text/calendar; charset=utf-8"

    private func send(
        _ method: String, _ url: String, depth: String? = nil, headers: [DAVRequest.Header] = [], body: [UInt8] = [],
        contentType: String = "application/xml; charset=utf-8"
    ) async throws(DAVFailure) -> DAVResponse {
        var all = headers
        if let depth { all.append(.init("Depth", depth)) }
        if !body.isEmpty { all.append(.init("Content-Type", contentType)) }
        let response = try await transport.send(DAVRequest(method: method, url: url, headers: all, body: body))
        if response.status == 401 { throw .loginRefused }
        return response
    }

    /// The status wanted, or the failure it means.
    static func expect(_ response: DAVResponse, _ wanted: Set<Int>, _ what: String) throws(DAVFailure) {
        if wanted.contains(response.status) { return }
        switch response.status {
        case 401: throw .loginRefused
        case 403: throw .forbidden("change this \(what)")
        case 404: throw .notFound(what)
        case 412: throw .changedMeanwhile(what)
        case 500...599: throw .serverError(response.status)
        default: throw .nonsense("HTTP \(response.status)")
        }
    }

    static func expect(_ response: DAVResponse, _ wanted: Int, _ what: String) throws(DAVFailure) {
        try expect(response, [wanted], what)
    }

    static func multistatus(_ response: DAVResponse) throws(DAVFailure) -> Multistatus {
        do { return try Multistatus.read(response.body) } catch { throw .nonsense(error.description) }
    }

    /// A write's ETag as grocer keeps it: none past `DAVBounds.etag` (the
    /// next listing gives it again).
    static func keptETag(_ etag: String?) -> String? {
        guard let etag, etag.utf8.count <= DAVBounds.etag else { return nil }
        return etag
    }

    /// Every href made absolute, in its normal form, and held to the
    /// collection (`DAVEndpoint.member`: after decoding, a direct member
    /// on this origin): an answer naming anything else is refused whole.
    /// The collection itself may appear in a listing (and a truncated
    /// one's 507 names it): left out, `truncated` kept. A member whose
    /// href or ETag is longer than grocer keeps (`DAVBounds`) stays listed
    /// but marked left alone, with no ETag, its data or status dropped,
    /// and counted.
    func checked(_ status: Multistatus) throws(DAVFailure) -> Multistatus {
        var kept: [Multistatus.Response] = []
        for var response in status.responses {
            if collection.isCollection(response.href) { continue }
            guard let url = collection.member(response.href) else { throw .nonsense("a member outside the collection") }
            response.href = url
            if url.utf8.count > DAVBounds.href || (response.etag?.utf8.count ?? 0) > DAVBounds.etag {
                tally.add(url)
                response = Multistatus.Response(href: url, status: Multistatus.Response.leftAlone)
            }
            kept.append(response)
        }
        return Multistatus(responses: kept, syncToken: status.syncToken, truncated: status.truncated)
    }

    static func path(of url: String) -> String {
        guard let scheme = url.range(of: "://"), let slash = url[scheme.upperBound...].firstIndex(of: "/") else { return url }
        return String(url[slash...])
    }

    static func xml(_ body: String) -> [UInt8] { Array(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + body).utf8) }

    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
