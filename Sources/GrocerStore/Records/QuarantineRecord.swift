import GRDB

/// A row of `quarantine`: a source row a migration could not carry, kept
/// whole as JSON with the reason.
struct QuarantineRecord: Equatable {
    var id: Int64?
    var sourceVersion: Int64
    var sourceTable: String
    var sourceID: Int64?
    var reason: String
    var rowJSON: String

    enum Columns {
        static let id = Column("id")
        static let sourceVersion = Column("source_version")
        static let sourceTable = Column("source_table")
        static let sourceID = Column("source_id")
        static let reason = Column("reason")
        static let rowJSON = Column("row_json")
    }

    static let shape = TableShape(
        name: databaseTableName, columns: ["id", "source_version", "source_table", "source_id", "reason", "row_json"])

    /// Oldest first.
    static let byID = all().order(Columns.id)

    func quarantinedRow() throws -> QuarantinedRow {
        guard let version = Int(exactly: sourceVersion) else {
            throw FieldProblem(reason: "source_version \(sourceVersion) is too large")
        }
        return QuarantinedRow(
            sourceVersion: version, sourceTable: sourceTable, sourceID: sourceID,
            reason: reason, rowJSON: rowJSON)
    }
}

extension QuarantineRecord: TableRecord {
    static let databaseTableName = "quarantine"
    static var databaseSelection: [any SQLSelectable] {
        [
            Columns.id, Columns.sourceVersion, Columns.sourceTable, Columns.sourceID, Columns.reason, Columns.rowJSON,
        ]
    }
}

extension QuarantineRecord: FetchableRecord {
    init(row: Row) throws {
        id = try row.integer(Columns.id)
        sourceVersion = try row.integer(Columns.sourceVersion)
        sourceTable = try row.text(Columns.sourceTable)
        sourceID = try row.optionalInteger(Columns.sourceID)
        reason = try row.text(Columns.reason)
        rowJSON = try row.text(Columns.rowJSON)
    }
}

/// A source row a migration could not carry, kept whole.
public struct QuarantinedRow: Equatable, Sendable {
    public let sourceVersion: Int
    public let sourceTable: String
    public let sourceID: Int64?
    public let reason: String
    public let rowJSON: String
}
