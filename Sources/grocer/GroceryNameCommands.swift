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
    /// `{"id", "name"}`, and `"position"` for an aisle.
    static func json(_ entry: GroceryNames.Entry) -> String {
        var fields = [(key: "id", value: String(entry.id)), (key: "name", value: JSONText.string(entry.name))]
        if let position = entry.position { fields.append((key: "position", value: String(position))) }
        return JSONText.fields(fields)
    }

    static func find(_ kind: GroceryNameKind, named name: String, in db: Store, locale: Locale) throws -> GroceryNames.Entry {
        guard let found = try db.names(kind).find(named: name, locale: locale) else { throw notFound(kind, name, path: db.path) }
        return found
    }

    static func notFound(_ kind: GroceryNameKind, _ name: String, path: String) -> StoreError {
        .notFound(path: path, kind: .name(kind), reference: "named \"\(name)\"")
    }

    /// `... list`: aisles as "position<TAB>name", the others one name a line.
    static func list(_ kind: GroceryNameKind, json: Bool, store: StoreOptions) throws {
        guard let db = try store.openIfThere() else {
            if json { JSONText.write(array: []) }
            return
        }
        defer { try? db.close() }
        let names = try StoreAccess.reading(db.path) { try db.names(kind).all(locale: store.locale) }
        if json { return JSONText.write(array: names.map(Self.json)) }
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
        let added = try StoreAccess.writing(db.path) { try db.names(kind).add(named: name, locale: locale) }
        if json { return JSONText.write(Self.json(added)) }
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
            let renamed = try db.names(kind).rename(id: found.id, to: new, locale: locale).currentName
            if json { return JSONText.write(Self.json(GroceryNames.Entry(kind: kind, id: found.id, name: renamed, position: found.position))) }
            print("Renamed \(kind.noun) \(VisibleText.escaped(found.name)) to \(renamed).")
        }
    }

    static func remove(_ kind: GroceryNameKind, name: String, json: Bool, store: StoreOptions) throws {
        let db = try store.openExisting(orElse: notFound(kind, name, path: store.url.path))
        defer { try? db.close() }
        try StoreAccess.writing(db.path) {
            let found = try find(kind, named: name, in: db, locale: store.locale)
            try db.names(kind).delete(id: found.id)
            if json { return JSONText.write(Self.json(found)) }
            let without: String
            switch kind {
            case .aisle: without = "in no aisle"
            case .place: without = "kept nowhere in particular"
            case .unit: without = "counted in no unit"
            }
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
