import Foundation
import GRDB

extension Store {
    /// A store in memory with the current format: no file, no folder (a
    /// dry run where no store is yet, and tests). `path` names it in
    /// messages.
    public static func inMemory(path: String = ":memory:", timeZone: TimeZone = .current) throws -> Store {
        var config = Configuration()
        config.foreignKeysEnabled = true
        let queue = try DatabaseQueue(configuration: config)
        try queue.write { db in try Schema.create(db) }
        return Store(path: path, writer: queue, timeZone: timeZone)
    }
}
