import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

extension WeightCommand {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Remove weights by id.",
            discussion: "All or nothing: when an id has no weight, nothing is removed.")

        @Argument(help: ArgumentHelp("The weights' ids (see 'grocer weight list').", valueName: "id"))
        var ids: [Int64]

        @Flag(help: "Print the removed entries as a JSON array of {id, recordedAt, value, unit}.")
        var json = false

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if ids.isEmpty { throw ValidationError("Give the id of at least one weight to remove.") }
        }

        func run() throws {
            let db = try store.open()
            defer { try? db.close() }
            let removed = try StoreAccess.writing(db.path) { try db.weights.delete(ids: ids) }
            if json { return JSONText.write(array: removed.map(JSONText.object)) }
            let shown = try StoreOptions.shownUnit(nil, db)
            for entry in removed { print("Removed id \(entry.id): \(WeightCommand.describe(entry, in: shown))") }
        }
    }
}
