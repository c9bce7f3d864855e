import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

extension StoreOptions {
    /// Opens the store if it is there, for a command about what is there
    /// (a list, a trend, a clear, a forget). When no store is at the path
    /// yet, nothing is created (a mistyped --store leaves no folder or file
    /// behind): one line on stderr says so and nil is returned, for the
    /// command to answer as an empty store would.
    func openIfThere() throws -> Store? {
        if let store = try openIfThereQuietly() { return store }
        StandardOutput.writeError(Data((Self.noStoreYet(url.path) + "\n").utf8))
        return nil
    }

    /// The same without the line: nil when no store is there yet. The
    /// connection reads and writes (a clear, a forget; a read may keep the
    /// trend's checkpoints, WAL mode): the pages are judged as for a write
    /// (`pageCheck`).
    func openIfThereQuietly() throws -> Store? {
        do {
            return try Store.open(at: url.path, mode: .existing, zone: zone, stop: .process, pageCheck: pageCheck)
        } catch StoreError.noStore {
            return nil
        }
    }

    static func noStoreYet(_ path: String) -> String {
        "grocer: there is no store at \(VisibleText.escaped(path)) yet (grocer creates it on the first save)."
    }
}
