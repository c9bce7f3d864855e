/// What a migration from one older format does, as SQL run inside SQLite
/// with the old file attached as `src`: the chain of STORE-HISTORY.md's steps
/// (1 -> 2 -> 3 -> 4) composed into one direct copy per table, so each row
/// is read once and written once. The result is what applying every step
/// in order gives; the tests check it row by row against the rules.
struct MigrationPlan {
    let sourceVersion: Int
    /// Tables copied in batches, in this order.
    let copies: [TableCopy]

    /// The plan for `sourceVersion`: each known version explicitly, nil for
    /// any other (never a default: a version this code does not know must
    /// not be rebuilt by another version's rules). `idIsKey(table)` says
    /// whether the source table's `id` is its primary key (so ids are
    /// unique); where it is not, rows with an id that is not a whole number
    /// or is used by an earlier row are quarantined.
    init?(sourceVersion: Int, idIsKey: (String) -> Bool = { _ in true }) {
        self.sourceVersion = sourceVersion
        guard var copies = Self.rebuilds[sourceVersion] else { return nil }
        for i in copies.indices where copies[i].hasID { copies[i].idIsKey = idIsKey(copies[i].source) }
        self.copies = copies
    }

    /// The rebuild of each older version, named one by one.
    static let rebuilds: [Int: [TableCopy]] = [
        1: [legacySettings, legacyWeights],
        2: [legacySettings, legacyWeights, amounts, items(unitColumn: "amount_id")],
        3: [typedSettings, typedWeights, units, items(unitColumn: "unit_id")],
    ]

    /// The source tables this plan reads.
    var sources: [String] { copies.map(\.source) }

    // MARK: Shared pieces

    /// Unix seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the
    /// times the current format (and ISO 8601 with four-digit years) holds.
    static let earliestTime: Int64 = -62_135_596_800
    static let latestTime: Int64 = 253_402_300_799
    /// Seconds from 1970-01-01 to 2001-01-01 (the old apps' reference date).
    static let referenceDateOffset = 978_307_200

    /// A column value as JSON: BLOBs (which JSON cannot hold) as hex text,
    /// infinities as text.
    static func jsonValue(_ column: String) -> String {
        """
        CASE WHEN typeof(\(column)) = 'blob' THEN 'x''' || hex(\(column)) || ''''
             WHEN typeof(\(column)) = 'real' AND abs(\(column)) >= 9e999 THEN CASE WHEN \(column) > 0 THEN 'Infinity' ELSE '-Infinity' END
             ELSE \(column) END
        """
    }

    static let whiteSpace = "' ' || char(9, 10, 11, 12, 13)"

    // MARK: Versions 1 and 2

    static let legacyTime = "round(date + \(referenceDateOffset))"
    /// round(date + offset) within [earliest, latest], as plain comparisons
    /// on the stored value (no function calls: this runs for every row).
    /// Text and BLOBs compare above every number in SQLite, NULL is never
    /// true: none of them passes.
    static let legacyTimeOK = """
        date > \(Double(earliestTime) - 0.5 - Double(referenceDateOffset)) AND date < \(Double(latestTime) + 0.5 - Double(referenceDateOffset))
        """
    /// The double 0.005 is the smallest whose shortest decimal rounds to a
    /// positive value at 2 places; `< 1e15` leaves out values with more
    /// digits than readers show (LegacyDecimal.maximumIntegerDigits),
    /// infinity and, as above, text and BLOBs.
    static let legacyWeightOK = """
        weight_lbs >= 0.005 AND weight_lbs < \(LegacyDecimal.poundsLimit)
        """
    /// The value rule runs in `grocer_pounds` (RepairTally), which also
    /// counts the rounded values: one C call per row instead of SQL
    /// arithmetic and string concatenation.
    static let legacyWeights = TableCopy(
        source: "weight_entry", target: "weight_entry",
        clean: "\(legacyWeightOK) AND \(legacyTimeOK)",
        repairs: [("weight rounded to 2 decimal places", "")],
        insert: """
            INSERT INTO main.weight_entry (id, value, unit, recorded_at)
            SELECT id, \(RepairTally.poundsName)(weight_lbs), 'lbs', CAST(\(legacyTime) AS INTEGER)
            """,
        reason: """
            CASE WHEN typeof(weight_lbs) NOT IN ('real', 'integer') THEN 'weight is not a number'
                 WHEN weight_lbs >= 9e999 THEN 'weight is not finite'
                 WHEN weight_lbs >= \(LegacyDecimal.poundsLimit) THEN 'weight is too large to show'
                 WHEN NOT (weight_lbs >= 0.005) THEN 'weight is not positive after rounding'
                 WHEN typeof(date) NOT IN ('real', 'integer') THEN 'time is not a number'
                 ELSE 'time is out of range' END
            """,
        columns: ["id", "weight_lbs", "date"],
        talliesItself: true)

