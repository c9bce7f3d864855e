import Testing

@testable import GrocerSync

@Suite struct NetrcTests {
    @Test func readsMachinesLoginsAndPasswords() throws {
        let netrc = try Netrc(
            """
            machine dav.example.org login alice password s3cret
            machine other.example.org
                login bob
                password "two words"
                account home
            default login anonymous password guest
            """)
        #expect(
            netrc.entries == [
                .init(machine: "dav.example.org", login: "alice", password: "s3cret"),
                .init(machine: "other.example.org", login: "bob", password: "two words", account: "home"),
                .init(machine: nil, login: "anonymous", password: "guest"),
            ])
        #expect(netrc.entry(host: "DAV.Example.org")?.password == "s3cret")
        #expect(netrc.entry(host: "other.example.org")?.login == "bob")
        // No machine fits: default.
        #expect(netrc.entry(host: "elsewhere.example.org")?.login == "anonymous")
    }

    /// With a user, only an entry of that login fits, as curl does.
    @Test func theUserChoosesAmongAHostsEntries() throws {
        let netrc = try Netrc(
            """
            machine dav.example.org login alice password a
            machine dav.example.org login bob password b
            """)
        #expect(netrc.entry(host: "dav.example.org")?.password == "a")
        #expect(netrc.entry(host: "dav.example.org", login: "bob")?.password == "b")
        #expect(netrc.entry(host: "dav.example.org", login: "carol") == nil)
        // An entry with no login does not fit a given user.
        #expect(try Netrc("machine h password p").entry(host: "h", login: "alice") == nil)
        #expect(try Netrc("machine h password p").entry(host: "h")?.password == "p")
    }

    @Test func aMachineEntryWinsOverDefaultWhereverItIs() throws {
        let netrc = try Netrc("default login anyone password x\nmachine h login alice password y\n")
        #expect(netrc.entry(host: "h")?.password == "y")
        #expect(netrc.entry(host: "g")?.password == "x")
    }

    @Test func macrosAreSkippedToTheirEmptyLine() throws {
        let netrc = try Netrc(
            "machine ftp.example.org login u password p\n"
                + "macdef init\ncd /pub\nmachine evil password stolen\nbinary\n\n"
                + "machine h login alice password y\n")
        #expect(netrc.entries.map(\.machine) == ["ftp.example.org", "h"])
        // With CR LF lines too.
        let crlf = try Netrc("macdef init\r\nmachine evil password x\r\n\r\nmachine h login a password y\r\n")
        #expect(crlf.entries == [.init(machine: "h", login: "a", password: "y")])
        // A macro to the end of the file.
        #expect(try Netrc("machine h login a password y\nmacdef m\nmachine evil").entries.count == 1)
    }

    @Test func commentsAreSkippedButAHashInAValueIsKept() throws {
        let netrc = try Netrc(
            """
            # my logins
            machine h login alice # the CalDAV one
            password #hash#
            """)
        #expect(netrc.entries == [.init(machine: "h", login: "alice", password: "#hash#")])
    }

    @Test func quotedValuesTakeEscapes() throws {
        let netrc = try Netrc(#"machine h login "al ice" password "a\"b\\c\td""#)
        #expect(netrc.entries == [.init(machine: "h", login: "al ice", password: "a\"b\\c\td")])
        // An unclosed quote runs to the end.
        #expect(try Netrc("machine h password \"open to the end").entries.first?.password == "open to the end")
        #expect(try Netrc("machine h password \"\"").entries.first?.password == "")
    }

    /// Files no reader agrees on: none traps, each reads to something.
    @Test func oddFilesReadWithoutTrapping() throws {
        #expect(try Netrc("").entries.isEmpty)
        #expect(try Netrc(" \n\t\n").entries.isEmpty)
        // Values before any machine belong to none.
        #expect(try Netrc("login alice password x").entries.isEmpty)
        // A keyword with no value at the end.
        #expect(try Netrc("machine h login").entries == [.init(machine: "h")])
        #expect(try Netrc("machine").entries.isEmpty)
        // Unknown keywords (other tools' extensions) are skipped.
        #expect(try Netrc("machine h port 8443 login a password p").entries == [.init(machine: "h", login: "a", password: "p")])
        // Tabs, several spaces, CR LF.
        #expect(
            try Netrc("machine\th\r\n\tlogin   a\r\npassword\tp\r\n").entries == [.init(machine: "h", login: "a", password: "p")])
        // A later value of the same keyword wins.
        #expect(try Netrc("machine h password a password b").entries.first?.password == "b")
        // Not Latin only.
        #expect(try Netrc("machine h login émile password pässwört🔑").entries.first?.password == "pässwört🔑")
    }

    @Test func aFileTooLargeOrNotTextIsRefused() throws {
        #expect(throws: Netrc.Problem.tooLarge(limit: 65_536)) {
            try Netrc(Array(repeating: UInt8(ascii: " "), count: 65_537))
        }
        #expect(try Netrc(Array(repeating: UInt8(ascii: " "), count: 65_536)).entries.isEmpty)
        #expect(throws: Netrc.Problem.notText) { try Netrc(Array("machine h password ".utf8) + [0xFF, 0xFE]) }
    }
}

