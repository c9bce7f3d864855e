extension MigrationPlan {
    /// One source table copied into one current table, a batch of rows at
    /// a time (rowid ranges, so memory stays flat and progress moves).
    struct TableCopy {
        let source: String
        let target: String
        /// Whether a source row can be carried (SQL over the row's columns).
        let clean: String
        /// Repairs counted among clean rows: kind and condition.
        let repairs: [(kind: String, condition: String)]
        /// `INSERT INTO main.<target> ... SELECT ... FROM src.<source>`
        /// without its WHERE: the batch range and `clean` are appended.
        let insert: String
        /// Why a row that is not clean cannot be carried (SQL CASE).
        let reason: String
        /// The columns of the source row, for the quarantine's JSON.
        let columns: [String]
        /// Rows the copy adds that have no source row (e.g. a default).
        var extra: String? = nil
        /// The INSERT counts its repairs itself (`repairs` only names them).
        var talliesItself = false
        /// Whether the source has an `id` column (setting has none: its
        /// rowid stands in).
        var hasID = true
        /// Whether `id` is the source table's primary key (see the plan's init).
        var idIsKey = true

        /// The rows read, `r`, ordered by their rowid `grocer_rid` (batches
        /// are rowid ranges), with an `id` column.
        var from: String {
            hasID
                ? "(SELECT rowid AS grocer_rid, * FROM src.\(source)) AS r"
                : "(SELECT rowid AS grocer_rid, rowid AS id, * FROM src.\(source)) AS r"
        }

        /// `clean`, plus a whole-number id not used by an earlier row where
        /// the source does not make ids unique.
        var cleanSQL: String {
            idIsKey ? clean : "typeof(id) = 'integer' AND NOT \(duplicateID) AND (\(clean))"
        }

        var reasonSQL: String {
            idIsKey
                ? reason
                : """
                CASE WHEN typeof(id) <> 'integer' THEN 'id is not a whole number'
                     WHEN \(duplicateID) THEN 'id is used by an earlier row'
                     ELSE \(reason) END
                """
        }

        private var duplicateID: String {
            "EXISTS (SELECT 1 FROM src.\(source) d WHERE d.id = r.id AND d.rowid < r.grocer_rid)"
        }

        /// The last rowid of the batch of `?2` rows after `?1`: a walk of
        /// the rowid tree, no column read. NULL for the last, shorter batch.
        var batchEndSQL: String {
            "SELECT rowid FROM src.\(source) WHERE rowid > ?1 ORDER BY rowid LIMIT 1 OFFSET ?2 - 1"
        }

        /// The last rowid and the number of rows after `?1`.
        var restSQL: String { "SELECT max(rowid), count(*) FROM src.\(source) WHERE rowid > ?1" }

        /// Carries the clean rows of a batch; `grocer_tally` around the
        /// first column counts each repair among them in the same pass.
        var insertSQL: String {
            var sql = insert
            if !repairs.isEmpty, !talliesItself, let select = sql.range(of: "SELECT ") {
                // The first selected column runs to the first ", " at depth 0.
                var depth = 0
                var end = select.upperBound
                while end < sql.endIndex {
                    let ch = sql[end]
                    if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
                    if depth == 0 && ch == "," { break }
                    end = sql.index(after: end)
                }
                let first = sql[select.upperBound..<end]
                let conditions = repairs.map { "(\($0.condition))" }.joined(separator: ", ")
                sql.replaceSubrange(select.upperBound..<end, with: "\(RepairTally.name)(\(first), \(conditions))")
            }
            return "\(sql) FROM \(from) WHERE r.grocer_rid > ?1 AND r.grocer_rid <= ?2 AND (\(cleanSQL))"
        }

        var quarantineSQL: String {
            let json = columns.map { "'\($0)', \(MigrationPlan.jsonValue($0))" }.joined(separator: ", ")
            return """
                INSERT INTO main.quarantine (source_version, source_table, source_id, reason, row_json)
                SELECT ?3, '\(source)', CASE WHEN typeof(id) = 'integer' THEN id END, \(reasonSQL), json_object(\(json))
                FROM \(from) WHERE r.grocer_rid > ?1 AND r.grocer_rid <= ?2 AND NOT coalesce((\(cleanSQL)), 0)
                """
        }
    }
}
