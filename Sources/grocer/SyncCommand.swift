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
            The password is never kept: --password-command runs at each sync, else ~/.netrc serves. \
            The login lives in your own $XDG_CONFIG_HOME/grocer/logins, never in the store.
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
                wait for the next sync), or sync is not set up on this machine; 130 stopped by \
                Ctrl-C (what was received is kept). Each request ends after 30 s without a byte \
                or 60 s in all; the whole sync after --deadline seconds (default 600). A \
                password command found in the store (from an older grocer, or a store from \
                elsewhere) is never run as it is: on a terminal grocer shows it and asks whether \
                to keep it as your own login.
                """)

        @Flag(help: "Print a JSON object {received, sent, conflicts}.")
        var json = false

        @Option(name: .long, help: SyncDeadline.help, transform: SyncDeadline.parse)
        var deadline: Int?

        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.openExisting(orElse: Failure(SyncLines.notSetUp))
            defer { try? db.close() }
            let accounts = try db.sync.syncAccounts()
            guard !accounts.isEmpty else { throw Failure(SyncLines.notSetUp) }
            for account in accounts { try SyncLogin.settle(account, store: db, interactive: true) }
            let storePath = db.path
            let locale = store.locale
            let limits = try SyncSession.limits(deadline: deadline)
            // "12 of 122 objects" on a terminal, the line written over.
            let onTerminal = isatty(STDERR_FILENO) == 1
            let progress: (SyncAccount) -> (@Sendable (Int, Int) -> Void)? = { account in
                guard onTerminal else { return nil }
                let noun = account.collection == .list ? "items" : "objects"  // a month of weights is one (issue 35)
                return { done, all in
                    let of = done.formatted(.number.locale(locale)) + " of " + all.formatted(.number.locale(locale))
                    FileHandle.standardError.write(Data(("\r" + of + " " + noun + "\u{1B}[K").utf8))
                }
            }
            // A phone's new item is filed as one typed here (issue 33).
            let ledger = db.sync.filingNewItems(with: store.filing)
            let total = try SyncService(ledger: ledger, locale: locale).syncEveryBlocking(progress: progress) { account, work in
                defer { if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
                return try SyncSession.run(
                    account, login: { try SyncLogin.resolve(account, storePath: storePath, interactive: true) }, limits: limits, work)
            }
            if json {
                return JSONText.write(
                    JSONText.fields(total.counts.map { ($0.name, String($0.value)) }))
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
                journal entries (the weights). The URL is kept in the store; the login (--user, \
                --password-command) in your own $XDG_CONFIG_HOME/grocer/logins (~/.config/grocer/logins, \
                0600), keyed by the URL, so a store never carries a command. The password never is \
                kept: --password-command CMD runs at each sync and its first line of output is the \
                password (e.g. "pass show dav"); without it, ~/.netrc serves.
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
            if let passwordCommand, passwordCommand.allSatisfy(\.isWhitespace) {
                throw ValidationError("--password-command is empty: give the command that prints the password, or leave it out for ~/.netrc.")
            }
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
            // The logins file first: refused, nothing is run or asked.
            let resolver = SyncLogin.resolver(interactive: false)
            do { _ = try resolver.logins() } catch { throw SyncLogin.lineFor(error) }
            var found: [String] = []
            let (user, passwordCommand) = (user, passwordCommand?.trimmingCharacters(in: .whitespaces))
            if let passwordCommand, passwordCommand.unicodeScalars.contains(where: VisibleText.needsEscape) {
                throw Failure("--password-command: it holds a control character (a line break, a tab); give it on one line.")
            }
            let limits = try SyncSession.limits(deadline: deadline)
            for plan in plans {
                let host = try DAVEndpoint(plan.url).host
                let login: @Sendable () throws -> LiveTransport.Login? = {
                    try SyncLogin.given(user: user, passwordCommand: passwordCommand, host: host)
                }
                let text = try SyncSession.run(plan, setup: true, login: login, limits: limits) { client in
                    try await CollectionSetup.prepare(
                        client, for: plan.collection == .list ? .todo : .journal, displayName: plan.collection == .list ? "Groceries" : "Weights")
                }
                found.append(text)
            }
            for plan in plans {
                do {
                    try resolver.keepAsOwn(Logins.Entry(url: plan.url, user: user, passwordCommand: passwordCommand))
                } catch {
                    throw SyncLogin.lineFor(error)
                }
            }
            let db = try store.open()
            defer { try? db.close() }
            for plan in plans { try db.sync.setSyncAccount(plan) }
            if json {
                return JSONText.write(
                    array: zip(plans, found).map { plan, line in
                        JSONText.fields([
                            ("collection", JSONText.string(plan.collection.rawValue)), ("url", JSONText.string(plan.url)),
                            ("user", JSONText.string(orNull: user)), ("found", JSONText.string(line)),
                        ])
                    })
            }
            for (plan, line) in zip(plans, found) { print(VisibleText.escaped("\(plan.collection.rawValue): \(line)")) }
            print("Run `grocer sync` to sync now.")
        }

        private func account(_ collection: SyncCollection, _ url: String) throws -> SyncAccount {
            do {
                let endpoint = try DAVEndpoint(url)
                // The login goes to the person's logins file, not here.
                return SyncAccount(collection: collection, url: endpoint.url)
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
            guard let db = try store.openIfThereQuietly() else { throw Failure(SyncLines.notSetUp) }
            defer { try? db.close() }
            let resolver = SyncLogin.resolver(interactive: false)
            let rows = try SyncService(ledger: db.sync, locale: store.locale).accounts().map { state in
                (
                    account: state.account, login: SyncLoginState(resolver, SyncLogin.account(state.account, storePath: db.path)),
                    waiting: state.waiting, conflicts: state.conflicts
                )
            }
            if json {
                let objects = rows.map { row in
                    JSONText.fields([
                        ("collection", JSONText.string(row.account.collection.rawValue)), ("url", JSONText.string(row.account.url)),
                        ("user", JSONText.string(orNull: row.login.user)), ("login", JSONText.string(row.login.word)),
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
                        "\(row.account.collection.rawValue): \(row.account.url)\(row.login.user.map { " as \($0)" } ?? ""), \(last), "
                            + "\(row.waiting) waiting, \(SyncLines.conflicts(row.conflicts))\(row.login.remark)"))
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
                let service = SyncService(ledger: db.sync, locale: store.locale)
                let conflict: SyncConflict
                do {
                    conflict = try take.map { try service.takeOther(id: $0) } ?? service.dismiss(id: dismiss ?? 0)
                } catch is SyncService.NoSuchConflict {
                    throw Failure("there is no conflict \(take ?? dismiss ?? 0); `grocer sync conflicts` lists them.")
                }
                return print(
                    take != nil ? VisibleText.escaped("Took the other value of \(conflict.title); it goes at the next sync.") : "Dismissed.")
            }
            guard let db = try store.openIfThereQuietly() else { return json ? JSONText.write(array: []) : () }
            defer { try? db.close() }
            let conflicts = try db.sync.syncConflicts()
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
            abstract: "Forget the accounts, tokens and conflicts; the list and the weights stay.",
            discussion: """
                Your logins file ($XDG_CONFIG_HOME/grocer/logins) is left as it is: it is yours, \
                and other stores may sync with the same collections. Remove a collection's lines \
                from it by hand to forget its login.
                """)

        @Flag(help: "Print a JSON object {forgot}: the collections that were set up.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.openIfThereQuietly()
            defer { try? db?.close() }
            let accounts = try db?.sync.syncAccounts() ?? []
            try db?.sync.forgetSync()
            if json {
                let names = accounts.map { JSONText.string($0.collection.rawValue) }
                return JSONText.write(JSONText.fields([("forgot", "[" + names.joined(separator: ",") + "]")]))
            }
            guard !accounts.isEmpty else { return print("Nothing to forget: sync was not set up.") }
            print("Forgot the sync accounts; the list and the weights stay here, and the server keeps its copy.")
            print("Your logins file is left as it is: " + (SyncLogin.loginsPath.map(VisibleText.escaped) ?? "~/.config/grocer/logins") + ".")
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

/// What `grocer sync status` says of an account's login on this machine:
/// the user it logs in as, and whether it is set up here (nothing is run
/// to find out).
struct SyncLoginState {
    var user: String?
    /// "here", "not set up here", "store command" or "refused".
    var word: String
    /// What the status line adds: nothing when it is set up here.
    var remark: String

    init(_ resolver: SyncLoginResolver, _ account: SyncLoginResolver.Account) {
        do {
            let (choice, entry) = try resolver.look(account)
            switch choice {
            case .here(let credentials):
                if case .login(let user, _) = credentials { self.user = entry?.user ?? user } else { self.user = entry?.user }
                word = "here"
                remark = ""
            case .notSetUpHere:
                word = "not set up here"
                remark = "; login not set up here: run `grocer sync setup \(account.option) \(account.url) --user NAME --password-command CMD`"
            case .storeCommand:
                word = "store command"
                remark = "; login not set up here: the store holds a password command, not run; run `grocer sync` on a terminal to see it"
            }
        } catch {
            word = "refused"
            remark = "; login: \(error.description)"
        }
    }
}
