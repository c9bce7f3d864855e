import Foundation
import GrocerCLI
import GrocerStore
import Testing

@testable import grocer

/// The manual page (Resources/grocer.1) says what this grocer does: it is
/// made from Resources/grocer.1.in and the commands' definitions
/// (`ManPage`), and the committed page is what that makes.
@Suite struct ManPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let pageURL = root.appendingPathComponent("Resources/grocer.1")
    static let sourceURL = root.appendingPathComponent("Resources/grocer.1.in")
    static let page: String = (try? String(contentsOf: pageURL, encoding: .utf8)) ?? ""
    static let source: String = (try? String(contentsOf: sourceURL, encoding: .utf8)) ?? ""

    /// `make man` runs this test with GROCER_WRITE_MAN_PAGE=1: it then
    /// writes the page instead of comparing it.
    @Test func theCommittedPageIsWhatTheCommandsAndTheSourceMake() throws {
        #expect(!Self.source.isEmpty)
        let made = try ManPage.render(source: Self.source, dump: Grocer._dumpHelp())
        if ProcessInfo.processInfo.environment["GROCER_WRITE_MAN_PAGE"] == "1" {
            try made.write(to: Self.pageURL, atomically: true, encoding: .utf8)
            return
        }
        #expect(made == Self.page, "Resources/grocer.1 is not what grocer.1.in and the commands make: run `make man`")
    }

    @Test func theSynopsisNamesWhatTheReviewFoundMissing() {
        let synopsis = Self.page.components(separatedBy: ".Sh SYNOPSIS")[1].components(separatedBy: ".Sh DESCRIPTION")[0]
        #expect(synopsis.contains(".Op Cm lbs | kg | st"))
        #expect(synopsis.contains(".Op Fl -utc"))
        #expect(synopsis.contains(".Cm weight import\n.Ar file\n") && synopsis.contains(".Op Fl -unit Cm lbs | kg"))
        #expect(synopsis.contains(".Cm weight export") && synopsis.contains(".Op Fl -force"))
    }

    @Test func noExampleIsGivenTwice() {
        let examples = Self.page.split(separator: "\n").filter { $0.hasPrefix(".Dl ") }
        #expect(!examples.isEmpty)
        var seen = Set<Substring>()
        let repeated = examples.filter { !seen.insert($0).inserted }
        #expect(repeated.isEmpty)
    }

    @Test func itNamesTheFormatsThatAreMigrated() {
        #expect(Self.page.contains("(format versions 1 to \(StoreFormat.currentVersion - 1)) is migrated"))
    }

    // MARK: The generator on a small tree

    static let dump = """
        {"serializationVersion": 0, "command": {"commandName": "t", "subcommands": [
          {"commandName": "w", "subcommands": [
            {"commandName": "add", "arguments": [
              {"kind": "positional", "shouldDisplay": true, "isOptional": false, "isRepeating": false,
               "parsingStrategy": "default", "valueName": "value"},
              {"kind": "option", "shouldDisplay": true, "isOptional": true, "isRepeating": false,
               "parsingStrategy": "default", "valueName": "unit", "allValues": ["lbs", "kg"],
               "preferredName": {"kind": "long", "name": "unit"}, "names": [{"kind": "long", "name": "unit"}]},
              {"kind": "flag", "shouldDisplay": true, "isOptional": true, "isRepeating": false,
               "parsingStrategy": "default", "preferredName": {"kind": "long", "name": "help"},
               "names": [{"kind": "long", "name": "help"}]}]}]},
          {"commandName": "sync", "defaultSubcommand": "now", "subcommands": [
            {"commandName": "now", "arguments": [
              {"kind": "option", "shouldDisplay": true, "isOptional": true, "isRepeating": false,
               "parsingStrategy": "default", "valueName": "path",
               "preferredName": {"kind": "long", "name": "store"}, "names": [{"kind": "long", "name": "store"}]}]}]},
          {"commandName": "help", "arguments": [
            {"kind": "positional", "shouldDisplay": true, "isOptional": true, "isRepeating": true,
             "parsingStrategy": "default", "valueName": "subcommands"}]}]}}
        """

    @Test func theMarksBecomeTheSynopsisAndTheHeadLines() throws {
        let source = """
            .\\"# for the source's reader
            .Sh SYNOPSIS
            .\\" @synopsis
            .Sh COMMANDS
            .Bl -tag -width Ds
            .\\" @command w add
            Adds.
            .\\" @command sync now
            Syncs.
            .El
            """
        let page = try ManPage.render(source: source, dump: Self.dump)
        #expect(
            page == """
                \(ManPage.header)
                .Sh SYNOPSIS
                .Nm
                .Nm
                .Cm w add
                .Ar value
                .Op Fl -unit Cm lbs | kg
                .Nm
                .Cm sync Op Cm now
                .Op Fl -store Ar path
                .Sh COMMANDS
                .Bl -tag -width Ds
                .It Cm w add Ar value Oo Fl -unit Cm lbs | kg Oc
                Adds.
                .It Cm sync now
                Syncs.
                .El
                """)
    }

    @Test(arguments: [
        (".\\\" @command w add\n", "Resources/grocer.1.in has no entry for sync now: add a line .\\\" @command sync now in COMMANDS"),
        (
            ".\\\" @command w add\n.\\\" @command sync now\n.\\\" @command w rm\n",
            "Resources/grocer.1.in names a command grocer does not have: w rm"
        ),
        (".\\\" @command w add\n.\\\" @command sync now\n.\\\" @command w add\n", "Resources/grocer.1.in has 2 entries for w add"),
    ])
    func aCommandWithoutItsEntryOrAnEntryWithoutItsCommandIsRefused(source: String, problem: String) {
        #expect(throws: ManPage.Problem(description: problem)) { try ManPage.render(source: source, dump: Self.dump) }
    }
}
