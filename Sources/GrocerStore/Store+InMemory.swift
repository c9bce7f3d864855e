import Foundation
import GRDB

extension Store {
    /// A store in memory with the current format: no file, no folder
    /// (`StoreOpenMode.memory`). `path` names it in messages.
    static func inMemory(path: String, timeZone: TimeZone) throws -> Store {
        var config = Configuration()
        config.foreignKeysEnabled = true
        let queue = try DatabaseQueue(configuration: config)
        try queue.write { db in try Schema.create(db) }
        return Store(path: path, writer: queue, timeZone: timeZone)
    }
}
