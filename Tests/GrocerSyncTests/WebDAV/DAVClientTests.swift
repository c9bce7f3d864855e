import Foundation
import Synchronization
import Testing

@testable import GrocerSync

/// A transport that answers from a script and keeps what it was sent.
final class ScriptedTransport: DAVTransport {
    private let state: Mutex<(answers: [DAVResponse], sent: [DAVRequest])>

    init(_ answers: [DAVResponse]) { state = Mutex((answers, [])) }

    var sent: [DAVRequest] { state.withLock { $0.sent } }

    func send(_ request: DAVRequest) async throws(DAVFailure) -> DAVResponse {
        let answer: DAVResponse? = state.withLock { state in
            state.sent.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        guard let answer else { throw .unreachable("no more answers in the script") }
        return answer
    }
}

@Suite struct DAVEndpointTests {
    @Test func httpsAnywhereAndPlainHTTPOnlyToThisMachine() throws {
        #expect(try DAVEndpoint("https://dav.example.org/alice/groceries").url == "https://dav.example.org/alice/groceries/")
        #expect(try DAVEndpoint("http://127.0.0.1:5232/alice/groceries/").origin == "http://127.0.0.1:5232")
        #expect(try DAVEndpoint("http://localhost/a/").url == "http://localhost/a/")
        #expect(try DAVEndpoint("http://[::1]:8000/a/").origin == "http://[::1]:8000")
        #expect(throws: DAVEndpoint.Problem.plainHTTPToAnotherMachine("dav.example.org")) { try DAVEndpoint("http://dav.example.org/a/") }
        #expect(throws: DAVEndpoint.Problem.plainHTTPToAnotherMachine("127.0.0.1.example.org")) {
            try DAVEndpoint("http://127.0.0.1.example.org/a/")
        }
        #expect(throws: DAVEndpoint.Problem.credentialsInURL) { try DAVEndpoint("https://alice:secret@dav.example.org/a/") }
        #expect(throws: DAVEndpoint.Problem.unsupportedScheme("ftp")) { try DAVEndpoint("ftp://dav.example.org/a/") }
        #expect(throws: DAVEndpoint.Problem.queryOrFragment) { try DAVEndpoint("https://dav.example.org/a/?x=1") }
        #expect(throws: DAVEndpoint.Problem.notAURL) { try DAVEndpoint("groceries") }
    }

    /// A server's hrefs are untrusted: only members of this collection, on
    /// this origin, are taken.
    @Test func onlyMembersOfTheCollectionAreTaken() throws {
        let endpoint = try DAVEndpoint("https://dav.example.org/alice/groceries/")
        #expect(endpoint.member("/alice/groceries/a1.ics") == "https://dav.example.org/alice/groceries/a1.ics")
        #expect(endpoint.member("https://dav.example.org/alice/groceries/a1.ics") == "https://dav.example.org/alice/groceries/a1.ics")
        for hostile in [
            "/alice/weights/w1.ics", "https://evil.example/alice/groceries/a1.ics", "/alice/groceries/", "/alice/groceries/../weights/w",
            "alice/groceries/a1.ics", "/alice/groceries/a 1.ics", "/alice/groceries/a\u{1B}[2J.ics",
        ] {
            #expect(endpoint.member(hostile) == nil, "\(hostile)")
        }
    }

    /// A redirect never carries the login to another host, nor down to
    /// plain http.
    @Test func redirectsStayOnTheSameOrigin() throws {
        let endpoint = try DAVEndpoint("https://dav.example.org/alice/groceries/")
        #expect(endpoint.allowsRedirect(to: "https://dav.example.org/remote.php/dav/calendars/alice/groceries/"))
        #expect(endpoint.allowsRedirect(to: "/remote.php/dav/"))
        #expect(!endpoint.allowsRedirect(to: "https://evil.example/alice/groceries/"))
        #expect(!endpoint.allowsRedirect(to: "http://dav.example.org/alice/groceries/"))
        #expect(!endpoint.allowsRedirect(to: "https://dav.example.org:8443/alice/groceries/"))
        #expect(!endpoint.allowsRedirect(to: "//evil.example/x"))
    }
}

