import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore
import Testing

/// Every error a command can end with, case by case: its exact line and
/// exit status (as argument-parser tests its messages).
@Suite struct ErrorReportTests {
    struct Root: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "grocer", version: "9.9", subcommands: [Add.self])
    }

    struct Add: ParsableCommand {
        @Argument var value: String
        @Option var count: Int = 1
    }

    static let path = "/home/p/grocer.sqlite"

    /// The case names an exhaustive switch knows: a new case fails to
    /// compile here until it has a row in the tables below.
    static func name(_ error: StoreError) -> String {
        switch error {
        case .newer: "newer"
        case .foreign: "foreign"
        case .corrupt: "corrupt"
        case .needsMigration: "needsMigration"
        case .nameTaken: "nameTaken"
        case .notFound: "notFound"
        case .badName: "badName"
        case .cannotCreateDirectory: "cannotCreateDirectory"
        case .busy: "busy"
        case .notAFile: "notAFile"
        case .danglingLink: "danglingLink"
        case .unexpectedSchema: "unexpectedSchema"
        case .readOnly: "readOnly"
        case .diskFull: "diskFull"
        case .noRoomToRead: "noRoomToRead"
        case .moved: "moved"
        case .interrupted: "interrupted"
        case .io: "io"
        case .missingTable: "missingTable"
        case .missingColumns: "missingColumns"
        case .unreadableRows: "unreadableRows"
        case .noSuchWeight: "noSuchWeight"
        case .changedElsewhere: "changedElsewhere"
        case .noStore: "noStore"
        }
    }

    static func name(_ error: MigrationError) -> String {
        switch error {
        case .notNeeded: "notNeeded"
        case .refused: "refused"
        case .busy: "busy"
        case .insufficientSpace: "insufficientSpace"
        case .diskFull: "diskFull"
        case .io: "io"
        case .verificationFailed: "verificationFailed"
        case .cancelled: "cancelled"
        case .unexpectedSchema: "unexpectedSchema"
        }
    }

    static func name(_ error: CommandError) -> String {
        switch error {
        case .notAWeight: "notAWeight"
        case .overMaximum: "overMaximum"
        case .couldNotRead: "couldNotRead"
        case .couldNotWrite: "couldNotWrite"
        case .notATime: "notATime"
        case .notADate: "notADate"
        case .impossibleTime: "impossibleTime"
        case .nothingToEdit: "nothingToEdit"
        case .badNote: "badNote"
        case .notStones: "notStones"
        case .farFromTrend: "farFromTrend"
        case .notABodyFat: "notABodyFat"
        case .fatAndNoFat: "fatAndNoFat"
        }
    }

    static let storeErrors: [(StoreError, String)] = [
        (
            .newer(path: path, version: 9),
            "grocer: /home/p/grocer.sqlite was written by a newer grocer (format version 9; this grocer knows up to \(StoreFormat.currentVersion)). Upgrade grocer to open it; the file was not changed."
        ),
        (
            .foreign(path: path),
            "grocer: /home/p/grocer.sqlite is an SQLite file that grocer did not write. Point --store (or GROCER_STORE) at a grocer store or a new path; the file was not changed."
        ),
        (
            .corrupt(path: path, detail: "file is not a database"),
            "grocer: /home/p/grocer.sqlite is damaged or not an SQLite file (file is not a database). Restore it from a backup, or move it aside to start a new store; the file was not changed."
        ),
        (
            .needsMigration(path: path, version: 2),
            "grocer: /home/p/grocer.sqlite was written by an older grocer (format version 2). Migrate it with 'grocer store migrate --store /home/p/grocer.sqlite'; the file was not changed."
        ),
        (
            .nameTaken(path: path, kind: .name(.aisle), name: "Baking"),
            "grocer: /home/p/grocer.sqlite already has an aisle named \"Baking\" (names are compared ignoring case). Choose another name; nothing was changed."
        ),
        (
            .notFound(path: path, kind: .name(.place), reference: "named \"Cellar\u{1B}\""),
            "grocer: /home/p/grocer.sqlite has no storage place named \"Cellar^[\". See them with 'grocer storage list'; nothing was changed."
        ),
        (
            .badName(path: path, kind: .name(.unit), reason: "cannot be empty"),
            "grocer: Unit names cannot be empty; nothing was changed."
        ),
        (
            .nameTaken(path: path, kind: .item, name: "ham"),
            "grocer: /home/p/grocer.sqlite already has an item named \"ham\" (names are compared ignoring case). Choose another name; nothing was changed."
        ),
        (
            .notFound(path: path, kind: .item, reference: "with id 42"),
            "grocer: /home/p/grocer.sqlite has no item with id 42. See them with 'grocer items list'; nothing was changed."
        ),
        (
            .badName(path: path, kind: .item, reason: "cannot be empty"),
            "grocer: Item names cannot be empty; nothing was changed."
        ),
        (
            .cannotCreateDirectory(path: "/home/p", detail: "Permission denied"),
            "grocer: Cannot create the folder /home/p for the store (Permission denied). Check its permissions, or choose another place with --store PATH."
        ),
        (
            .busy(path: path),
            "grocer: Another grocer is using /home/p/grocer.sqlite and did not finish in time. Try again in a moment; nothing was saved and nothing was lost."
        ),
        (
            .notAFile(path: "/dev/null", kind: "a character device"),
            "grocer: /dev/null is a character device, not a store file. Point --store (or GROCER_STORE) at a file or a new path; it was not touched."
        ),
        (
            .danglingLink(path: path, target: "/gone"),
            "grocer: /home/p/grocer.sqlite is a link to /gone, which does not exist. Point --store at the real file, or remove the link; nothing was changed."
        ),
        (
            .unexpectedSchema(path: path, problems: ["weight_entry is a view, not a table"]),
            "grocer: /home/p/grocer.sqlite is not as grocer made it: weight_entry is a view, not a table. Restore it from a backup, or move it aside to start a new store; the file was not changed."
        ),
        (
            .readOnly(path: path),
            "grocer: Cannot write to /home/p/grocer.sqlite: the file or its folder is read-only (file mode or a read-only disk). Make it writable and try again; nothing was saved and nothing was lost."
        ),
        (
            .diskFull(path: path),
            "grocer: The disk holding /home/p/grocer.sqlite is full (or a file size limit was reached). Free some space and try again; nothing was saved and nothing was lost."
        ),
        (
            .noRoomToRead(path: path),
            "grocer: The disk holding /home/p/grocer.sqlite is full, and even a read needs a little free space beside the store (about 40 KB, for SQLite's -shm file). Free some space and try again; nothing was changed."
        ),
        (
            .moved(path: path),
            "grocer: /home/p/grocer.sqlite was deleted or replaced while grocer had it open. Put the file back (or restore it from a backup) and start grocer again; nothing was saved."
        ),
        (
            .io(path: path, detail: "disk I/O error"),
            "grocer: Cannot use the store /home/p/grocer.sqlite: disk I/O error. Nothing was saved and nothing was lost."
        ),
        (
            .missingTable(path: path, table: "item"),
            "grocer: /home/p/grocer.sqlite has no table 'item', which every grocer store has: the file was changed outside grocer. Restore it from a backup, or move it aside to start a new store; the file was not changed."
        ),
        (
            .missingColumns(path: path, table: "unit", columns: ["name"]),
            "grocer: /home/p/grocer.sqlite: the table 'unit' lacks the column 'name' that grocer reads: the file was changed outside grocer. Restore it from a backup, or move it aside to start a new store; the file was not changed."
        ),
        (
            .unreadableRows(path: path, report: oneUnreadableRow),
            "grocer: /home/p/grocer.sqlite: 1 row could not be read (weight_entry id 7: recorded_at is NULL). They were left in the file as they are; fix or delete them with sqlite3, or restore the file from a backup."
        ),
        (
            .noSuchWeight(path: path, ids: [12]),
            "grocer: /home/p/grocer.sqlite has no weight with the id 12. See the ids with 'grocer weight list'; nothing was changed."
        ),
        (
            .changedElsewhere(path: path),
            "grocer: Could not undo: another grocer changed or deleted it since, and it is left as they made it."
        ),
        (
            .noStore(path: path),
            "grocer: There is no store at /home/p/grocer.sqlite yet (grocer creates it on the first save); nothing was created."
        ),
    ]

    @Test func everyStoreErrorCaseHasARow() {
        #expect(Set(Self.storeErrors.map { Self.name($0.0) } + [Self.name(Self.interrupted)]).count == 24)
    }

    static let interrupted = StoreError.interrupted(path: path)

    static var oneUnreadableRow: ReadReport {
        var report = ReadReport()
        report.add(UnreadableRow(table: "weight_entry", id: 7, reason: "recorded_at is NULL"))
        return report
    }

    /// The screen's refusal at launch, read on a terminal: wrapped at
    /// spaces to its width, every word whole, nothing cut off; a width too
    /// narrow to help leaves the line as it is.
    @Test func aReportWrapsToATerminalsWidthWithNothingCutOff() {
        let report = ErrorReport(for: StoreError.corrupt(path: Self.path, detail: "database disk image is malformed"), command: Root.self)
        let wrapped = report.wrapped(toWidth: 40)
        let lines = wrapped.text.split(separator: "\n").map(String.init)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.joined(separator: " ") == report.text)
        #expect(lines.last?.hasSuffix("the file was not changed.") == true)
        #expect(wrapped.status == 2 && wrapped.stream == .standardError)
        #expect(report.wrapped(toWidth: 10) == report)
        #expect(report.wrapped(toWidth: 1000) == report)
    }

    @Test func aStoppedStatementIsStatus130() {
        let report = ErrorReport(for: Self.interrupted, command: Root.self)
        #expect(
            report
                == ErrorReport(
                    text: "grocer: Stopped while using /home/p/grocer.sqlite; nothing was saved and nothing was lost.", stream: .standardError,
                    status: 130))
    }

    @Test(arguments: storeErrors)
    func storeErrorIsOneLineOnStandardErrorWithStatus2(error: StoreError, line: String) {
        let report = ErrorReport(for: error, command: Root.self)
        #expect(report == ErrorReport(text: line, stream: .standardError, status: 2))
    }

    static let migrationErrors: [(MigrationError, String, ErrorReport.Stream, Int32)] = [
        (.notNeeded(path: path, state: .missing), "There is no store at /home/p/grocer.sqlite; nothing to migrate.", .standardOutput, 0),
        (
            .notNeeded(path: path, state: .current),
            "/home/p/grocer.sqlite is already at format version \(StoreFormat.currentVersion); nothing to migrate.", .standardOutput, 0
        ),
        (
            .refused(.foreign(path: path)),
            "grocer: /home/p/grocer.sqlite is an SQLite file that grocer did not write. Point --store (or GROCER_STORE) at a grocer store or a new path; the file was not changed.",
            .standardError, 2
        ),
        (
            .busy(path: path),
            "grocer: Another grocer is migrating /home/p/grocer.sqlite right now. Wait for it to finish, then try again; the file was not changed.",
            .standardError, 2
        ),
        (
            .insufficientSpace(path: path, needed: 2_500_000, available: 1_000_000),
            "grocer: Not enough free space to migrate /home/p/grocer.sqlite: about 2.5 MB needed, 1.0 MB free. Free some space and try again; the file was not changed.",
            .standardError, 2
        ),
        (
            .diskFull(path: path),
            "grocer: The disk became full (or a file size limit was reached) while migrating /home/p/grocer.sqlite. Free some space and try again; the file was not changed.",
            .standardError, 2
        ),
        (
            .io(path: path, detail: "No such file"), "grocer: Migrating /home/p/grocer.sqlite failed: No such file. The file was not changed.",
            .standardError, 2
        ),
        (
            .verificationFailed(path: path, detail: "3 rows missing"),
            "grocer: The migrated copy of /home/p/grocer.sqlite did not verify (3 rows missing); it was thrown away and the file was not changed. Please report this.",
            .standardError, 2
        ),
        (.cancelled(path: path), "grocer: Migration stopped; /home/p/grocer.sqlite was left as it was.", .standardError, 130),
        (
            .unexpectedSchema(path: path, version: 2, detail: "weight_entry is a view"),
            "grocer: /home/p/grocer.sqlite says it is a grocer store of format version 2, but its tables are not what that version wrote (weight_entry is a view). grocer will not read it; restore it from a backup, or move it aside to start a new store. The file was not changed.",
            .standardError, 2
        ),
    ]

    @Test func everyMigrationErrorCaseHasARow() {
        #expect(Set(Self.migrationErrors.map { Self.name($0.0) }).count == 9)
    }

    @Test(arguments: migrationErrors)
    func migrationErrorHasItsLineStreamAndStatus(error: MigrationError, line: String, stream: ErrorReport.Stream, status: Int32) {
        #expect(ErrorReport(for: error, command: Root.self) == ErrorReport(text: line, stream: stream, status: status))
    }

    static let commandErrors: [(CommandError, String)] = [
        (.notAWeight("7x"), "grocer: '7x' is not a weight: give a decimal above 0 with at most 2 decimals, e.g. 72.5."),
        (.overMaximum("2000", maximum: 1500, unit: .lbs), "grocer: '2000' is over the largest weight grocer takes (1500 lbs)."),
        (
            .couldNotRead(path: path),
            "grocer: Could not read the store /home/p/grocer.sqlite. Check that the file is still there and readable (grocer store status --store /home/p/grocer.sqlite), then try again; nothing was changed."
        ),
        (
            .couldNotWrite(path: path),
            "grocer: Could not save to /home/p/grocer.sqlite: the file or its folder cannot be written (read-only, full, or removed). Free some space or fix its permissions, then try again; nothing was lost."
        ),
        (
            .notATime("noon"),
            "grocer: 'noon' is not a time: give 2026-01-05T07:30:00Z (UTC), '2026-01-05 07:30' (local), 2026-01-05 (12:00 local), "
                + "today, yesterday or -3d (3 days ago, at most -36500d), each optionally followed by a time ('yesterday 7:25'), "
                + "or a time alone (7:25, today)."
        ),
        (.notADate("5/1/2026"), "grocer: '5/1/2026' is not a date: give YYYY-MM-DD, e.g. 2026-01-05."),
        (
            .impossibleTime("2030-01-01", .inTheFuture),
            "grocer: '2030-01-01' is in the future: a weigh-in can be at most 5 minutes after now; nothing was saved."
        ),
        (
            .impossibleTime("0001-01-01", .beforeEarliest),
            "grocer: '0001-01-01' is before 1900: grocer takes weigh-ins from 1900 on; nothing was saved."
        ),
        (.nothingToEdit, "grocer: Nothing to change: give --value, --unit, --at, --note, --fat or --no-fat (see grocer weight edit --help)."),
        (
            .notStones("11 14"),
            "grocer: '11 14' is not a weight in stones: give whole stones, then the pounds below 14, e.g. '11 4.5' or '11 st 4.5 lb' (at most 1500 lbs)."
        ),
        (
            .badNote(.tooLong(count: 201)),
            "grocer: That --note cannot be kept: a note has at most 200 characters (this one has 201); shorten it. Nothing was saved."
        ),
        (
            .farFromTrend(
                FarFromTrend(
                    weight: Weight(digits: "7.87", unit: .kg)!, trend: Decimal(string: "78.46")!, unit: .kg,
                    suggestion: Weight(digits: "78.7", unit: .kg))),
            "grocer: 7.87 kg is far from your trend, 78.5 kg: a typo (78.7 kg?)? Nothing was saved; give --force to keep 7.87 kg."
        ),
        (
            .notABodyFat("140"),
            "grocer: '140' is not a body fat: give a percentage above 0 and below 100 with at most 2 decimals, e.g. 18.4; nothing was saved."
        ),
        (.fatAndNoFat, "grocer: Give --fat or --no-fat, not both; nothing was changed."),
    ]

    @Test func everyCommandErrorCaseHasARow() {
        #expect(Set(Self.commandErrors.map { Self.name($0.0) }).count == 13)
    }

    @Test(arguments: commandErrors)
    func commandErrorIsOneLineWithStatus2(error: CommandError, line: String) {
        #expect(ErrorReport(for: error, command: Root.self) == ErrorReport(text: line, status: 2))
    }

    @Test(arguments: [
        (
            TipInputError.billNotDigits("7\u{301}2"),
            "grocer tip: bill \"7\u{301}2\" is not a number of minor units: give 1 to 12 digits only (5632 is 56.32)"
        ),
        (.billTooLong("1234567890123"), "grocer tip: bill \"1234567890123\" is too long: give 1 to 12 digits (leading zeros do not count)"),
        (.percentOutOfRange("31"), "grocer tip: custom percent \"31\" is out of range: give a whole percent from 0 to 30"),
        (.splitOutOfRange("0"), "grocer tip: split \"0\" is out of range: give a whole number of people from 1 to 20"),
    ])
    func tipInputErrorIsOneLineWithStatus2(error: TipInputError, line: String) {
        #expect(ErrorReport(for: error, command: Root.self) == ErrorReport(text: line, status: 2))
    }

    @Test func failureIsItsLineWithStatus2() {
        #expect(ErrorReport(for: Failure("no terminal"), command: Root.self) == ErrorReport(text: "grocer: no terminal", status: 2))
    }

    /// Stopped by Ctrl-C: its own line of what was kept, status 130.
    @Test func stoppedIsItsLineWithStatus130() {
        #expect(ErrorReport(for: Stopped("stopped; kept"), command: Root.self) == ErrorReport(text: "grocer: stopped; kept", status: 130))
    }

    @Test(arguments: [Int32(0), 1, 2, 130])
    func exitCodeIsItsStatusWithoutText(status: Int32) {
        #expect(ErrorReport(for: ExitCode(status), command: Root.self) == ErrorReport(text: "", status: status))
    }

    @Test func cancellationIsStatus130() {
        #expect(ErrorReport(for: CancellationError(), command: Root.self).status == 130)
    }

    struct SQLFailure: Error, CustomStringConvertible {
        var description: String { "SQLite error 8: attempt to write a readonly database - while executing `INSERT INTO weight_entry`" }
    }

    @Test func anUnexpectedErrorIsAGenericLineWithStatus1AndNoRawText() {
        let report = ErrorReport(for: SQLFailure(), command: Root.self)
        #expect(report.status == 1)
        #expect(report.stream == .standardError)
        #expect(
            report.text
                == "grocer: an unexpected error (GrocerCLITests.ErrorReportTests.SQLFailure) stopped the command. Check the store with 'grocer store status', and please report this."
        )
        #expect(!report.text.contains("INSERT"))
    }

    static func parseError(_ arguments: [String]) -> any Error {
        do {
            // `--help` parses as argument-parser's help command, whose
            // run() throws the request, as in grocer's main.
            var command = try Root.parseAsRoot(arguments)
            try command.run()
            return CancellationError()
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (["add"], "grocer: Missing expected argument '<value>'"),
        (["add", "1", "--count", "x"], "grocer: The value 'x' is invalid for '--count <count>'"),
        (["nope"], "grocer: Unexpected argument 'nope'"),
        (["add", "1", "--\u{1B}]0;pwned\u{07}"], "grocer: Unknown option '--^[]0;pwned^G'"),
    ])
    func usageErrorIsStatus2WithTheParsersMessage(arguments: [String], start: String) {
        let report = ErrorReport(for: Self.parseError(arguments), command: Root.self)
        #expect(report.status == 2)
        #expect(report.stream == .standardError)
        #expect(report.text.hasPrefix(start), "\(report.text)")
        #expect(!report.text.contains("\u{1B}"))
    }

    @Test(arguments: [["--help"], ["--version"]])
    func helpAndVersionAreStatus0OnStandardOutput(arguments: [String]) {
        let report = ErrorReport(for: Self.parseError(arguments), command: Root.self)
        #expect(report.status == 0)
        #expect(report.stream == .standardOutput)
        #expect(!report.text.isEmpty)
    }

    @Test func aNameFromTheFileIsShownNotObeyed() {
        let report = ErrorReport(for: StoreError.corrupt(path: "/tmp/\u{1B}[2Jx", detail: "bad\u{9B}31m"), command: Root.self)
        #expect(report.text.hasPrefix("grocer: /tmp/^[[2Jx is damaged or not an SQLite file (bad\\u{9B}31m)."))
    }

    @Test func storeAccessNamesAReadAsARead() throws {
        #expect(throws: CommandError.couldNotRead(path: Self.path)) {
            try StoreAccess.reading(Self.path) { throw SQLFailure() }
        }
        #expect(throws: CommandError.couldNotWrite(path: Self.path)) {
            try StoreAccess.writing(Self.path) { throw SQLFailure() }
        }
        #expect(throws: StoreError.foreign(path: Self.path)) {
            try StoreAccess.writing(Self.path) { throw StoreError.foreign(path: Self.path) }
        }
        #expect(try StoreAccess.reading(Self.path) { 7 } == 7)
    }
}
