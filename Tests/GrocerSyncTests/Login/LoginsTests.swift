import Testing

@testable import GrocerSync

/// The logins file's text (issue 36): read whole or refused with its line.
@Suite struct LoginsTests {
    static let list = "https://dav.example.org/alice/groceries/"

    func read(_ text: String) throws(Logins.Problem) -> Logins { try Logins(Array(text.utf8)) }

    @Test func entriesReadByCollectionInTheirNormalForm() throws {
        let logins = try read(
            """
            # mine
              collection https://DAV.example.org/alice/gr%c3%a9/
            user alice
            password-command pass show "dav" | head -1  

            collection https://dav.example.org/alice/weights
            """)
        #expect(
            logins.entries == [
                Logins.Entry(url: "https://dav.example.org/alice/gr%C3%A9/", user: "alice", passwordCommand: "pass show \"dav\" | head -1"),
                Logins.Entry(url: "https://dav.example.org/alice/weights/"),
            ])
        #expect(logins.entry(for: "https://dav.example.org/alice/gr%C3%A9/")?.user == "alice")
        #expect(logins.entry(for: "https://dav.example.org:443/alice/weights/") != nil)
        #expect(logins.entry(for: "https://dav.example.org/bob/weights/") == nil)
    }

    @Test func whatItWritesReadsBack() throws {
        let logins = try #require(
            Logins().setting(.init(url: Self.list, user: "alice", passwordCommand: "pass show dav"))?
                .setting(.init(url: "http://127.0.0.1:5232/w/")))
        #expect(try read(logins.text) == logins)
        let changed = try #require(logins.setting(.init(url: Self.list, user: "bob")))
        #expect(changed.entries.count == 2)
        #expect(changed.entry(for: Self.list) == .init(url: Self.list, user: "bob"))
    }

    @Test func aValueThatWouldNotReadBackIsNotKept() {
        #expect(Logins().setting(.init(url: Self.list, passwordCommand: "pass\nuser mallory")) == nil)
        #expect(Logins().setting(.init(url: Self.list, passwordCommand: "   ")) == nil)
        #expect(Logins().setting(.init(url: Self.list, user: "a:b")) == nil)
        #expect(Logins().setting(.init(url: "ftp://x/")) == nil)
    }

    @Test(arguments: [
        ("collection \(list)\nuser alice\tx", Logins.Problem.controlCharacter(line: 2)),
        ("collection \(list)\r\nuser alice", .controlCharacter(line: 1)),
        ("collection \(list)\npassword-command a\u{1B}[2J", .controlCharacter(line: 2)),
        ("user alice", .outsideEntry(line: 1)),
        ("collection \(list)\nuser alice\nuser bob", .twice(line: 3, "user")),
        ("collection \(list)\ncollection \(list)", .twice(line: 2, "collection \(list)")),
        ("collection \(list)\npassword alice", .unknownKeyword(line: 2, "password")),
        ("collection \(list)\nuser", .noValue(line: 2)),
        ("collection http://dav.example.org/x/", .badURL(line: 1, DAVEndpoint.Problem.plainHTTPToAnotherMachine("dav.example.org").description)),
    ])
    func aFileItCannotReadWholeIsRefused(text: String, problem: Logins.Problem) {
        #expect(throws: problem) { try read(text) }
    }

    @Test func aLargeFileOrOneNotTextIsRefusedUnread() {
        #expect(throws: Logins.Problem.tooLarge(limit: Logins.maximumSize)) {
            try Logins([UInt8](repeating: UInt8(ascii: "#"), count: Logins.maximumSize + 1))
        }
        #expect(throws: Logins.Problem.notText) { try Logins([0xFF, 0xFE]) }
    }

    @Test(
        arguments: [
            ("/home/x/cfg", "/home/x", "/home/x/cfg/grocer/logins"),
            ("", "/home/x", "/home/x/.config/grocer/logins"),
            ("relative/cfg", "/home/x/", "/home/x/.config/grocer/logins"),
            (nil, "/home/x", "/home/x/.config/grocer/logins"),
        ] as [(String?, String?, String?)])
    func thePathTakesOnlyAnAbsoluteXDGConfigHome(xdg: String?, home: String?, path: String?) {
        #expect(Logins.path(xdgConfigHome: xdg, home: home) == path)
    }

    @Test func noAbsoluteHomeNoPath() {
        #expect(Logins.path(xdgConfigHome: "cfg", home: "") == nil)
        #expect(Logins.path(xdgConfigHome: nil, home: "home") == nil)
        #expect(Logins.path(xdgConfigHome: nil, home: nil) == nil)
    }

    // MARK: The choice

    @Test func aCommandInTheStoreIsOnlyEverOfferedNeverChosen() throws {
        let netrc = try Netrc("machine dav.example.org login alice password n")
        // No entry here: the store's command is offered, never "here".
        #expect(
            LoginChoice.decide(entry: nil, storeUser: "alice", storeCommand: "touch /tmp/x", host: "dav.example.org", netrc: netrc)
                == .storeCommand("touch /tmp/x", user: "alice"))
        // An entry here wins over whatever the store carries.
        #expect(
            LoginChoice.decide(
                entry: .init(url: Self.list, user: "alice", passwordCommand: "pass dav"), storeUser: "mallory",
                storeCommand: "touch /tmp/x", host: "dav.example.org", netrc: nil) == .here(.command("pass dav", user: "alice")))
        // A command too long to read through is not even offered.
        #expect(
            LoginChoice.decide(
                entry: nil, storeUser: nil, storeCommand: String(repeating: "x", count: 2000), host: "h", netrc: nil) == .notSetUpHere)
    }

    @Test func withoutAnEntryOnlyNetrcMakesItSetUpHere() throws {
        let netrc = try Netrc("machine dav.example.org login alice password n")
        #expect(
            LoginChoice.decide(entry: nil, storeUser: nil, storeCommand: nil, host: "dav.example.org", netrc: netrc)
                == .here(.login(user: "alice", password: "n")))
        #expect(LoginChoice.decide(entry: nil, storeUser: nil, storeCommand: " ", host: "other.org", netrc: netrc) == .notSetUpHere)
        #expect(LoginChoice.decide(entry: .init(url: Self.list), storeUser: nil, storeCommand: nil, host: "h", netrc: nil) == .here(.none))
    }
}
