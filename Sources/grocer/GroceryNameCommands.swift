import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

/// What `grocer aisles`, `grocer storage` and `grocer units` share: list,
/// add, rename and delete by name (compared ignoring case, as quick entry
/// does). A name that is not there is one line, exit 2; commands that
/// need one create no store.
enum GroceryNameCommands {
    struct Named {
        let id: Int64
        let name: String
        let position: Int?

        /// `{"id", "name"}`, and `"position"` for an aisle.
        var json: String {
            var fields = [(key: "id", value: String(id)), (key: "name", value: JSONText.string(name))]
            if let position { fields.append((key: "position", value: String(position))) }
            return JSONText.fields(fields)
        }
    }

    static func all(_ kind: GroceryNameKind, _ db: Store, locale: Locale) throws -> [Named] {
        switch kind {
        case .aisle: return try db.aisles().map { Named(id: $0.id, name: $0.name, position: $0.position) }
        case .place: return try db.places(locale: locale).map { Named(id: $0.id, name: $0.name, position: nil) }
        case .unit: return try db.units().map { Named(id: $0.id, name: $0.name, position: nil) }
        }
    }

    static func find(_ kind: GroceryNameKind, named name: String, in db: Store, locale: Locale) throws -> Named {
        let found: Named?
        switch kind {
        case .aisle: found = try db.aisle(named: name, locale: locale).map { Named(id: $0.id, name: $0.name, position: $0.position) }
        case .place: found = try db.place(named: name, locale: locale).map { Named(id: $0.id, name: $0.name, position: nil) }
        case .unit: found = try db.unit(named: name, locale: locale).map { Named(id: $0.id, name: $0.name, position: nil) }
        }
        guard let found else { throw notFound(kind, name, path: db.path) }
        return found
    }

    static func notFound(_ kind: GroceryNameKind, _ name: String, path: String) -> StoreError {
        .notFound(path: path, kind: .name(kind), reference: "named \"\(name)\"")
    }

    /// `... list`: aisles as "position<TAB>name", the others one name a line.
    static func list(_ kind: GroceryNameKind, json: Bool, store: StoreOptions) throws {
        guard let db = try store.openForReading() else {
            if json { JSONText.write(array: []) }
            return
        }
        defer { try? db.close() }
        let names = try StoreAccess.reading(db.path) { try all(kind, db, locale: store.locale) }
        if json { return JSONText.write(array: names.map(\.json)) }
        var out = OutputBuffer()
        for named in names {
            let name = VisibleText.escaped(named.name)
            out.write(named.position.map { "\($0)\t\(name)\n" } ?? "\(name)\n")
        }
        out.flush()
    }

    static func add(_ kind: GroceryNameKind, name: String, json: Bool, store: StoreOptions) throws {
        let locale = store.locale
        let db = try store.open()
        defer { try? db.close() }
        let added = try StoreAccess.writing(db.path) {
            switch kind {
            case .aisle:
                let aisle = try db.addAisle(named: name, locale: locale)
                return Named(id: aisle.id, name: aisle.name, position: aisle.position)
            case .place:
                let place = try db.addPlace(named: name, locale: locale)
                return Named(id: place.id, name: place.name, position: nil)
            case .unit:
                let unit = try db.addUnit(named: name, locale: locale)
                return Named(id: unit.id, name: unit.name, position: nil)
            }
        }
        if json { return JSONText.write(added.json) }
        switch kind {
        case .aisle: print("Added aisle \(added.name) at position \(added.position ?? 0).")
        case .place: print("Added storage place \(added.name).")
        case .unit: print("Added unit \(added.name).")
        }
    }

    static func rename(_ kind: GroceryNameKind, from old: String, to new: String, json: Bool, store: StoreOptions) throws {
        let locale = store.locale
        let db = try store.openExisting(orElse: notFound(kind, old, path: store.url.path))
        defer { try? db.close() }
        try StoreAccess.writing(db.path) {
            let found = try find(kind, named: old, in: db, locale: locale)
            let renamed: String
            switch kind {
            case .aisle: renamed = try db.renameAisle(id: found.id, to: new, locale: locale).name
            case .place: renamed = try db.renamePlace(id: found.id, to: new, locale: locale).name
            case .unit: renamed = try db.renameUnit(id: found.id, to: new, locale: locale).name
            }
            if json { return JSONText.write(Named(id: found.id, name: renamed, position: found.position).json) }
            print("Renamed \(kind.noun) \(VisibleText.escaped(found.name)) to \(renamed).")
        }
    }

    static func remove(_ kind: GroceryNameKind, name: String, json: Bool, store: StoreOptions) throws {
        let db = try store.openExisting(orElse: notFound(kind, name, path: store.url.path))
        defer { try? db.close() }
        try StoreAccess.writing(db.path) {
            let found = try find(kind, named: name, in: db, locale: store.locale)
            let without: String
            switch kind {
            case .aisle:
                try db.deleteAisle(id: found.id)
                without = "in no aisle"
            case .place:
                try db.deletePlace(id: found.id)
                without = "kept nowhere in particular"
            case .unit:
                try db.deleteUnit(id: found.id)
                without = "counted in no unit"
            }
            if json { return JSONText.write(found.json) }
            print("Deleted \(kind.noun) \(VisibleText.escaped(found.name)); its items keep working, \(without).")
        }
    }
}

/// `--json`, as every list, add, rename and rm of names takes it.
struct NameJSONFlag: ParsableArguments {
    @Flag(help: "Print JSON: what it lists, added, renamed (as it is now) or deleted (as it was), as {id, name} (aisles: and position).")
    var json = false
}

/// NAME, as `add` and `rm` take it.
struct NameArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The name (compared ignoring case).", valueName: "name"))
    var name: String
}

/// OLD NEW, as `rename` takes them.
struct RenameArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The name it has.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The name to give it.", valueName: "new"))
    var new: String
}
