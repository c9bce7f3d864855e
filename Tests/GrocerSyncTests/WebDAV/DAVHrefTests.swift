import Testing

@testable import GrocerSync

/// Where grocer writes is never the server's word: the collection's URL is
/// a plain path, in one normal form, and every href a server sends is held
/// to a direct member of it after decoding (issue 36).
@Suite struct DAVHrefTests {
    /// A URL typed with lower-case escapes is the same collection as the
    /// server's upper-case form: both are kept in one form.
    @Test func escapesAreKeptInOneForm() throws {
        let typed = try DAVEndpoint("http://127.0.0.1:5232/alice/caf%c3%a9/")
        #expect(typed.path == "/alice/caf%C3%A9/")
        #expect(typed.url == "http://127.0.0.1:5232/alice/caf%C3%A9/")
        #expect(typed.member("/alice/caf%C3%A9/tea.ics") == "http://127.0.0.1:5232/alice/caf%C3%A9/tea.ics")
        #expect(typed.member("/alice/caf%c3%a9/tea.ics") == "http://127.0.0.1:5232/alice/caf%C3%A9/tea.ics")
        #expect(typed.isCollection("/alice/caf%C3%A9/") && typed.isCollection("/alice/caf%C3%A9"))
        // Escaped and unescaped forms of one name are one member.
        let endpoint = try DAVEndpoint("http://127.0.0.1:5232/alice/groceries/")
        #expect(endpoint.member("/alice/groceries/a%40b.ics") == endpoint.member("/alice/groceries/a@b.ics"))
        #expect(endpoint.member("/alice/groceries/%61.ics") == "http://127.0.0.1:5232/alice/groceries/a.ics")
        #expect(endpoint.member("/alice/groceries/my%20list.ics") == "http://127.0.0.1:5232/alice/groceries/my%20list.ics")
        #expect(endpoint.member("HTTP://127.0.0.1:5232/alice/groceries/a.ics") == "http://127.0.0.1:5232/alice/groceries/a.ics")
        #expect(endpoint.member("http://127.0.0.1:5232/alice/groceries/caf%c3%a9.ics") == "http://127.0.0.1:5232/alice/groceries/caf%C3%A9.ics")
        #expect(endpoint.member("http://127.0.0.1:5232/alice/groceries/%61.ics") == "http://127.0.0.1:5232/alice/groceries/a.ics")
    }

    /// `sync setup` refuses a collection URL whose path is not plain.
    @Test func aCollectionURLThatIsNotAPlainPathIsRefused() {
        for url in [
            "https://dav.example.org/alice/%2e%2e/bob/", "https://dav.example.org/alice/.%2E/", "https://dav.example.org/alice/../bob/",
            "https://dav.example.org/alice/./groceries/", "https://dav.example.org/alice//groceries/",
            "https://dav.example.org/alice/a%2fb/", "https://dav.example.org/alice/a%23b/", "https://dav.example.org/alice/a%3Fb/",
            "https://dav.example.org/alice/a%00b/", "https://dav.example.org/alice/a%5Cb/",
        ] {
            #expect(throws: DAVEndpoint.Problem.unsafePath, "\(url)") { try DAVEndpoint(url) }
        }
        #expect(throws: DAVEndpoint.Problem.queryOrFragment) { try DAVEndpoint("https://dav.example.org/alice/#x") }
        #expect(!DAVEndpoint.Problem.unsafePath.description.contains("\n"))
    }

    /// Only a direct member of the collection, after decoding, on this
    /// origin.
    @Test func onlyDirectMembersAreTaken() throws {
        let endpoint = try DAVEndpoint("http://127.0.0.1:5232/alice/groceries/")
        for hostile in [
            "/alice/groceries/%2e%2e/weights/w.ics", "/alice/groceries/..%2fweights%2fw.ics", "/alice/groceries/..%2Fweights%2Fw.ics",
            "/alice/groceries/%2E%2E", "/alice/groceries/..", "/alice/groceries/.", "/alice/groceries//a.ics",
            "/alice/groceries/a.ics#x", "/alice/groceries/a.ics?x", "/alice/groceries/a%23x.ics", "/alice/groceries/a%3Fx.ics",
            "/alice/groceries/a%2Fb.ics", "/alice/groceries/sub/a.ics", "/alice/groceries/a.ics/", "/alice/weights/w.ics",
            "//evil.example/alice/groceries/a.ics", "http://evil.example/alice/groceries/a.ics",
            "http://127.0.0.1:5233/alice/groceries/a.ics", "https://127.0.0.1:5232/alice/groceries/a.ics",
            "http://x@127.0.0.1:5232/alice/groceries/a.ics", "/alice/groceries/a%0Ab.ics", "/alice/groceries/a%5C..%5Cb.ics",
            "/alice/groceries/a%zz.ics",
            "/alice/groceries", "/alice/groceries/",
            // The whole-URL form, as records keep it.
            "http://127.0.0.1:5232/alice/groceries/%2e%2e/weights/w.ics", "http://127.0.0.1:5232/alice/groceries/a.ics?x",
            "http://127.0.0.1:5232/alice/groceries/a.ics#x", "http://127.0.0.1:5232@evil.example/alice/groceries/a.ics",
            "http://127.0.0.1:52320/alice/groceries/a.ics", "http://127.0.0.1:5232/alice/groceries/a b.ics",
            "http://127.0.0.1:5232/alice/groceries/sub/a.ics", "http://127.0.0.1:5232/alice/groceries/",
            "http://127.0.0.1:5232/alice/groceries/a%2Fb.ics",
        ] {
            #expect(endpoint.member(hostile) == nil, "\(hostile)")
        }
    }

    /// A sync-collection answer with a member whose href climbs out of the
    /// collection once decoded is refused whole.
    @Test func anEncodedClimbInAnAnswerIsRefused() async throws {
        let body = """
            <?xml version="1.0"?><d:multistatus xmlns:d="DAV:">\
            <d:response><d:href>/alice/groceries/..%2Fweights%2Fw.ics</d:href><d:propstat><d:prop><d:getetag>"e1"</d:getetag></d:prop>\
            <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\
            <d:sync-token>t2</d:sync-token></d:multistatus>
            """
        let transport = ScriptedTransport([DAVResponse(status: 207, body: Array(body.utf8))])
        let client = DAVClient(collection: try DAVEndpoint("http://127.0.0.1:5232/alice/groceries/"), transport: transport)
        await #expect(throws: DAVFailure.nonsense("a member outside the collection")) { try await client.changes(since: "t1") }
    }
}
