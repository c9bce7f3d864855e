import GrocerCore
import GrocerStore
import Testing

@testable import GrocerApp

/// The store's errors on the screen: the same line as on the command
/// line, the remedy worded for the screen (never a flag or a command).
@Suite struct StoreErrorScreenTests {
    static let path = "/home/p/grocer.sqlite"

    @Test(arguments: [
        (
            StoreError.foreign(path: path),
            "/home/p/grocer.sqlite is an SQLite file that grocer did not write. Start grocer on a grocer store or a new path instead; the file was not changed."
        ),
        (
            .needsMigration(path: path, version: 2),
            "/home/p/grocer.sqlite was written by an older grocer (format version 2). Start grocer again to migrate it; the file was not changed."
        ),
        (
            .notFound(path: path, kind: .name(.place), reference: "with id 4"),
            "/home/p/grocer.sqlite has no storage place with id 4. Choose one from the list; nothing was changed."
        ),
        (
            .cannotCreateDirectory(path: "/home/p", detail: "Permission denied"),
            "Cannot create the folder /home/p for the store (Permission denied). Check its permissions, or start grocer on a store elsewhere."
        ),
        (
            .notAFile(path: path, kind: "a folder"),
            "/home/p/grocer.sqlite is a folder, not a store file. Start grocer on a file or a new path instead; it was not touched."
        ),
        (
            .danglingLink(path: path, target: "/gone"),
            "/home/p/grocer.sqlite is a link to /gone, which does not exist. Start grocer on the real file, or remove the link; nothing was changed."
        ),
        (
            .noSuchWeight(path: path, ids: [3, 9]),
            "/home/p/grocer.sqlite has no weight with the ids 3, 9. Choose one from the history; nothing was changed."
        ),
        (.busy(path: path), StoreError.busy(path: path).errorDescription!),
    ])
    func aStoreErrorOnTheScreenNamesNoFlagOrCommand(error: StoreError, line: String) {
        #expect(error.onScreen == line)
        #expect(!error.onScreen.contains("--") && !error.onScreen.contains("'grocer "))
    }
}
