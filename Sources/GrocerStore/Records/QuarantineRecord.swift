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

    /// The table's columns, each name spelled here only: the fields
    /// (`encode`, `init(row:)`), `databaseSelection` and `shape` use them,
    /// in this order.
    enum Columns: String, ColumnExpression, CaseIterable {
        case id
        case sourceVersion = "source_version"
        case sourceTable = "source_table"
        case sourceID = "source_id"
        case reason
        case rowJSON = "row_json"
    }

    static let shape = TableShape(name: databaseTableName, columns: Columns.allCases.map(\.name))

    /// Oldest first.
    static let byID = all().order(Columns.id)

    func quarantinedRow() throws -> QuarantinedRow {
        guard let version = Int(exactly: sourceVersion) else {
            throw FieldProblem(reason: "\(Columns.sourceVersion.name) \(sourceVersion) is too large")
        }
        return QuarantinedRow(
            sourceVersion: version, sourceTable: sourceTable, sourceID: sourceID,
            reason: reason, rowJSON: rowJSON)
    }
}

extension QuarantineRecord: TableRecord {
    static let databaseTableName = "quarantine"
    static var databaseSelection: [any SQLSelectable] { Columns.allCases }
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
