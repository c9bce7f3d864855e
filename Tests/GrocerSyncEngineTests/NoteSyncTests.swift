import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// An item's note travels as the VTODO's DESCRIPTION both ways (issue
/// 33): a phone's note shows in grocer, grocer's on the phone.
@Suite struct NoteSyncTests {
    let server = FakeCalDAV()

    @Test func aPhonesDescriptionIsTheItemsNote() async throws {
        let machine = Machine(server)
        server.phonePut("eggs.ics", Sync.phoneTodo(uid: "phone-eggs", summary: "6 eggs", extra: ["DESCRIPTION:the organic ones"]))
        try await machine.sync()
        #expect(machine.ledger.list.map(\.note) == ["the organic ones"])
    }

    @Test func aNoteWrittenHereReachesTheServerAndAnEditComesBack() async throws {
        let machine = Machine(server)
        var eggs = SyncedItem.named("eggs", "6")
        eggs.note = "free range"
        machine.ledger.add(eggs)
        try await machine.sync()
        let path = try #require(Sync.path(of: "eggs", server))
        #expect(server.objects[path]?.contains("\r\nDESCRIPTION:free range\r\n") == true)
        server.phoneEdit(path) { Sync.setting("DESCRIPTION", "the big box", in: $0) }
        try await machine.sync()
        #expect(machine.ledger.list.map(\.note) == ["the big box"])
    }

    /// A phone's long, multi-line DESCRIPTION with control characters is
    /// one bounded line here, and left as the phone wrote it there.
    @Test func aLongMultiLineDescriptionIsBoundedHereAndKeptThere() async throws {
        let machine = Machine(server)
        let long = "first\\nsecond\u{1B}[31m" + String(repeating: "x", count: 500)
        server.phonePut("eggs.ics", Sync.phoneTodo(uid: "phone-eggs", summary: "eggs", extra: ["DESCRIPTION:" + long]))
        try await machine.sync()
        let note = try #require(machine.ledger.list.first?.note)
        #expect(note.hasPrefix("first second"))
        #expect(note.count == WeightNote.maxLength)
        #expect(!note.unicodeScalars.contains { PlainText.isControl($0) })
        try await machine.sync()
        #expect(server.objects.values.first?.contains(String(repeating: "x", count: 500)) == true)
    }
}
