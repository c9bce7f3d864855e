import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore
import GrocerSync
import GrocerSyncEngine
import GrocerSyncLive

/// `grocer sync`: the list and the weights through a CalDAV server the
/// person already has (issue 16). `grocer sync` alone syncs.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Share the list and carry the weights through a CalDAV server (Radicale, Xandikos, Nextcloud).",
        discussion: """
            Set up once with `grocer sync setup`; then `grocer sync` pulls, merges and pushes. \
            The password is never kept: --password-command runs at each sync, else ~/.netrc serves.
            """,
        subcommands: [Now.self, Setup.self, Status.self, Conflicts.self, Forget.self],
        defaultSubcommand: Now.self
    )

    /// `grocer sync` / `grocer sync now`.
    struct Now: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "now",
            abstract: "Pull, merge and push now: one summary line (received, sent, conflicts).",
            discussion: """
                Exit status: 0 synced; 2 the server is down, refused the login, answered \
                nonsense or sent too little before the deadline (nothing is lost: local changes \
                wait for the next sync); 130 stopped by Ctrl-C (what was received is kept). \
                Each request ends after 30 s without a byte or 60 s in all; the whole sync \
                after --deadline seconds (default 600).
                """)

        @Flag(help: "Print a JSON object {received, sent, conflicts}.")
        var json = false

        @Option(name: .long, help: SyncDeadline.help, transform: SyncDeadline.parse)
        var deadline: Int?

        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.openExisting(orElse: Failure(SyncLines.notSetUp))
            defer { try? db.close() }
            let accounts = try db.syncAccounts()
            guard !accounts.isEmpty else { throw Failure(SyncLines.notSetUp) }
            let locale = store.locale
            let limits = try SyncSession.limits(deadline: deadline)
            var total = SyncSummary()
            for account in accounts {
                let summary = try SyncSession.run(account, limits: limits) { client in
                    var summary = try await SyncEngine(
                        ledger: db, client: client, collection: account.collection, locale: locale, now: { Date() }
                    ).sync()
                    // Members whose href or ETag is past grocer's bounds
                    // (`DAVBounds`): left alone, and said.
                    summary.unreadable += client.leftAlone
                    return summary
                }
                total = total + summary
            }
            if json {
                return JSONText.write(
                    JSONText.fields([
                        ("received", String(total.received)), ("sent", String(total.sent)), ("conflicts", String(total.conflicts)),
                        ("unreadable", String(total.unreadable)),
                    ]))
            }
            print(total.description)
        }
    }

    /// `grocer sync setup --list URL [--weights URL] --user NAME --password-command CMD`.
    struct Setup: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep where the list and the weights sync; a missing collection is created.",
            discussion: """
                Give --list, --weights or both: the URL of a calendar collection (https, or http to \
                this machine only). A missing collection is created for to-dos (the list) or \
                journal entries (the weights). The URL and the user are kept in the store; the \
                password never is: --password-command CMD runs at each sync and its first line of \
                output is the password (e.g. "pass show dav"); without it, ~/.netrc serves.
                """)

        @Option(name: .long, help: ArgumentHelp("The grocery list's collection.", valueName: "url"))
        var list: String?

        @Option(name: .long, help: ArgumentHelp("The weights' collection (keep it private).", valueName: "url"))
        var weights: String?

        @Option(name: .long, help: ArgumentHelp("The login name.", valueName: "name"))
        var user: String?

        @Option(name: .long, help: ArgumentHelp("A command that prints the password.", valueName: "cmd"))
        var passwordCommand: String?

        @Flag(help: "Print a JSON array: each collection's {collection, url, user, found}.")
        var json = false

        @Option(name: .long, help: SyncDeadline.help, transform: SyncDeadline.parse)
        var deadline: Int?

        @OptionGroup var store: StoreOptions

        func validate() throws {
            guard list != nil || weights != nil else {
                throw ValidationError("sync setup needs --list URL, --weights URL or both.")
            }
            if let user, let problem = Credentials.userProblem(user) { throw ValidationError("--user \(VisibleText.escaped(user)): \(problem)") }
        }

        func run() throws {
            var plans: [SyncAccount] = []
            if let list { plans.append(try account(.list, list)) }
            if let weights { plans.append(try account(.weights, weights)) }
            if plans.count == 2, plans[0].url == plans[1].url {
                throw Failure("the list and the weights need two collections; give two URLs.")
            }
            var found: [String] = []
            let limits = try SyncSession.limits(deadline: deadline)
            for plan in plans {
                let text = try SyncSession.run(plan, setup: true, limits: limits) { client in
                    try await CollectionSetup.prepare(
                        client, for: plan.collection == .list ? .todo : .journal, displayName: plan.collection == .list ? "Groceries" : "Weights")
                }
                found.append(text)
            }
            let db = try store.open()
            defer { try? db.close() }
            for plan in plans { try db.setSyncAccount(plan) }
            if json {
                return JSONText.write(
                    array: zip(plans, found).map { plan, line in
                        JSONText.fields([
                            ("collection", JSONText.string(plan.collection.rawValue)), ("url", JSONText.string(plan.url)),
                            ("user", JSONText.string(orNull: plan.user)), ("found", JSONText.string(line)),
                        ])
                    })
            }
            for (plan, line) in zip(plans, found) { print(VisibleText.escaped("\(plan.collection.rawValue): \(line)")) }
            print("Run `grocer sync` to sync now.")
        }

        private func account(_ collection: SyncCollection, _ url: String) throws -> SyncAccount {
            do {
                let endpoint = try DAVEndpoint(url)
                return SyncAccount(collection: collection, url: endpoint.url, user: user, passwordCommand: passwordCommand)
            } catch {
                throw Failure("--\(collection == .list ? "list" : "weights") \(url): \(error.description)")
            }
        }
    }

    /// `grocer sync status [--json]`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The accounts, the last sync, the changes waiting and the conflicts.")

        @Flag(help: "Print a JSON object.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            guard let db = try store.openForReadingQuietly() else { throw Failure(SyncLines.notSetUp) }
            defer { try? db.close() }
            let accounts = try db.syncAccounts()
            let conflicts = try db.syncConflicts()
            var rows: [(account: SyncAccount, waiting: Int, conflicts: Int)] = []
            for account in accounts {
                let waiting = try SyncEngine.waiting(ledger: db, collection: account.collection, locale: store.locale)
                rows.append((account, waiting, conflicts.filter { $0.collection == account.collection }.count))
            }
            if json {
                let objects = rows.map { row in
                    JSONText.fields([
                        ("collection", JSONText.string(row.account.collection.rawValue)), ("url", JSONText.string(row.account.url)),
                        ("user", JSONText.string(orNull: row.account.user)),
                        ("lastSync", JSONText.string(orNull: row.account.lastSync.map(ISO8601.string))),
                        ("waiting", String(row.waiting)), ("conflicts", String(row.conflicts)),
                    ])
                }
                return JSONText.write(JSONText.fields([("accounts", "[" + objects.joined(separator: ",") + "]")]))
            }
            guard !rows.isEmpty else { return print("Not set up: " + SyncLines.setUpHow) }
            for row in rows {
                let last = row.account.lastSync.map { "last synced \(ISO8601.string($0))" } ?? "never synced"
                // The store is a file from anywhere: what it says is shown,
                // never obeyed by the terminal.
                print(
                    VisibleText.escaped(
                        "\(row.account.collection.rawValue): \(row.account.url)\(row.account.user.map { " as \($0)" } ?? ""), \(last), "
                            + "\(row.waiting) waiting, \(SyncLines.conflicts(row.conflicts))"))
            }
        }
    }

    /// `grocer sync conflicts [--json] [--take ID] [--dismiss ID]`.
    struct Conflicts: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Each conflict: the item, the field, both values, which was kept, when.",
            discussion: """
                --take ID makes the value that was not kept the one both sides hold (it goes to \
                the server at the next sync); --dismiss ID keeps what shows and forgets the conflict.
                """)

        @Flag(help: "Print a JSON array.")
        var json = false

        @Option(name: .long, help: ArgumentHelp("Take the other value of conflict ID.", valueName: "id"))
        var take: Int64?

        @Option(name: .long, help: ArgumentHelp("Forget conflict ID, keeping what shows.", valueName: "id"))
        var dismiss: Int64?

        @OptionGroup var store: StoreOptions

        func run() throws {
            if take != nil || dismiss != nil {
                let db = try store.openExisting(orElse: Failure(SyncLines.notSetUp))
                defer { try? db.close() }
                let conflicts = try db.syncConflicts()
                guard let id = take ?? dismiss, let conflict = conflicts.first(where: { $0.id == id }) else {
                    throw Failure("there is no conflict \(take ?? dismiss ?? 0); `grocer sync conflicts` lists them.")
                }
                if take != nil { try SyncEngine.takeOther(conflict, ledger: db, locale: store.locale) }
                try db.dismissSyncConflict(id: id)
                return print(
                    take != nil ? VisibleText.escaped("Took the other value of \(conflict.title); it goes at the next sync.") : "Dismissed.")
            }
            guard let db = try store.openForReadingQuietly() else { return json ? JSONText.write(array: []) : () }
            defer { try? db.close() }
            let conflicts = try db.syncConflicts()
            if json {
                return JSONText.write(
                    array: conflicts.map { c in
                        JSONText.fields([
                            ("id", String(c.id ?? 0)), ("collection", JSONText.string(c.collection.rawValue)),
                            ("item", JSONText.string(c.title)), ("field", JSONText.string(c.field)),
                            ("local", JSONText.string(orNull: c.localValue)), ("remote", JSONText.string(orNull: c.remoteValue)),
                            ("kept", JSONText.string(c.kept)), ("at", JSONText.string(ISO8601.string(c.at))),
                        ])
                    })
            }
            guard !conflicts.isEmpty else { return print("No conflicts.") }
            for c in conflicts {
                let here = c.localValue ?? "deleted"
                let there = c.remoteValue ?? "deleted"
                print(
                    VisibleText.escaped(
                        "\(c.id ?? 0)  \(ISO8601.string(c.at))  \(c.title): \(c.field) here \(here), on the server \(there); "
                            + "kept \(c.kept == "local" ? "here's" : "the server's")"))
            }
        }
    }

    /// `grocer sync forget`.
    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Forget the accounts, tokens and conflicts; the list and the weights stay.")

        @Flag(help: "Print a JSON object {forgot}: the collections that were set up.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.openForReadingQuietly()
            defer { try? db?.close() }
            let accounts = try db?.syncAccounts() ?? []
            try db?.forgetSync()
            if json {
                let names = accounts.map { JSONText.string($0.collection.rawValue) }
                return JSONText.write(JSONText.fields([("forgot", "[" + names.joined(separator: ",") + "]")]))
            }
            guard !accounts.isEmpty else { return print("Nothing to forget: sync was not set up.") }
            print("Forgot the sync accounts; the list and the weights stay here, and the server keeps its copy.")
        }
    }
}

/// `--deadline SECONDS` of `sync` and `sync setup`.
enum SyncDeadline {
    static let help = ArgumentHelp(
        "Stop after this many seconds (1-86400; default GROCER_SYNC_DEADLINE, else \(DAVTimeLimits.commandDeadline)); nothing is lost.",
        valueName: "seconds")

    static func parse(_ text: String) throws -> Int {
        guard let seconds = DAVTimeLimits.seconds(text) else {
            throw ValidationError("--deadline \(VisibleText.escaped(text)): give whole seconds from 1 to 86400.")
        }
        return seconds
    }
}

/// The lines the sync commands share.
enum SyncLines {
    static let setUpHow = "run `grocer sync setup --list URL --user NAME --password-command CMD` first."
    static let notSetUp = "sync is not set up; " + setUpHow

    static func conflicts(_ count: Int) -> String {
        count == 0 ? "no conflicts" : count == 1 ? "1 conflict" : "\(count) conflicts"
    }
}
