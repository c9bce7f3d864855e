import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

extension StoreOptions {
    /// Opens the store for a command that only reads. When no store is at
    /// the path yet, nothing is created (a mistyped --store leaves no
    /// folder or file behind): one line on stderr says so and nil is
    /// returned, for the command to answer as an empty store would.
    func openForReading() throws -> Store? {
        if let store = try openForReadingQuietly() { return store }
        StandardOutput.writeError(Data((Self.noStoreYet(url.path) + "\n").utf8))
        return nil
    }

    /// The same without the line: nil when no store is there yet. A read
    /// may keep something (the trend's checkpoints, WAL mode): the pages
    /// are judged as for a write (`pageCheck`).
    func openForReadingQuietly() throws -> Store? {
        try Store.openForReading(at: url, pageCheck: pageCheck)
    }

    static func noStoreYet(_ path: String) -> String {
        "grocer: there is no store at \(VisibleText.escaped(path)) yet (grocer creates it on the first save)."
    }
}