@Suite struct DAVClientTests {
    static let endpoint = try! DAVEndpoint("http://127.0.0.1:5232/alice/groceries/")

    func client(_ answers: [DAVResponse]) -> (DAVClient, ScriptedTransport) {
        let transport = ScriptedTransport(answers)
        return (DAVClient(collection: Self.endpoint, transport: transport), transport)
    }

    static func answer(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> DAVResponse {
        DAVResponse(status: status, headers: headers, body: Array(body.utf8))
    }

    /// Radicale 3.1.8's own answer to the PROPFIND grocer sends.
    static let radicaleFacts = """
        <?xml version='1.0' encoding='utf-8'?>
        <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/alice/groceries/</href><propstat><prop>\
        <resourcetype><C:calendar /><collection /></resourcetype><displayname>Groceries</displayname>\
        <sync-token>http://radicale.org/ns/sync/e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855</sync-token>\
        <C:supported-calendar-component-set><C:comp name="VTODO" /></C:supported-calendar-component-set></prop>\
        <status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
        """

    @Test func factsReadTheCollectionsKindComponentsAndToken() async throws {
        let (client, transport) = client([Self.answer(207, Self.radicaleFacts)])
        let facts = try #require(try await client.facts())
        #expect(facts.isCalendar)
        #expect(facts.components == ["VTODO"])
        #expect(facts.syncToken == "http://radicale.org/ns/sync/e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(facts.displayName == "Groceries")
        let request = try #require(transport.sent.first)
        #expect(request.method == "PROPFIND")
        #expect(request.url == "http://127.0.0.1:5232/alice/groceries/")
        #expect(request.header("Depth") == "0")
    }

    /// Xandikos 0.2.8's answer for a collection that is not there.
    static let xandikosMissing = """
        <ns0:multistatus xmlns:ns0="DAV:"><ns0:response><ns0:href>http%3A//127.0.0.1%3A8765/user/calendars/groceries/</ns0:href>\
        <ns0:status>HTTP/1.1 404 Not Found</ns0:status></ns0:response></ns0:multistatus>
        """

    @Test func aMissingCollectionIsNilAndMakingOneNamesItsComponent() async throws {
        let (client, transport) = client([Self.answer(404), Self.answer(207, Self.xandikosMissing), Self.answer(201)])
        #expect(try await client.facts() == nil)
        #expect(try await client.facts() == nil)
        try await client.makeCollection(.journal, displayName: "Weights & more")
        let make = transport.sent[2]
        #expect(make.method == "MKCALENDAR")
        let body = String(decoding: make.body, as: UTF8.self)
        #expect(body.contains(#"<c:comp name="VJOURNAL"/>"#))
        #expect(body.contains("<d:displayname>Weights &amp; more</d:displayname>"))
    }

    /// Every write is conditional: a new item only if none has the name, a
    /// change or delete only if the item is still what grocer last saw.
    @Test func writesAreConditional() async throws {
        let (client, transport) = client([
            Self.answer(201, headers: ["ETag": "\"e1\""]), Self.answer(204, headers: ["ETag": "\"e2\""]), Self.answer(204),
            Self.answer(412), Self.answer(412), Self.answer(404),
        ])
        let ics = Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)
        #expect(try await client.create("a1.ics", ics).etag == "\"e1\"")
        let url = "http://127.0.0.1:5232/alice/groceries/a1.ics"
        #expect(try await client.update(url, ics, etag: "\"e1\"").etag == "\"e2\"")
        try await client.delete(url, etag: "\"e2\"")
        await #expect(throws: DAVFailure.changedMeanwhile("an item of that name was made")) { try await client.create("a1.ics", ics) }
        await #expect(throws: DAVFailure.changedMeanwhile("the item")) { try await client.update(url, ics, etag: "\"e1\"") }
        try await client.delete(url, etag: "\"e2\"")  // already gone: deleted
        let sent = transport.sent
        #expect(sent[0].method == "PUT" && sent[0].header("If-None-Match") == "*" && sent[0].header("If-Match") == nil)
        #expect(sent[0].url == url)
        #expect(sent[0].header("Content-Type") == "text/calendar; charset=utf-8")
        #expect(sent[1].header("If-Match") == "\"e1\"" && sent[1].header("If-None-Match") == nil)
        #expect(sent[2].method == "DELETE" && sent[2].header("If-Match") == "\"e2\"")
    }

