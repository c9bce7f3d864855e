import Testing

@testable import GrocerSync

/// `grocer sync setup`'s look at a collection: found, made when missing,
/// refused when it cannot hold what grocer writes there.
@Suite struct CollectionSetupTests {
    typealias T = DAVClientTests

    @Test func aCollectionThatIsThereIsDescribed() async throws {
        let (client, transport) = T().client([T.answer(207, T.radicaleFacts)])
        let line = try await CollectionSetup.prepare(client, for: .todo, displayName: "Groceries")
        #expect(line == "found the collection \"Groceries\" for to-dos")
        #expect(transport.sent.map(\.method) == ["PROPFIND"])
    }

    @Test func aMissingCollectionIsMadeForItsComponentAndLookedAtAgain() async throws {
        let (client, transport) = T().client([T.answer(404), T.answer(201), T.answer(207, T.radicaleFacts)])
        let line = try await CollectionSetup.prepare(client, for: .todo, displayName: "Groceries")
        #expect(line.hasPrefix("made the collection"))
        #expect(transport.sent.map(\.method) == ["PROPFIND", "MKCALENDAR", "PROPFIND"])
        #expect(String(decoding: transport.sent[1].body, as: UTF8.self).contains(#"<c:comp name="VTODO"/>"#))
    }

    /// Radicale's facts say VTODO only: the weights (VJOURNAL) cannot go
    /// there, and setup says so instead of failing at the first sync.
    @Test func aCollectionForAnotherComponentIsRefused() async throws {
        let (client, _) = T().client([T.answer(207, T.radicaleFacts)])
        await #expect(throws: DAVFailure.nonsense("this collection takes only VTODO, not VJOURNAL; give another URL")) {
            try await CollectionSetup.prepare(client, for: .journal, displayName: "Weights")
        }
    }

    @Test func aPlainFolderIsNotACalendar() async throws {
        let folder = T.radicaleFacts.replacingOccurrences(of: "<C:calendar />", with: "")
        let (client, _) = T().client([T.answer(207, folder)])
        await #expect(throws: DAVFailure.self) { try await CollectionSetup.prepare(client, for: .todo, displayName: "Groceries") }
    }
}
