import Foundation
import GRDB

/// A row of `sync_account` (format version 7): where one collection syncs.
/// Times are Unix seconds, UTC.
struct SyncAccountRow: Equatable {
    var account: SyncAccount

    /// The table's columns, each name spelled here only.
    enum Columns: String, ColumnExpression, CaseIterable {
        case collection, url, user
        case passwordCommand = "password_command"
        case token
        case lastSync = "last_sync"
    }

    static let shape = TableShape(name: databaseTableName, columns: Columns.allCases.map(\.name))
}

extension SyncAccountRow: TableRecord {
    static let databaseTableName = "sync_account"
    static var databaseSelection: [any SQLSelectable] { Columns.allCases }
}

extension SyncAccountRow: FetchableRecord {
    init(row: Row) throws {
        account = SyncAccount(
            collection: try row.collection(Columns.collection), url: try row.text(Columns.url),
            user: try row.optionalSyncText(Columns.user), passwordCommand: try row.optionalSyncText(Columns.passwordCommand),
            token: try row.optionalSyncText(Columns.token), lastSync: try row.optionalInteger(Columns.lastSync).map(Date.unixSeconds))
    }
}

extension SyncAccountRow {
    /// Inserts the row, or writes every column of the collection's row;
    /// `password_command` is always written NULL: a login lives in the
    /// person's logins file, never in a store (issue 36).
    /// (GRDB's upsert reads back a rowid, which a WITHOUT ROWID table has not.)
    func write(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO sync_account (collection, url, user, password_command, token, last_sync) VALUES (?, ?, ?, NULL, ?, ?)
                ON CONFLICT (collection) DO UPDATE SET url = excluded.url, user = excluded.user,
                  password_command = NULL, token = excluded.token, last_sync = excluded.last_sync
                """,
            arguments: [account.collection.rawValue, account.url, account.user, account.token, account.lastSync?.unixSeconds])
    }
}

/// A row of `sync_record`: one calendar object of a collection.
struct SyncRecordRow: Equatable {
    var collection: SyncCollection
    var record: SyncRecord

    enum Columns: String, ColumnExpression, CaseIterable {
        case collection, uid, href, etag, agreed
        case localID = "local_id"
        case previous
        case sortOrder = "sort_order"
        case agreedReading = "agreed_reading"
    }

    static let shape = TableShape(name: databaseTableName, columns: Columns.allCases.map(\.name))

    /// A collection's records in the order they were first written.
    static func all(_ collection: SyncCollection) -> QueryInterfaceRequest<SyncRecordRow> {
        filter(Columns.collection == collection.rawValue).order(Column.rowID)
    }
}

extension SyncRecordRow: TableRecord {
    static let databaseTableName = "sync_record"
    static var databaseSelection: [any SQLSelectable] { Columns.allCases }
}

extension SyncRecordRow: FetchableRecord {
    init(row: Row) throws {
        collection = try row.collection(Columns.collection)
        record = SyncRecord(
            uid: try row.text(Columns.uid), href: try row.optionalSyncText(Columns.href), etag: try row.optionalSyncText(Columns.etag),
            agreed: try row.optionalBytes(Columns.agreed), localID: try row.optionalInteger(Columns.localID),
            previous: try row.optionalBytes(Columns.previous), sortOrder: try row.optionalInteger(Columns.sortOrder).map { Int($0) },
            agreedReading: try row.optionalSyncText(Columns.agreedReading))
    }
}

extension SyncRecordRow: PersistableRecord {
    func encode(to container: inout PersistenceContainer) {
        container[Columns.collection] = collection.rawValue
        container[Columns.uid] = record.uid
        container[Columns.href] = record.href
        container[Columns.etag] = record.etag
        container[Columns.agreed] = record.agreed.map { Data($0) }
        container[Columns.localID] = record.localID
        container[Columns.previous] = record.previous.map { Data($0) }
        container[Columns.sortOrder] = record.sortOrder
        container[Columns.agreedReading] = record.agreedReading
    }

    /// Inserts the record, or writes every column of the one with its UID
    /// in the collection (the table's key besides SQLite's rowid).
    func write(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO sync_record (collection, uid, href, etag, agreed, local_id, previous, sort_order, agreed_reading)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (collection, uid) DO UPDATE SET
                  href = excluded.href, etag = excluded.etag, agreed = excluded.agreed, local_id = excluded.local_id,
                  previous = excluded.previous, sort_order = excluded.sort_order, agreed_reading = excluded.agreed_reading
                """,
            arguments: [
                collection.rawValue, record.uid, record.href, record.etag, record.agreed.map { Data($0) }, record.localID,
                record.previous.map { Data($0) }, record.sortOrder, record.agreedReading,
            ])
    }
}

