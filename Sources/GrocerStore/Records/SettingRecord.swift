import GRDB

/// A row of `setting`: a named text value.
struct SettingRecord: Equatable {
    var key: String
    var value: String

    enum Columns {
        static let key = Column("key")
        static let value = Column("value")
    }

    static let shape = TableShape(name: databaseTableName, columns: ["key", "value"])
}

extension SettingRecord: TableRecord {
    static let databaseTableName = "setting"
    static var databaseSelection: [any SQLSelectable] { [Columns.key, Columns.value] }
}

extension SettingRecord: FetchableRecord {
    init(row: Row) throws {
        key = try row.text(Columns.key)
        value = try row.text(Columns.value)
    }
}

extension SettingRecord: PersistableRecord {
    func encode(to container: inout PersistenceContainer) {
        container[Columns.key] = key
        container[Columns.value] = value
    }
}
