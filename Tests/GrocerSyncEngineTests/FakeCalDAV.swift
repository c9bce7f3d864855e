import Foundation
import GrocerSync
import Synchronization

/// A CalDAV collection in memory, answering DAVClient's requests as real
/// servers do, with real multistatus XML: members by path with ETags,
/// sync tokens that count changes (sync-collection lists what changed
/// since, deletions as 404), calendar-query, calendar-multiget, PUT with
/// If-Match / If-None-Match (412 when they fail), DELETE with If-Match.
/// Switches: forget tokens (any token is then invalid: 403
/// `DAV:valid-sync-token`, as Radicale answers), rewrite bodies (properties
/// sorted and lines unfolded, as Radicale and Xandikos rewrite what they
/// are given; no ETag is then returned for the PUT), be down, refuse the
/// login. It counts
/// requests and writes, and can cancel the task that sends the n-th
/// request (a Ctrl-C at that moment).
final class FakeCalDAV: DAVTransport {
    struct Object {
        var etag: String
        var bytes: [UInt8]
    }

    struct State {
        var objects: [String: Object] = [:]
        /// (version, path) of every write, in order.
        var log: [(Int, String)] = []
        var version = 0
        var etags = 0
        var forgetTokens = false
        var rewriteBodies = false
        var down = false
        /// Every request answered 401.
        var refuseLogin = false
        var requests: [DAVRequest] = []
        /// 412 answers given.
        var preconditionsFailed = 0
        /// PUTs and DELETEs that changed something.
        var writes = 0
        /// A phone's write that lands just before the next PUT is looked
        /// at (the server changed meanwhile: a 412).
        var phoneWriteBeforeNextPut: (path: String, text: String)?
        /// The request (counted from 1) during which the sending task is
        /// cancelled.
        var cancelAtRequest: Int?
        /// The request (counted from 1) the server carries out and whose
        /// answer never arrives: a kill -9 or a lost connection right
        /// after the server acted.
        var loseAnswerAtRequest: Int?
        /// sync-collection and calendar-query list at most this many
        /// members, with a 507 for the collection (RFC 6578, 3.6), as any
        /// server may; a cut-short sync-collection gives back the token it
        /// was asked from (or one from the start), so going on never ends.
        var cutSyncCollectionAt: Int?
        var cutCalendarQueryAt: Int?
        /// calendar-multiget answers leave these paths out, or answer
        /// them with a 507.
        var multigetLeavesOut: Set<String> = []
        var multiget507: Set<String> = []
    }

    let state = Mutex(State())
    let endpoint: DAVEndpoint

    init(path: String = "/alice/groceries/") {
        endpoint = try! DAVEndpoint("http://127.0.0.1:5232" + path)
    }

    var client: DAVClient { DAVClient(collection: endpoint, transport: self) }

    // MARK: What the tests look at and what a phone does

    var requests: [DAVRequest] { state.withLock { $0.requests } }
    var writes: Int { state.withLock { $0.writes } }

    func resetCounts() { state.withLock { ($0.requests, $0.writes) = ([], 0) } }

    func set(_ change: (inout State) -> Void) { state.withLock { change(&$0) } }

    /// Every member's calendar object, by path.
    var objects: [String: String] { state.withLock { $0.objects.mapValues { String(decoding: $0.bytes, as: UTF8.self) } } }

    /// A phone creates or replaces a member (no condition, as Tasks.org
    /// does).
    func phonePut(_ name: String, _ text: String) {
        state.withLock { _ = Self.store(endpoint.path + name, text, in: &$0) }
    }

    /// A phone edits a member's text.
    func phoneEdit(_ path: String, _ change: (String) -> String) {
        state.withLock { state in
            guard let old = state.objects[path] else { return }
            Self.store(path, change(String(decoding: old.bytes, as: UTF8.self)), in: &state)
        }
    }

    func phoneDelete(_ path: String) {
        state.withLock { state in
            state.objects[path] = nil
            state.version += 1
            state.log.append((state.version, path))
        }
    }

    // MARK: DAVTransport

    func send(_ request: DAVRequest) async throws(DAVFailure) -> DAVResponse {
        // A real transport suspends: two syncs at once interleave.
        await Task.yield()
        let (response, cancel) = state.withLock { state -> (DAVResponse?, Bool) in
            state.requests.append(request)
            let cancel = state.cancelAtRequest == state.requests.count
            if state.down { return (nil, cancel) }
            if state.refuseLogin { return (DAVResponse(status: 401), cancel) }
            let response = answer(request, &state)
            return (state.loseAnswerAtRequest == state.requests.count ? nil : response, cancel)
        }
        if cancel { withUnsafeCurrentTask { $0?.cancel() } }
        guard let response else { throw .unreachable("connection refused") }
        return response
    }