@Suite struct CredentialsTests {
    let netrc = try! Netrc("machine dav.example.org login alice password fromnetrc\ndefault login guest password g")

    @Test func theCommandComesFirst() {
        #expect(
            Credentials.resolve(passwordCommand: "pass show dav", user: "alice", host: "dav.example.org", netrc: netrc)
                == .command("pass show dav", user: "alice"))
        #expect(Credentials.resolve(passwordCommand: "pass show dav", user: nil, host: "h", netrc: nil) == .command("pass show dav", user: nil))
        #expect(!Credentials.needsNetrc(passwordCommand: "pass show dav"))
    }

    /// A login name is sent as "user:password": one holding ':' would be
    /// cut there by the server, so `sync setup` refuses it (issue 31).
    @Test func aUserNameHoldsNoColonAndNoControl() {
        for good in ["alice", "alice@example.org", "Zoë", "o'brien"] { #expect(Credentials.userProblem(good) == nil, "\(good)") }
        for bad in ["ali:ce", ":", "", "a\u{1B}b", "x\u{85}"] { #expect(Credentials.userProblem(bad) != nil, "\(bad.debugDescription)") }
    }

    @Test func elseNetrcForTheHostAndUser() {
        #expect(Credentials.needsNetrc(passwordCommand: nil))
        #expect(
            Credentials.resolve(passwordCommand: nil, user: "alice", host: "dav.example.org", netrc: netrc)
                == .login(user: "alice", password: "fromnetrc"))
        // Without a user, the entry's login is the user.
        #expect(
            Credentials.resolve(passwordCommand: nil, user: nil, host: "dav.example.org", netrc: netrc)
                == .login(user: "alice", password: "fromnetrc"))
        // Another user: the default entry is for guest, not bob.
        #expect(Credentials.resolve(passwordCommand: nil, user: "bob", host: "dav.example.org", netrc: netrc) == .none)
        #expect(
            Credentials.resolve(passwordCommand: nil, user: nil, host: "other.example.org", netrc: netrc)
                == .login(user: "guest", password: "g"))
        // A blank command counts as none.
        #expect(Credentials.needsNetrc(passwordCommand: "  "))
        #expect(
            Credentials.resolve(passwordCommand: " ", user: "alice", host: "dav.example.org", netrc: netrc)
                == .login(user: "alice", password: "fromnetrc"))
    }

    @Test func elseNoLogin() throws {
        #expect(Credentials.resolve(passwordCommand: nil, user: "alice", host: "h", netrc: nil) == .none)
        // An entry without a password, or without any login, is no login.
        #expect(Credentials.resolve(passwordCommand: nil, user: nil, host: "h", netrc: try Netrc("machine h login alice")) == .none)
        #expect(Credentials.resolve(passwordCommand: nil, user: nil, host: "h", netrc: try Netrc("machine h password p")) == .none)
    }

    @Test func theDescriptionNeverHoldsThePassword() {
        let login = Credentials.login(user: "alice", password: "fromnetrc")
        #expect(!login.description.contains("fromnetrc"))
        #expect(!Credentials.command("printf secret", user: "alice").description.contains("secret"))
    }
}
