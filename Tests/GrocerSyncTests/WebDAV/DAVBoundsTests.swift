import Testing

@testable import GrocerSync

/// What a server sends that grocer keeps and sends back has a bound
/// (`DAVBounds`, issue 36): a longer sync token is dropped (never stored,
/// never sent back), a member with a longer href or ETag is listed but
/// left alone and counted.
@Suite struct DAVBoundsTests {
    static let endpoint = try! DAVEndpoint("http://127.0.0.1:5232/alice/groceries/")
    static let hugeToken = "http://fake/ns/sync/" + String(repeating: "7", count: 10 << 20)

    static func answer(_ members: [(name: String, etag: String)], token: String?) -> DAVResponse {
        var xml = "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\">"
        for member in members {
            xml += "<d:response><d:href>/alice/groceries/\(member.name)</d:href><d:propstat><d:prop>"
            xml += "<d:getetag>\(member.etag)</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
        }
        if let token { xml += "<d:sync-token>\(token)</d:sync-token>" }
        return DAVResponse(status: 207, body: Array((xml + "</d:multistatus>").utf8))
    }

    @Test func aSyncTokenPastTheBoundIsDropped() async throws {
        let transport = ScriptedTransport([Self.answer([("a.ics", "\"1\"")], token: Self.hugeToken)])
        let client = DAVClient(collection: Self.endpoint, transport: transport)
        guard case .changed(let status) = try await client.changes(since: nil) else {
            Issue.record("no changes")
            return
        }
        #expect(status.syncToken == nil)
        #expect(status.responses.map(\.etag) == ["\"1\""])
    }

    @Test func aSyncTokenAtTheBoundIsKept() async throws {
        let token = String(repeating: "t", count: DAVBounds.token)
        let transport = ScriptedTransport([Self.answer([], token: token)])
        guard case .changed(let status) = try await DAVClient(collection: Self.endpoint, transport: transport).changes(since: nil) else {
            Issue.record("no changes")
            return
        }
        #expect(status.syncToken == token)
    }

    /// One kept before the bound (a store from elsewhere) is never sent:
    /// the collection is listed again, with no request.
    @Test func aTokenPastTheBoundIsNeverSentBack() async throws {
        let transport = ScriptedTransport([])
        let client = DAVClient(collection: Self.endpoint, transport: transport)
        #expect(try await client.changes(since: Self.hugeToken) == .listAgain)
        #expect(transport.sent.isEmpty)
    }

    @Test func theCollectionsTokenPastTheBoundIsDropped() async throws {
        let xml = """
            <?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response>\
            <d:href>/alice/groceries/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/></d:resourcetype>\
            <d:sync-token>\(Self.hugeToken)</d:sync-token></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\
            </d:multistatus>
            """
        let transport = ScriptedTransport([DAVResponse(status: 207, body: Array(xml.utf8))])
        let facts = try #require(try await DAVClient(collection: Self.endpoint, transport: transport).facts())
        #expect(facts.isCalendar)
        #expect(facts.syncToken == nil)
    }

    /// Listed (so not taken as deleted), marked left alone, without its
    /// ETag, and counted once however often it is listed.
    @Test func aMemberWithALongETagOrHrefIsLeftAloneAndCounted() async throws {
        let longETag = "\"" + String(repeating: "e", count: DAVBounds.etag) + "\""
        let longName = String(repeating: "n", count: DAVBounds.href) + ".ics"
        let members = [("a.ics", "\"1\""), ("b.ics", longETag), (longName, "\"3\"")]
        let transport = ScriptedTransport([Self.answer(members, token: "t1"), Self.answer(members, token: "t2")])
        let client = DAVClient(collection: Self.endpoint, transport: transport)
        for _ in 0..<2 {
            let status = try await client.listing(.todo)
            #expect(status.responses.map(\.href) == members.map { Self.endpoint.url + $0.0 })
            #expect(status.responses.map(\.etag) == ["\"1\"", nil, nil])
            #expect(status.responses.map(\.isLeftAlone) == [false, true, true])
            #expect(status.responses.map(\.isDeleted) == [false, false, false])
        }
        #expect(client.leftAlone == 2)
    }

    @Test func aWritesETagPastTheBoundIsNotKept() async throws {
        let long = "\"" + String(repeating: "e", count: DAVBounds.etag) + "\""
        let transport = ScriptedTransport([
            DAVResponse(status: 201, headers: ["ETag": long]), DAVResponse(status: 204, headers: ["ETag": "\"2\""]),
        ])
        let client = DAVClient(collection: Self.endpoint, transport: transport)
        #expect(try await client.create("a.ics", Array("x".utf8)).etag == nil)
        #expect(try await client.update(Self.endpoint.url + "a.ics", Array("y".utf8), etag: "\"1\"").etag == "\"2\"")
    }
}
