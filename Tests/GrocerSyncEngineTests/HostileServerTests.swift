import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// What a server or a partner's phone says never decides where grocer
/// writes (issue 36).
@Suite struct HostileServerTests {
    let server = FakeCalDAV()

    static func isPlainMemberName(_ name: some StringProtocol) -> Bool {
        name.hasSuffix(".ics") && name.count > 4
            && name.dropLast(4).unicodeScalars.allSatisfy {
                $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "-" || $0 == "_"
            }
    }

    /// A partner's to-dos whose UIDs hold a path: once changed here and
    /// deleted there, grocer makes them again, each under a plain name in
    /// the collection, never at a path its UID spells.
    @Test func aUIDWithAPathNeverLeavesTheCollection() async throws {
        let here = Machine(server)
        let uids = ["../weights/planted", "a/b", "..%2Fweights%2Fx", "x?y#z", "%2e%2e"]
        let names = ["tea", "milk", "eggs", "rice", "oats"]
        for (index, uid) in uids.enumerated() {
            server.phonePut("p\(index).ics", Sync.phoneTodo(uid: uid, summary: names[index]))
        }
        try await here.sync()
        #expect(here.ledger.list.map(\.name).sorted() == names.sorted())
        for (index, name) in names.enumerated() {
            here.ledger.edit(name) { $0.aisle = "drinks" }
            server.phoneDelete(server.endpoint.path + "p\(index).ics")
        }
        server.resetCounts()
        try await here.sync()
        let puts = server.requests.filter { $0.method == "PUT" }
        #expect(puts.count == uids.count)
        for put in puts {
            #expect(put.url.hasPrefix(server.endpoint.url), "\(put.url)")
            #expect(Self.isPlainMemberName(put.url.dropFirst(server.endpoint.url.count)), "\(put.url)")
        }
        #expect(Sync.list(server).map(\.name).sorted() == names.sorted())
        #expect(
            server.objects.keys.allSatisfy { $0.hasPrefix(server.endpoint.path) && Self.isPlainMemberName($0.dropFirst(server.endpoint.path.count)) })
        // Settled: the next sync writes nothing.
        server.resetCounts()
        try await here.sync()
        #expect(server.writes == 0)
    }

    @Test func memberNamesArePlainAndNeverShared() {
        let uids = [
            "../weights/planted", "a/b", "..", ".", "%2e%2e", "x?y#z", "caf\u{E9}", "_6162", "ab", "AB", "uid@host.example",
            "0f8fad5b-d9cb-469f-a165-70867728950e", "", String(repeating: "x", count: 500), String(repeating: "/", count: 200),
        ]
        let names = uids.map(SyncEngine.memberName)
        for (uid, name) in zip(uids, names) { #expect(Self.isPlainMemberName(name), "\(uid) -> \(name)") }
        #expect(Set(names).count == names.count)
        // grocer's own UIDs and a phone's UUIDs keep their names.
        #expect(SyncEngine.memberName("0f8fad5b-d9cb-469f-a165-70867728950e") == "0f8fad5b-d9cb-469f-a165-70867728950e.ics")
    }

    /// The collection typed with lower-case escapes; the server answers
    /// with upper-case ones. Both are one place: the sync works, and goes
    /// on working.
    @Test func aURLTypedWithLowerCaseEscapesSyncs() async throws {
        let server = FakeCalDAV(path: "/alice/caf%C3%A9/")
        let here = Machine(server, typed: "http://127.0.0.1:5232/alice/caf%c3%a9/")
        here.ledger.add(.named("milk"))
        server.phonePut("tea.ics", Sync.phoneTodo(uid: "phone-tea", summary: "tea"))
        try await here.sync()
        #expect(here.ledger.list == [.named("milk"), .named("tea")])
        #expect(Sync.list(server) == [.named("milk"), .named("tea")])
        server.phoneDelete("/alice/caf%C3%A9/tea.ics")
        here.ledger.edit("milk") { $0.aisle = "dairy" }
        try await here.sync()
        #expect(here.ledger.list == [.named("milk", aisle: "dairy")])
        #expect(Sync.list(server) == [.named("milk", aisle: "dairy")])
        // And by the full listing, when the token is refused.
        server.set { $0.forgetTokens = true }
        server.resetCounts()
        try await here.sync()
        #expect(here.ledger.list == [.named("milk", aisle: "dairy")])
        #expect(server.writes == 0)
    }
}
