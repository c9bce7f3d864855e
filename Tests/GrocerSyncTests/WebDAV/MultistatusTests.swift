import Foundation
import Testing

@testable import GrocerSync

@Suite struct MultistatusTests {
    /// A sync-collection answer as Radicale writes it: one member changed,
    /// one deleted, the new token; prefixes of its own choosing.
    static let syncAnswer = """
        <?xml version='1.0' encoding='utf-8'?>
        <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
          <response>
            <href>/alice/groceries/6d3c.ics</href>
            <propstat>
              <prop>
                <getetag>"0e1f-abc"</getetag>
                <C:calendar-data>BEGIN:VCALENDAR&#13;
        BEGIN:VTODO&#13;
        UID:6d3c&#13;
        SUMMARY:bread &amp; butter&#13;
        END:VTODO&#13;
        END:VCALENDAR&#13;
        </C:calendar-data>
              </prop>
              <status>HTTP/1.1 200 OK</status>
            </propstat>
          </response>
          <response>
            <href>/alice/groceries/gone.ics</href>
            <status>HTTP/1.1 404 Not Found</status>
          </response>
          <sync-token>http://radicale.org/ns/sync/1a2b</sync-token>
        </multistatus>
        """

    @Test func readsChangedAndDeletedMembersAndTheToken() throws {
        let answer = try Multistatus.read(Array(Self.syncAnswer.utf8))
        #expect(answer.syncToken == "http://radicale.org/ns/sync/1a2b")
        #expect(answer.responses.count == 2)
        let changed = answer.responses[0]
        #expect(changed.href == "/alice/groceries/6d3c.ics")
        #expect(changed.etag == "\"0e1f-abc\"")
        #expect(changed.status == nil && !changed.isDeleted)
        #expect(changed.calendarData?.hasPrefix("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n") == true)
        let todo = try ICalendar.read(try #require(changed.calendarData)).components.first
        #expect(todo?.property("SUMMARY")?.text == "bread & butter")
        #expect(answer.responses[1].isDeleted)
        #expect(!answer.truncated)
    }

    @Test func namespacesCountByURINotPrefix() throws {
        let body = """
            <x:multistatus xmlns:x="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav"><x:response><x:href>/a.ics</x:href>\
            <x:propstat><x:prop><x:getetag>"1"</x:getetag><cal:calendar-data>data</cal:calendar-data><other:getetag xmlns:other="urn:x">"2"</other:getetag>\
            </x:prop><x:status>HTTP/1.1 200 OK</x:status></x:propstat></x:response></x:multistatus>
            """
        let response = try #require(try Multistatus.read(Array(body.utf8)).responses.first)
        #expect(response.etag == "\"1\"")
        #expect(response.calendarData == "data")
        let wrongNamespace = "<D:multistatus xmlns:D=\"urn:not-dav\"/>"
        #expect(throws: Multistatus.Problem.notMultistatus) { try Multistatus.read(Array(wrongNamespace.utf8)) }
    }

    @Test func propertiesInAPropstatThatIsNot200AreMissing() throws {
        let body = """
            <d:multistatus xmlns:d="DAV:"><d:response><d:href>/a.ics</d:href>\
            <d:propstat><d:prop><d:getetag/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response></d:multistatus>
            """
        let response = try #require(try Multistatus.read(Array(body.utf8)).responses.first)
        #expect(response.etag == nil)
        #expect(response.missing == ["getetag": 404])
    }

    @Test func a507OnTheRequestMeansTruncated() throws {
        let body =
            "<d:multistatus xmlns:d=\"DAV:\"><d:response><d:href>/c/</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status></d:response></d:multistatus>"
        #expect(try Multistatus.read(Array(body.utf8)).truncated)
    }

    @Test func readsAnInvalidSyncTokenError() {
        let body = "<?xml version=\"1.0\"?><error xmlns=\"DAV:\"><valid-sync-token/></error>"
        #expect(DAVErrorBody.read(Array(body.utf8))?.invalidSyncToken == true)
        #expect(DAVErrorBody.read(Array("<D:error xmlns:D=\"DAV:\"><D:need-privileges/></D:error>".utf8))?.invalidSyncToken == false)
        #expect(DAVErrorBody.read(Array("<html><body>Forbidden</body></html>".utf8)) == nil)
    }

    @Test func refusesADoctype() {
        let billionLaughs = """
            <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\
            <multistatus xmlns="DAV:"><response><href>&lol2;</href></response></multistatus>
            """
        #expect(throws: Multistatus.Problem.xml(.doctype)) { try Multistatus.read(Array(billionLaughs.utf8)) }
        let external = "<!DOCTYPE m SYSTEM \"file:///etc/passwd\"><multistatus xmlns=\"DAV:\"/>"
        #expect(throws: Multistatus.Problem.xml(.doctype)) { try Multistatus.read(Array(external.utf8)) }
    }

    @Test func refusesAnEntityItDoesNotKnow() {
        let body = "<multistatus xmlns=\"DAV:\"><response><href>&xxe;</href></response></multistatus>"
        #expect(throws: Multistatus.Problem.xml(.entity("xxe"))) { try Multistatus.read(Array(body.utf8)) }
    }

    @Test(arguments: [
        ("<a>&lt;&gt;&amp;&quot;&apos;&#65;&#x42;</a>", "<>&\"'AB"),
        ("<a><![CDATA[<b>&amp;</b>]]></a>", "<b>&amp;</b>"),
        ("<a>one\r\ntwo\rthree&#13;</a>", "one\ntwo\nthree\r"),
        ("\u{FEFF}<a><!-- <b> --><?pi x?>x</a>", "x"),
    ])
    func readsText(xml: String, text: String) throws {
        #expect(try XMLReader.read(Array(xml.utf8)).text == text)
    }

    @Test(arguments: [
        "<a>", "<a></b>", "<a/><b/>", "text<a/>", "<a b=c/>", "<a>&#0;</a>", "<a>&#xD800;</a>", "<a>& b</a>", "<p:a/>", "<a><!-- x", "",
        "<a b='1'c='2'/>",
    ])
    func refusesWhatIsNotWellFormed(xml: String) {
        #expect(throws: XMLReader.Problem.self) { try XMLReader.read(Array(xml.utf8)) }
    }

    @Test func refusesWhatIsPastItsLimits() {
        let limits = XMLReader.Limits(maximumBytes: 200, maximumDepth: 3, maximumElements: 5)
        #expect(throws: XMLReader.Problem.tooLarge(bytes: 300)) {
            try XMLReader.read(Array(repeating: UInt8(ascii: " "), count: 300), limits: limits)
        }
        #expect(throws: XMLReader.Problem.tooDeep) { try XMLReader.read(Array("<a><a><a><a/></a></a></a>".utf8), limits: limits) }
        #expect(throws: XMLReader.Problem.tooManyElements) { try XMLReader.read(Array("<a><b/><b/><b/><b/><b/></a>".utf8), limits: limits) }
        #expect(throws: XMLReader.Problem.notUTF8) { try XMLReader.read([0x3C, 0x61, 0xFF, 0x3E]) }
    }
}