    /// Every setting but `defaultUnits` is carried as it is; `defaultUnits`
    /// ('0' lbs, '1' kg) becomes `defaultUnit`.
    static let legacySettings = settings(mapping: "CASE value WHEN '0' THEN 'lbs' WHEN '1' THEN 'kg' END")

    /// A key must be text (a BLOB key can equal a text one once cast) and
    /// not used by an earlier row; a value must be text.
    static func settings(mapping: String) -> TableCopy {
        let earlierKey = "EXISTS (SELECT 1 FROM src.setting d WHERE d.key = r.key AND d.rowid < r.grocer_rid)"
        return TableCopy(
            source: "setting", target: "setting",
            clean: """
                typeof(key) = 'text' AND key <> '\(Store.defaultUnitKey)' AND typeof(value) = 'text'
                AND NOT \(earlierKey)
                """,
            repairs: [("default unit not recognised, set to lbs", "key = 'defaultUnits' AND (\(mapping)) IS NULL")],
            insert: """
                INSERT INTO main.setting (key, value)
                SELECT CASE key WHEN 'defaultUnits' THEN '\(Store.defaultUnitKey)' ELSE key END,
                       CASE key WHEN 'defaultUnits' THEN coalesce(\(mapping), 'lbs') ELSE value END
                """,
            reason: """
                CASE WHEN key IS NULL THEN 'setting has no key'
                     WHEN typeof(key) <> 'text' THEN 'setting key is not text'
                     WHEN value IS NULL THEN 'setting has no value'
                     WHEN typeof(value) <> 'text' THEN 'setting value is not text'
                     WHEN key = '\(Store.defaultUnitKey)' THEN 'setting key is reserved'
                     ELSE 'setting key is used by an earlier row' END
                """,
            columns: ["key", "value"],
            extra: """
                INSERT INTO main.setting (key, value)
                SELECT '\(Store.defaultUnitKey)', 'lbs'
                WHERE NOT EXISTS (SELECT 1 FROM main.setting WHERE key = '\(Store.defaultUnitKey)')
                """,
            hasID: false)
    }

    /// Amount to Unit ("AmountToUnit", Unit.name = Amount.xyz): same id,
    /// name trimmed, `New Unit` where NULL or empty.
    static let amountName = "nullif(trim(CAST(xyz AS TEXT), \(whiteSpace)), '')"
    static let amounts = TableCopy(
        source: "amount", target: "unit",
        clean: "1",
        repairs: [
            ("unit name missing, set to New Unit", "\(amountName) IS NULL"),
            ("unit name trimmed", "\(amountName) IS NOT NULL AND \(amountName) IS NOT CAST(xyz AS TEXT)"),
        ],
        insert: """
            INSERT INTO main.unit (id, name) SELECT id, coalesce(\(amountName), 'New Unit')
            """,
        reason: "'unreachable'",
        columns: ["id", "xyz"])

