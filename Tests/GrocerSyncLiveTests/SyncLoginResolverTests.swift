import Foundation
import GrocerSync
import Synchronization
import Testing

@testable import GrocerSyncLive

/// A command the store carries is never run as it is (issue 36): each
/// path of the question, with a store whose command would leave a mark.
@Suite struct SyncLoginResolverTests {
    static let list = "https://dav.example.org/alice/groceries/"

    /// A logins path in a fresh folder, and a mark file a command would make.
    struct Place {
        let root: String
        var loginsPath: String { root + "/config/grocer/logins" }
        var mark: String { root + "/ran" }
        var marked: Bool { FileManager.default.fileExists(atPath: mark) }

        init() {
            root = NSTemporaryDirectory() + "/grocer-resolver-" + UUID().uuidString
            try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        func resolver(ask: (@Sendable (String) -> Bool)?) -> SyncLoginResolver {
            SyncLoginResolver(
                loginsPath: loginsPath, netrcPath: root + "/netrc", environment: PasswordCommandTests.environment, ask: ask)
        }

        func account(command: String?) -> SyncLoginResolver.Account {
            .init(url: SyncLoginResolverTests.list, option: "--list", storeUser: "alice", storeCommand: command, storeName: "/tmp/s.grocer")
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// What a prompt was asked, and its answer.
    final class Prompt: Sendable {
        let answer: Bool
        let asked = Mutex<[String]>([])
        init(_ answer: Bool) { self.answer = answer }
        var ask: @Sendable (String) -> Bool {
            { question in
                self.asked.withLock { $0.append(question) }
                return self.answer
            }
        }
    }

    @Test func withNobodyToAskTheStoresCommandNeverRuns() throws {
        let place = Place()
        defer { place.remove() }
        let resolver = place.resolver(ask: nil)
        let account = place.account(command: "touch \(place.mark); printf secret")
        var kept = false
        #expect(throws: SyncLoginResolver.Failure.storeCommandNotRun(url: Self.list, option: "--list")) {
            try resolver.settle(account) { kept = true }
        }
        #expect(throws: SyncLoginResolver.Failure.storeCommandNotRun(url: Self.list, option: "--list")) { try resolver.login(account) }
        #expect(!place.marked && !kept)
        #expect(!FileManager.default.fileExists(atPath: place.loginsPath))
        #expect(
            SyncLoginResolver.Failure.storeCommandNotRun(url: Self.list, option: "--list").description.contains(
                "`grocer sync setup --list \(Self.list) --user NAME --password-command CMD`"))
    }

    @Test func saidNoTheStoresCommandNeverRunsAndNothingMoves() throws {
        let place = Place()
        defer { place.remove() }
        let prompt = Prompt(false)
        let resolver = place.resolver(ask: prompt.ask)
        let account = place.account(command: "touch \(place.mark); printf secret")
        var kept = false
        #expect(throws: SyncLoginResolver.Failure.storeCommandDeclined(url: Self.list, option: "--list")) {
            try resolver.settle(account) { kept = true }
        }
        #expect(
            prompt.asked.withLock { $0 } == [
                "The store /tmp/s.grocer holds a password command: `touch \(place.mark); printf secret`. "
                    + "Keep it as your own login for \(Self.list)? [y/N] "
            ])
        #expect(throws: SyncLoginResolver.Failure.storeCommandNotRun(url: Self.list, option: "--list")) { try resolver.login(account) }
        #expect(!place.marked && !kept)
        #expect(!FileManager.default.fileExists(atPath: place.loginsPath))
    }

    @Test func theQuestionShowsAControlCharacterNeverSendsIt() throws {
        let place = Place()
        defer { place.remove() }
        let prompt = Prompt(false)
        _ = try? place.resolver(ask: prompt.ask).settle(place.account(command: "true\u{1B}[2K\rpass show dav")) {}
        #expect(prompt.asked.withLock { $0.first?.contains("`true^[[2K^Mpass show dav`") } == true)
    }

    @Test func saidYesItMovesToTheLoginsFileAndOnlyThenRuns() throws {
        let place = Place()
        defer { place.remove() }
        let resolver = place.resolver(ask: Prompt(true).ask)
        let command = "touch \(place.mark); printf secret"
        let account = place.account(command: command)
        var kept = false
        try resolver.settle(account) { kept = true }
        // Settled: kept, moved, not run yet.
        #expect(kept && !place.marked)
        #expect(try LoginsFile.read(place.loginsPath).entry(for: Self.list) == .init(url: Self.list, user: "alice", passwordCommand: command))
        // The store's copy gone (as `keep` clears it), the login is the file's.
        let login = try resolver.login(place.account(command: nil))
        #expect(login?.user == "alice" && login?.password == "secret")
        #expect(place.marked)
    }

    @Test func anEntryHereWinsAndTheStoresCommandIsIgnored() throws {
        let place = Place()
        defer { place.remove() }
        let prompt = Prompt(true)
        let resolver = place.resolver(ask: prompt.ask)
        try resolver.keepAsOwn(.init(url: Self.list, user: "alice", passwordCommand: "printf mine"))
        let account = place.account(command: "touch \(place.mark)")
        try resolver.settle(account) { Issue.record("nothing to keep") }
        let login = try resolver.login(account)
        #expect(login?.password == "mine")
        #expect(!place.marked && prompt.asked.withLock { $0.isEmpty })
    }

    @Test func noEntryNoCommandNoNetrcIsNotSetUpHere() throws {
        let place = Place()
        defer { place.remove() }
        let resolver = place.resolver(ask: Prompt(true).ask)
        #expect(throws: SyncLoginResolver.Failure.notSetUpHere(url: Self.list, option: "--list")) {
            try resolver.settle(place.account(command: nil)) {}
        }
        #expect(throws: SyncLoginResolver.Failure.notSetUpHere(url: Self.list, option: "--list")) {
            try resolver.login(place.account(command: nil))
        }
        let noPath = SyncLoginResolver(loginsPath: nil, netrcPath: nil, environment: [])
        #expect(throws: SyncLoginResolver.Failure.noLoginsPath) { try noPath.login(place.account(command: nil)) }
    }

    @Test func aLoginsFileOthersCanWriteRunsNothing() throws {
        let place = Place()
        defer { place.remove() }
        let resolver = place.resolver(ask: nil)
        try resolver.keepAsOwn(.init(url: Self.list, user: "alice", passwordCommand: "touch \(place.mark)"))
        chmod(place.loginsPath, 0o666)
        #expect(throws: SyncLoginResolver.Failure.logins(.othersCanWrite(path: place.loginsPath))) {
            try resolver.login(place.account(command: nil))
        }
        #expect(!place.marked)
    }
}