    /// A token the server will not answer from, in any way (Radicale: 403
    /// with DAV:valid-sync-token; Xandikos 0.2.8: 500), means list again;
    /// without a token a failure is a failure.
    @Test func aRefusedTokenMeansListAgain() async throws {
        let (client, transport) = client([
            Self.answer(403, "<?xml version='1.0' encoding='utf-8'?>\n<error xmlns=\"DAV:\"><valid-sync-token /></error>"),
            Self.answer(500, "Server got itself in trouble"), Self.answer(500),
        ])
        #expect(try await client.changes(since: "old") == .listAgain)
        #expect(try await client.changes(since: "old") == .listAgain)
        await #expect(throws: DAVFailure.serverError(500)) { try await client.changes(since: nil) }
        let body = String(decoding: transport.sent[0].body, as: UTF8.self)
        #expect(body.contains("<d:sync-token>old</d:sync-token>") && body.contains("<d:sync-level>1</d:sync-level>"))
    }

    @Test func theLoginRefusedIsSaidAsSuch() async throws {
        let (client, _) = client([Self.answer(401), Self.answer(401)])
        await #expect(throws: DAVFailure.loginRefused) { try await client.facts() }
        await #expect(throws: DAVFailure.loginRefused) { try await client.changes(since: "t") }
    }

    /// Changes come with absolute member URLs; an answer naming a member
    /// elsewhere is refused whole.
    @Test func changesAreHeldToTheCollection() async throws {
        let changed = """
            <?xml version="1.0"?><d:multistatus xmlns:d="DAV:">\
            <d:response><d:href>/alice/groceries/a1.ics</d:href><d:propstat><d:prop><d:getetag>"e1"</d:getetag></d:prop>\
            <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\
            <d:response><d:href>/alice/groceries/gone.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>\
            <d:sync-token>t2</d:sync-token></d:multistatus>
            """
        let elsewhere = changed.replacingOccurrences(of: "/alice/groceries/gone.ics", with: "/bob/private/x.ics")
        let (client, _) = client([Self.answer(207, changed), Self.answer(207, elsewhere)])
        guard case .changed(let status) = try await client.changes(since: "t1") else {
            Issue.record("no changes")
            return
        }
        #expect(status.syncToken == "t2")
        #expect(status.responses.map(\.href) == ["http://127.0.0.1:5232/alice/groceries/a1.ics", "http://127.0.0.1:5232/alice/groceries/gone.ics"])
        #expect(status.responses.map(\.isDeleted) == [false, true])
        await #expect(throws: DAVFailure.nonsense("a member outside the collection")) { try await client.changes(since: "t1") }
    }

    /// Bodies come by calendar-multiget, in batches, naming each member by
    /// its path, escaped.
    @Test func fetchAsksInBatches() async throws {
        let empty = "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\"></d:multistatus>"
        let count = DAVClient.multigetBatch + 1
        let (client, transport) = client([Self.answer(207, empty), Self.answer(207, empty)])
        let hrefs = (0..<count).map { "http://127.0.0.1:5232/alice/groceries/\($0)&x.ics" }
        #expect(try await client.fetch(hrefs).isEmpty)
        #expect(transport.sent.count == 2)
        let first = String(decoding: transport.sent[0].body, as: UTF8.self)
        #expect(first.contains("<d:href>/alice/groceries/0&amp;x.ics</d:href>"))
        #expect(first.contains("<c:calendar-data/>"))
        #expect(transport.sent[1].header("Depth") == "1")
    }

    @Test func aBodyThatIsNotTheXMLAskedForIsNonsense() async throws {
        let (client, _) = client([Self.answer(207, "<html>hello</html>"), Self.answer(302)])
        await #expect(throws: DAVFailure.self) { try await client.listing(.todo) }
        await #expect(throws: DAVFailure.nonsense("HTTP 302")) { try await client.listing(.todo) }
    }
}
