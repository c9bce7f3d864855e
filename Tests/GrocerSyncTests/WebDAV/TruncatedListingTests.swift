import Testing

@testable import GrocerSync

/// A listing the server cut short (a 507 on the request's own href, RFC
/// 6578, 3.6) says so after its hrefs are checked, and a sync-collection
/// goes on from the token it gave.
@Suite struct TruncatedListingTests {
    static let endpoint = try! DAVEndpoint("http://127.0.0.1:5232/alice/groceries/")

    static func page(_ members: [String], deleted: [String] = [], token: String?, truncated: Bool) -> DAVResponse {
        var xml = "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\">"
        for member in members {
            xml += "<d:response><d:href>/alice/groceries/\(member)</d:href><d:propstat><d:prop><d:getetag>\"\(member)\"</d:getetag></d:prop>"
            xml += "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
        }
        for member in deleted {
            xml += "<d:response><d:href>/alice/groceries/\(member)</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>"
        }
        if truncated {
            xml += "<d:response><d:href>/alice/groceries/</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status></d:response>"
        }
        if let token { xml += "<d:sync-token>\(token)</d:sync-token>" }
        return DAVResponse(status: 207, body: Array((xml + "</d:multistatus>").utf8))
    }

    @Test func aCutShortSyncCollectionIsContinuedFromItsToken() async throws {
        let transport = ScriptedTransport([
            Self.page(["a.ics", "b.ics"], token: "t1", truncated: true), Self.page(["c.ics"], deleted: ["a.ics"], token: "t2", truncated: false),
        ])
        let client = DAVClient(collection: Self.endpoint, transport: transport)
        guard case .changed(let status) = try await client.changes(since: nil) else {
            Issue.record("no changes")
            return
        }
        #expect(!status.truncated)
        #expect(status.syncToken == "t2")
        #expect(status.responses.map(\.href) == ["a.ics", "b.ics", "c.ics"].map { Self.endpoint.url + $0 })
        #expect(status.responses.map(\.isDeleted) == [true, false, false])
        #expect(transport.sent.count == 2)
        #expect(String(decoding: transport.sent[1].body, as: UTF8.self).contains("<d:sync-token>t1</d:sync-token>"))
    }

    /// A server that cuts short again with the same token: the answer
    /// stays marked, after one more request.
    @Test func aListingStillCutShortStaysMarked() async throws {
        let transport = ScriptedTransport([
            Self.page(["a.ics"], token: "t1", truncated: true), Self.page(["b.ics"], token: "t1", truncated: true),
        ])
        let client = DAVClient(collection: Self.endpoint, transport: transport)
        guard case .changed(let status) = try await client.changes(since: nil) else {
            Issue.record("no changes")
            return
        }
        #expect(status.truncated)
        #expect(transport.sent.count == 2)
        // No token at all: nothing to go on from.
        let once = ScriptedTransport([Self.page(["a.ics"], token: nil, truncated: true)])
        guard case .changed(let alone) = try await DAVClient(collection: Self.endpoint, transport: once).changes(since: nil) else {
            Issue.record("no changes")
            return
        }
        #expect(alone.truncated && once.sent.count == 1)
    }

    /// calendar-query cannot go on: its answer is marked, the collection's
    /// own 507 response left out.
    @Test func aCutShortCalendarQueryIsMarked() async throws {
        let transport = ScriptedTransport([Self.page(["a.ics"], token: nil, truncated: true), Self.page(["a.ics"], token: nil, truncated: false)])
        let client = DAVClient(collection: Self.endpoint, transport: transport)
        let cut = try await client.listing(.todo)
        #expect(cut.truncated && cut.responses.map(\.href) == [Self.endpoint.url + "a.ics"])
        #expect(try await !client.listing(.todo).truncated)
    }
}