    /// Items reference the units already copied (units go first), so a
    /// reference to a unit that was not carried becomes no reference.
    static func items(unitColumn: String) -> TableCopy {
        TableCopy(
            source: "item", target: "item",
            clean: "typeof(name) = 'text' AND typeof(quantity) = 'integer' AND listed IS NOT NULL AND collected IS NOT NULL",
            repairs: [("dangling unit reference removed", "")],
            insert: """
                INSERT INTO main.item (id, name, quantity, listed, collected, unit_id)
                SELECT id, name, quantity, listed <> 0, collected <> 0,
                       \(RepairTally.missingName)((SELECT u.id FROM main.unit u WHERE u.id = \(unitColumn)), \(unitColumn))
                """,
            reason: """
                CASE WHEN typeof(name) <> 'text' THEN 'item name is not text'
                     WHEN typeof(quantity) <> 'integer' THEN 'item quantity is not a whole number'
                     ELSE 'item listed or collected is missing' END
                """,
            columns: ["id", "name", "quantity", "listed", "collected", unitColumn],
            talliesItself: true)
    }

    // MARK: Version 3

    static let typedSettings = settings(mapping: "CASE value WHEN 'lbs' THEN 'lbs' WHEN 'kg' THEN 'kg' END")

    /// A value already canonical: digits, no leading zero, at most 2
    /// fraction digits, positive. Others go through the Swift function.
    static let canonicalValue = """
        typeof(value) = 'text' AND value NOT GLOB '*[^0-9.]*' AND value NOT GLOB '*.*.*'
        AND (value GLOB '[1-9]*' OR (value GLOB '0.[0-9]*' AND value GLOB '*[1-9]*'))
        AND (value NOT GLOB '*.*' OR value GLOB '*.[0-9]' OR value GLOB '*.[0-9][0-9]')
        AND length(value) <= \(LegacyDecimal.maximumIntegerDigits)
        """
    static let typedValue = "CASE WHEN \(canonicalValue) THEN value ELSE \(LegacySQLFunctions.typedText)(value) END"
    /// Digits (and points, blanks) only, and more integer digits than
    /// readers show: why a value that is not NULL-ed for a sign or a letter
    /// was refused.
    static let tooLarge = """
        typeof(value) = 'text' AND value NOT GLOB '*[^0-9. ]*'
        AND length(ltrim(substr(trim(value), 1, instr(trim(value) || '.', '.') - 1), '0')) > \(LegacyDecimal.maximumIntegerDigits)
        """
    static let typedTime = "round(recorded_at)"
    static let typedTimeOK = """
        typeof(recorded_at) IN ('integer', 'real') AND \(typedTime) BETWEEN \(earliestTime) AND \(latestTime)
        """

    static let typedWeights = TableCopy(
        source: "weight_entry", target: "weight_entry",
        clean: "(\(typedValue)) IS NOT NULL AND unit IN ('lbs', 'kg') AND \(typedTimeOK)",
        repairs: [
            ("weight value made canonical or rounded to 2 decimal places", "NOT (\(canonicalValue))"),
            ("time rounded to the second", "typeof(recorded_at) = 'real' AND recorded_at <> \(typedTime)"),
        ],
        insert: """
            INSERT INTO main.weight_entry (id, value, unit, recorded_at)
            SELECT id, \(typedValue), unit, CAST(\(typedTime) AS INTEGER)
            """,
        reason: """
            CASE WHEN (\(typedValue)) IS NULL AND \(tooLarge) THEN 'weight is too large to show'
                 WHEN (\(typedValue)) IS NULL THEN 'weight is not a positive decimal'
                 WHEN unit IS NOT 'lbs' AND unit IS NOT 'kg' THEN 'unit is not lbs or kg'
                 WHEN typeof(recorded_at) NOT IN ('integer', 'real') THEN 'time is not a number'
                 ELSE 'time is out of range' END
            """,
        columns: ["id", "value", "unit", "recorded_at"])

    static let units = TableCopy(
        source: "unit", target: "unit",
        clean: "1",
        repairs: [("unit name missing, set to New Unit", "name IS NULL")],
        insert: "INSERT INTO main.unit (id, name) SELECT id, coalesce(CAST(name AS TEXT), 'New Unit')",
        reason: "'unreachable'",
        columns: ["id", "name"])
}