/// A row of `sync_conflict`: one conflict the merge recorded.
struct SyncConflictRow: Equatable {
    var conflict: SyncConflict

    enum Columns: String, ColumnExpression, CaseIterable {
        case id, collection, uid, title, field
        case localValue = "local_value"
        case remoteValue = "remote_value"
        case kept
        case localRecord = "local_record"
        case remoteRecord = "remote_record"
        case at
    }

    static let shape = TableShape(name: databaseTableName, columns: Columns.allCases.map(\.name))
}

extension SyncConflictRow: TableRecord {
    static let databaseTableName = "sync_conflict"
    static var databaseSelection: [any SQLSelectable] { Columns.allCases }
}

extension SyncConflictRow: FetchableRecord {
    init(row: Row) throws {
        conflict = SyncConflict(
            id: try row.integer(Columns.id), collection: try row.collection(Columns.collection), uid: try row.text(Columns.uid),
            title: try row.text(Columns.title), field: try row.text(Columns.field), localValue: try row.optionalSyncText(Columns.localValue),
            remoteValue: try row.optionalSyncText(Columns.remoteValue), kept: try row.text(Columns.kept),
            localRecord: try row.optionalSyncText(Columns.localRecord), remoteRecord: try row.optionalSyncText(Columns.remoteRecord),
            at: Date.unixSeconds(try row.integer(Columns.at)))
    }
}

extension SyncConflictRow: MutablePersistableRecord {
    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = conflict.id
        container[Columns.collection] = conflict.collection.rawValue
        container[Columns.uid] = conflict.uid
        container[Columns.title] = conflict.title
        container[Columns.field] = conflict.field
        container[Columns.localValue] = conflict.localValue
        container[Columns.remoteValue] = conflict.remoteValue
        container[Columns.kept] = conflict.kept
        container[Columns.localRecord] = conflict.localRecord
        container[Columns.remoteRecord] = conflict.remoteRecord
        container[Columns.at] = conflict.at.unixSeconds
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        conflict.id = inserted.rowID
    }
}

extension Row {
    /// 'list' or 'weights'.
    fileprivate func collection(_ column: some ColumnExpression) throws(FieldProblem) -> SyncCollection {
        let name = try text(column)
        guard let collection = SyncCollection(rawValue: name) else {
            throw FieldProblem(reason: "\(column.name) \(FieldText.quoted(name)) is neither list nor weights")
        }
        return collection
    }

    /// Bytes (a BLOB, or text taken as UTF-8) or NULL.
    fileprivate func optionalBytes(_ column: some ColumnExpression) throws(FieldProblem) -> [UInt8]? {
        let value: DatabaseValue = self[column]
        switch value.storage {
        case .null: return nil
        case .blob(let data): return [UInt8](data)
        case .string(let text): return Array(text.utf8)
        default: throw FieldProblem(reason: "\(column.name) is \(value.typeName), not bytes")
        }
    }

    /// Text or NULL.
    fileprivate func optionalSyncText(_ column: some ColumnExpression) throws(FieldProblem) -> String? {
        let value: DatabaseValue = self[column]
        switch value.storage {
        case .null: return nil
        case .string(let string): return string
        default: throw FieldProblem(reason: "\(column.name) is \(value.typeName), not text")
        }
    }
}

extension Date {
    /// Whole Unix seconds (rounded down), as the store keeps times.
    fileprivate var unixSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }

    fileprivate static func unixSeconds(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
}
