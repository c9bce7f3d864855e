import Foundation
import GRDB
import Testing

@testable import GrocerStore

/// Every StoreError's message, as argument-parser tests its own: one line,
/// the file named, what to do, and that nothing was changed or lost.
@Suite struct StoreErrorTests {
    static let p = "/p/s.sqlite"

    @Test(arguments: [
        (StoreError.newer(path: p, version: 9), ["newer grocer", "version 9", "Upgrade grocer", "not changed"]),
        (.foreign(path: p), ["did not write", "--store", "not changed"]),
        (.corrupt(path: p, detail: "no SQLite header"), ["damaged", "no SQLite header", "backup", "not changed"]),
        (.needsMigration(path: p, version: 2), ["older grocer", "version 2", "grocer store migrate --store /p/s.sqlite", "not changed"]),
        (.cannotCreateDirectory(path: "/p", detail: "Permission denied"), ["folder /p", "Permission denied", "--store"]),
        (.busy(path: p), ["Another grocer is using", "Try again", "nothing was lost"]),
        (.notAFile(path: p, kind: "a FIFO (named pipe)"), ["is a FIFO (named pipe), not a store file", "--store", "not touched"]),
        (.danglingLink(path: p, target: "/gone.sqlite"), ["a link to /gone.sqlite", "does not exist", "nothing was changed"]),
        (
            .unexpectedSchema(path: p, problems: ["a trigger grocer did not create: wipe_history on weight_entry", "no table item"]),
            ["a trigger grocer did not create: wipe_history on weight_entry; no table item", "backup", "not changed"]
        ),
        (.readOnly(path: p), ["read-only", "Make it writable", "nothing was saved", "nothing was lost"]),
        (.diskFull(path: p), ["full", "Free some space", "nothing was saved", "nothing was lost"]),
        (.noRoomToRead(path: p), ["full", "a read needs a little free space", "Free some space", "nothing was changed"]),
        (.moved(path: p), ["deleted or replaced", "Put the file back", "nothing was saved"]),
        (.interrupted(path: p), ["Stopped", "nothing was saved", "nothing was lost"]),
        (.io(path: p, detail: "disk I/O error"), ["disk I/O error", "nothing was lost"]),
    ])
    func everyErrorIsOneLineNamingTheFileAndWhatToDo(error: StoreError, phrases: [String]) throws {
        let text = try #require(error.errorDescription)
        #expect(text.contains(error == .cannotCreateDirectory(path: "/p", detail: "Permission denied") ? "/p" : Self.p))
        for phrase in phrases { #expect(text.contains(phrase), "\(phrase) missing from: \(text)") }
        #expect(!text.contains("\n"))
        #expect(error.exitCode == (error == .interrupted(path: Self.p) ? 130 : 2))
    }

    @Test(arguments: [
        (ResultCode.SQLITE_BUSY, StoreError.busy(path: p)),
        (.SQLITE_LOCKED, .busy(path: p)),
        (.SQLITE_READONLY, .readOnly(path: p)),
        (ResultCode(rawValue: 1032), .moved(path: p)),  // SQLITE_READONLY_DBMOVED
        (.SQLITE_FULL, .diskFull(path: p)),
        (.SQLITE_INTERRUPT, .interrupted(path: p)),
        (ResultCode(rawValue: 5 | (1 << 8)), .busy(path: p)),  // SQLITE_BUSY_RECOVERY
    ])
    func sqliteFailuresBecomeErrorsAPersonCanActOn(code: ResultCode, expected: StoreError) {
        let error = DatabaseError(resultCode: code, message: "x", sql: "INSERT INTO weight_entry VALUES (1)")
        #expect(StoreError.from(error, path: Self.p) == expected)
    }

    @Test func noMessageCarriesSQLText() {
        let error = DatabaseError(resultCode: .SQLITE_IOERR, message: "disk I/O error", sql: "INSERT INTO weight_entry VALUES (1)")
        let text = StoreError.from(error, path: Self.p).errorDescription ?? ""
        #expect(!text.contains("INSERT"))
        #expect(text.contains(Self.p))
    }
}