    private func answer(_ request: DAVRequest, _ state: inout State) -> DAVResponse {
        let path = request.url.hasPrefix(endpoint.origin) ? String(request.url.dropFirst(endpoint.origin.count)) : request.url
        let body = String(decoding: request.body, as: UTF8.self)
        switch request.method {
        case "REPORT" where body.contains("sync-collection"):
            let token = Self.between(body, "<d:sync-token>", "</d:sync-token>").first ?? ""
            var paths = Set(state.objects.keys)
            if !token.isEmpty {
                guard !state.forgetTokens, token.hasPrefix("http://fake/sync/"), let since = Int(token.dropFirst(17)), since <= state.version
                else {
                    return DAVResponse(
                        status: 403, body: Array("<?xml version=\"1.0\"?><D:error xmlns:D=\"DAV:\"><D:valid-sync-token/></D:error>".utf8))
                }
                paths = Set(state.log.filter { $0.0 > since }.map(\.1))
            }
            if let cut = state.cutSyncCollectionAt, paths.count > cut {
                let next = token.isEmpty ? "http://fake/sync/0" : token
                return multistatus(Array(paths.sorted().prefix(cut)), data: false, token: next, state, truncated: true)
            }
            return multistatus(paths.sorted(), data: false, token: "http://fake/sync/\(state.version)", state)
        case "REPORT" where body.contains("calendar-query"):
            if let cut = state.cutCalendarQueryAt, state.objects.count > cut {
                return multistatus(Array(state.objects.keys.sorted().prefix(cut)), data: false, token: nil, state, truncated: true)
            }
            return multistatus([endpoint.path] + state.objects.keys.sorted(), data: false, token: nil, state)
        case "REPORT" where body.contains("calendar-multiget"):
            let asked = Self.between(body, "<d:href>", "</d:href>").filter { !state.multigetLeavesOut.contains($0) }
            return multistatus(asked, data: true, token: nil, state, failed: state.multiget507)
        case "PUT":
            if let write = state.phoneWriteBeforeNextPut {
                state.phoneWriteBeforeNextPut = nil
                Self.store(write.path, write.text, in: &state)
            }
            let old = state.objects[path]
            if (request.header("If-None-Match") == "*" && old != nil) || request.header("If-Match").map({ old?.etag != $0 }) == true {
                state.preconditionsFailed += 1
                return DAVResponse(status: 412)
            }
            var text = String(decoding: request.body, as: UTF8.self)
            if state.rewriteBodies { text = Self.rewritten(text) }
            let etag = Self.store(path, text, in: &state)
            state.writes += 1
            return DAVResponse(status: old == nil ? 201 : 204, headers: state.rewriteBodies ? [:] : ["ETag": etag])
        case "DELETE":
            guard let old = state.objects[path] else { return DAVResponse(status: 404) }
            if let match = request.header("If-Match"), old.etag != match {
                state.preconditionsFailed += 1
                return DAVResponse(status: 412)
            }
            state.objects[path] = nil
            state.version += 1
            state.log.append((state.version, path))
            state.writes += 1
            return DAVResponse(status: 204)
        default:
            return DAVResponse(status: 405)
        }
    }

    @discardableResult private static func store(_ path: String, _ text: String, in state: inout State) -> String {
        state.etags += 1
        let etag = "\"e\(state.etags)\""
        state.objects[path] = Object(etag: etag, bytes: Array(text.utf8))
        state.version += 1
        state.log.append((state.version, path))
        return etag
    }

    private func multistatus(
        _ paths: [String], data: Bool, token: String?, _ state: State, truncated: Bool = false, failed: Set<String> = []
    ) -> DAVResponse {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:multistatus xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\">"
        for path in paths {
            xml += "<D:response><D:href>\(path)</D:href>"
            if failed.contains(path) {
                xml += "<D:status>HTTP/1.1 507 Insufficient Storage</D:status>"
            } else if path == endpoint.path {
                xml += "<D:propstat><D:prop><D:resourcetype/></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>"
            } else if let object = state.objects[path] {
                xml += "<D:propstat><D:prop><D:getetag>\(object.etag)</D:getetag>"
                if data { xml += "<C:calendar-data>\(Self.escaped(String(decoding: object.bytes, as: UTF8.self)))</C:calendar-data>" }
                xml += "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>"
            } else {
                xml += "<D:status>HTTP/1.1 404 Not Found</D:status>"
            }
            xml += "</D:response>"
        }
        if truncated {
            xml += "<D:response><D:href>\(endpoint.path)</D:href><D:status>HTTP/1.1 507 Insufficient Storage</D:status></D:response>"
        }
        if let token { xml += "<D:sync-token>\(token)</D:sync-token>" }
        xml += "</D:multistatus>"
        return DAVResponse(status: 207, body: Array(xml.utf8))
    }

    private static func between(_ text: String, _ open: String, _ close: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close) {
            found.append(String(rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return found
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// What Radicale does to an object it is given, roughly: lines
    /// unfolded, and each component's properties sorted by name, its
    /// subcomponents after them.
    static func rewritten(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
            .components(separatedBy: "\r\n").filter { !$0.isEmpty }
        var index = 0
        func component() -> [String] {
            let begin = lines[index]
            index += 1
            var properties: [String] = []
            var children: [String] = []
            while index < lines.count {
                let line = lines[index]
                if line.hasPrefix("END:") {
                    index += 1
                    return [begin] + properties.sorted() + children + [line]
                }
                if line.hasPrefix("BEGIN:") {
                    children += component()
                } else {
                    properties.append(line)
                    index += 1
                }
            }
            return [begin] + properties.sorted() + children
        }
        guard !lines.isEmpty else { return text }
        return component().map { $0 + "\r\n" }.joined()
    }
}
