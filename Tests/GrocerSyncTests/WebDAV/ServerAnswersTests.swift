import Foundation
import Testing

@testable import GrocerSync

/// The readers on answers Radicale and Xandikos gave (`ServerAnswers`).
@Suite struct ServerAnswersTests {
    func read(_ body: String) throws -> Multistatus { try Multistatus.read(Array(body.utf8)) }

    @Test func radicalesSyncCollectionGivesTheChangeTheDeletionAndTheToken() throws {
        let answer = try read(ServerAnswers.radicaleChangedAndDeleted)
        #expect(answer.syncToken == "http://radicale.org/ns/sync/3c4e2ad2d20dd199a4b9bce20de0f95f36d65cf10aa3718a25a5228e2d94e568")
        #expect(answer.responses.map(\.href) == ["/alice/groceries/apples.ics", "/alice/groceries/flour.ics"])
        #expect(answer.responses[0].isDeleted)
        #expect(answer.responses[1].etag == "\"7941500708f6f9f7fc5901f07b43f56ccf7b7d8f2accb4c3a8206c13eb53c387\"")
        let calendar = try ICalendar.read(try #require(answer.responses[1].calendarData))
        let todo = try #require(calendar.components(named: "VTODO").first)
        #expect(todo.property("DESCRIPTION")?.text == "the good one, not the cheap one\nfrom the top shelf & <more>")
        #expect(todo.property("X-LONG-THING")?.value == "0123456789012345678901234567890123456789012345678901234567890123456789 and the rest")
        #expect(todo.components(named: "VALARM").count == 1)
        let item = try TodoMapping.read(calendar, knownUnits: [], locale: Locale(identifier: "en_US")).item
        #expect(item.name == "flour" && item.quantity.canonical == "3" && item.unit == "kg" && !item.ticked)
    }

    @Test func aTickOnTheServersCopyKeepsEveryOtherLineOfIt() throws {
        let data = try #require(try read(ServerAnswers.radicaleChangedAndDeleted).responses[1].calendarData)
        let calendar = try ICalendar.read(data)
        var item = try TodoMapping.read(calendar, knownUnits: [], locale: Locale(identifier: "en_US")).item
        item.ticked = true
        let written = ICalendar.write(TodoMapping.write(item, uid: "-", sortOrder: nil, now: Date(timeIntervalSince1970: 0), updating: calendar))
        let after = Set(written.components(separatedBy: "\r\n"))
        for line in data.components(separatedBy: "\n") where !line.hasPrefix("DTSTAMP:") && !line.hasPrefix("LAST-MODIFIED:") {
            #expect(after.contains(line), "lost \(line)")
        }
    }

    @Test func xandikosGivesETagsWithoutDataInASyncCollection() throws {
        let answer = try read(ServerAnswers.xandikosSyncWithoutData)
        #expect(answer.syncToken == "4d296c7c24cc5512a558133d813050bbede7b42b")
        #expect(answer.responses.count == 2)
        for response in answer.responses {
            #expect(response.etag?.hasPrefix("\"") == true)
            #expect(response.calendarData == nil)
            #expect(response.missing == ["calendar-data": 404])
            #expect(!response.isDeleted)
        }
    }

    @Test func xandikosMultigetGivesTheDataAndA404ForTheMissing() throws {
        let answer = try read(ServerAnswers.xandikosMultiget)
        #expect(answer.syncToken == nil)
        let calendar = try ICalendar.read(try #require(answer.responses[0].calendarData))
        #expect(calendar.components.first?.components(named: "VALARM").first?.property("TRIGGER")?.value == "P0D")
        #expect(answer.responses[1].href == "/user/calendars/groceries/missing.ics")
        #expect(answer.responses[1].status == 404)
    }

    @Test func xandikosListsADeletedMemberWith404() throws {
        let answer = try read(ServerAnswers.xandikosDeleted)
        #expect(answer.responses.map(\.isDeleted) == [true])
        #expect(answer.syncToken == "4b53955351ccfd7be72a471bc0cccc9972e346d9")
    }

    @Test func anUnknownTokenIsAValidSyncTokenErrorOnlyFromRadicale() {
        #expect(DAVErrorBody.read(Array(ServerAnswers.radicaleInvalidToken.utf8))?.invalidSyncToken == true)
        // Xandikos 0.2.8 answers 500 in plain text: a failed sync from a
        // token must fall back to calendar-query whatever the body says.
        #expect(DAVErrorBody.read(Array(ServerAnswers.xandikosUnknownToken.utf8)) == nil)
    }
}
