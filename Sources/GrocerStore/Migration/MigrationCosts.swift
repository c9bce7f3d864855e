import GrocerCore

/// What each phase of a migration is expected to cost, per row it
/// handles, in microseconds on the machine the figures were measured on
/// (only their ratios matter: the meter learns the pace from a rebuild's
/// copy; a version 4+ store's phases go at the reference pace). See
/// docs/MIGRATION.md, "Progress", for how they were measured.
enum MigrationCosts {
    /// Per source row copied in batches (a rebuild), and per row of a
    /// version 4+ file copied whole.
    static let copyRow = 0.8
    static let fileCopyRow = 0.2
    /// Per row, the indexes built after a rebuild's copy.
    static let indexRow = 0.24
    /// Per row, per step that changes rows: a version 4+ store's pending
    /// steps (some copy a whole table); a rebuild's steps' row SQL, which
    /// touches few rows.
    static let stepRow = 0.2
    static let rebuildStepRow = 0.02
    /// Per weight entry, `weight_day` tallied.
    static let dayEntry = 1.6
    /// Per weight entry (at most one day each), the trend's checkpoints
    /// folded from every day, and the graph's blocks made and kept in the
    /// same fold (issue 35: the phase took 5.7 s without them, 8.8 s with
    /// them on the demo store, 9.5-11.0 s in later runs; docs/MIGRATION.md).
    static let checkpointEntry = 5.0
    /// Per row, the new file's checks.
    static let verifyRow = 0.6
    /// Per row, the backup of a version 4+ file, the sync and the rename.
    static let backupRow = 0.3
    static let swapRow = 0.075

    /// The stages of a rebuild of `rows` source rows, `weights` of them
    /// weight entries, with `steps` steps' row SQL, the per-day table and
    /// checkpoints when `days`.
    static func rebuild(rows: Int, weights: Int, steps: Int, days: Bool) -> [MigrationMeter.Stage] {
        let r = Double(rows) / 1e6  // µs a row: seconds
        let w = Double(weights) / 1e6
        var stages = [
            MigrationMeter.Stage(.copy, cost: r * copyRow),
            MigrationMeter.Stage(.indexes, cost: r * indexRow),
            MigrationMeter.Stage(.steps, cost: r * rebuildStepRow * Double(max(steps, 1))),
        ]
        if days {
            stages += [MigrationMeter.Stage(.days, cost: w * dayEntry), MigrationMeter.Stage(.checkpoints, cost: w * checkpointEntry)]
        }
        return stages + [MigrationMeter.Stage(.verify, cost: r * verifyRow), MigrationMeter.Stage(.swap, cost: r * swapRow)]
    }

    /// The stages of a version 4+ store's `steps` pending steps over
    /// `rows` rows (`weights` weight entries), `weight_day` rebuilt when
    /// `days`, the checkpoints made when `checkpoints`, a backup when
    /// `backup`.
    static func grow(rows: Int, weights: Int, steps: Int, days: Bool, checkpoints: Bool, backup: Bool) -> [MigrationMeter.Stage] {
        let r = Double(rows) / 1e6  // µs a row: seconds
        let w = Double(weights) / 1e6
        var stages = [
            MigrationMeter.Stage(.copy, cost: r * fileCopyRow, setsPace: false),
            MigrationMeter.Stage(.steps, cost: r * stepRow * Double(max(steps, 1))),
        ]
        if days { stages.append(MigrationMeter.Stage(.days, cost: w * dayEntry)) }
        if checkpoints { stages.append(MigrationMeter.Stage(.checkpoints, cost: w * checkpointEntry)) }
        return stages + [
            MigrationMeter.Stage(.verify, cost: r * verifyRow),
            MigrationMeter.Stage(.swap, cost: r * (swapRow + (backup ? backupRow : 0))),
        ]
    }
}
