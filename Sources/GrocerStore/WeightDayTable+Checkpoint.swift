import Foundation
import GRDB
import GrocerCore

/// Where the history's trend goes on from, kept in the setting
/// `weight_day.trend`: the trend in kg and in lbs at the end of a day some
/// `TrendStart.lead` days before the last, made from every day up to it,
/// and the number of entries up to it. The history then reads only the days
/// after it (a year and some), however long the history is; the trend it
/// makes from them is the one made from every day, exactly (the same Decimal
/// steps from the same value: the text keeps every digit).
///
/// Every grocer write that changes a day up to the checkpoint's forgets it
/// (`forgetCheckpoint`), and so does a rebuild of the table; the next read
/// makes it again from every day, once. A checkpoint is moved on from the
/// one before, from the days between them only.
extension WeightDayTable {
    struct Checkpoint: Equatable {
        /// The last day folded in (`CivilDay.number`).
        let day: Int
        /// Entries on the days up to `day`.
        let entries: Int
        let kg: Decimal
        let lbs: Decimal

        func trend(_ unit: WeightUnit) -> Decimal { unit == .kg ? kg : lbs }

        /// "20000 12345 72.5 159.8" (day, entries, kg, lbs).
        var text: String { "\(day) \(entries) \(kg) \(lbs)" }

        init(day: Int, entries: Int, kg: Decimal, lbs: Decimal) {
            self.day = day
            self.entries = entries
            self.kg = kg
            self.lbs = lbs
        }

        init?(text: String) {
            let parts = text.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 4, let day = Int(parts[0]), let entries = Int(parts[1]), entries > 0,
                let kg = Self.decimal(parts[2]), let lbs = Self.decimal(parts[3])
            else { return nil }
            self.init(day: day, entries: entries, kg: kg, lbs: lbs)
        }

        /// Plain decimal text ("72.125"), positive; nothing else.
        static func decimal(_ text: Substring) -> Decimal? {
            guard !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") }),
                let value = Decimal(string: String(text)), value > 0,
                value.description == text
            else { return nil }
            return value
        }
    }

    /// The kept checkpoint; nil when none is kept or its text is not one.
    static func checkpoint(_ db: Database) throws -> Checkpoint? {
        try SettingRecord.readableValue(of: .weightDayTrend, db).flatMap(Checkpoint.init(text:))
    }

    /// Forgets the checkpoint when `day` is on or before its day (a change
    /// there changes the trend it holds).
    static func forgetCheckpoint(_ db: Database, ifChangedFrom day: Int) throws {
        guard let kept = try SettingRecord.readableValue(of: .weightDayTrend, db) else { return }
        if let checkpoint = Checkpoint(text: kept), checkpoint.day < day { return }
        try SettingRecord.set(.weightDayTrend, to: nil, db)
    }

    /// What the history reads: the days after the checkpoint and where the
    /// trend goes on from; every day when the history is short (no start);
    /// nil when a checkpoint is needed and none serves.
    static func recent(_ db: Database, unit: WeightUnit) throws -> (days: [DayFigure], start: TrendStart?)? {
        guard let last = try Int.fetchOne(db, sql: "SELECT max(day) FROM weight_day") else { return ([], nil) }
        if let checkpoint = try checkpoint(db), TrendStart.leads.contains(last - checkpoint.day),
            let first = try days(db, where: "WHERE day = (SELECT min(day) FROM weight_day)", []).first, first.day <= checkpoint.day
        {
            let figure = first.figure(unit)
            let start = TrendStart(
                day: CivilDay(number: checkpoint.day), trend: checkpoint.trend(unit),
                first: TrendPoint(day: figure.day, weight: figure.weight, trend: figure.weight), entries: checkpoint.entries)
            return (try days(db, where: "WHERE day > ?", [checkpoint.day]).map { $0.figure(unit) }, start)
        }
        guard let first = try Int.fetchOne(db, sql: "SELECT min(day) FROM weight_day"), last - first > TrendStart.lead else {
            return (try figures(db, unit: unit), nil)
        }
        return nil
    }

    /// Keeps a checkpoint `TrendStart.lead` days before the last day: moved
    /// on from the one kept when that one is earlier, else made from every
    /// day up to it. Nothing for a history shorter than that.
    static func keepCheckpoint(_ db: Database) throws {
        guard let last = try Int.fetchOne(db, sql: "SELECT max(day) FROM weight_day"),
            let firstDay = try Int.fetchOne(db, sql: "SELECT min(day) FROM weight_day")
        else { return }
        let target = last - TrendStart.lead
        var from = try checkpoint(db)
        // Not gone on from: one after the target, or one before the
        // first day (its days deleted by a writer that did not forget it).
        if let kept = from, kept.day > target || firstDay > kept.day { from = nil }
        let folded = try days(db, where: "WHERE day > ? AND day <= ?", [from?.day ?? Int.min, target])
        guard from != nil || !folded.isEmpty else { return }
        func trend(_ unit: WeightUnit) -> Decimal {
            let figures = folded.map { $0.figure(unit) }
            guard let kept = from else { return WeightTrend(days: figures, unit: unit).latest!.trend }
            // The start's first day takes no part in the steps.
            let carried = TrendPoint(day: CivilDay(number: firstDay), weight: kept.trend(unit), trend: kept.trend(unit))
            let start = TrendStart(day: CivilDay(number: kept.day), trend: kept.trend(unit), first: carried, entries: kept.entries)
            return WeightTrend(days: figures, unit: unit, start: start).latest?.trend ?? kept.trend(unit)
        }
        let checkpoint = Checkpoint(
            day: target, entries: folded.reduce(from?.entries ?? 0) { $0 + $1.count }, kg: trend(.kg), lbs: trend(.lbs))
        try SettingRecord.set(.weightDayTrend, to: checkpoint.text, db)
    }
}
