import GrocerCore

/// The lines `store migrate` prints on stderr as each phase of a migration
/// begins, beside its "Migration Progress: N%" lines: "Migration phase:
/// Checking every page of the new store". One per phase, in order; none
/// for the progress that ends the migration (100%).
public struct MigrationPhaseLines {
    private var last: MigrationPhase?

    public init() {}

    /// The line to print before the progress `p`, if its phase is new.
    public mutating func line(for p: MigrationProgress) -> String? {
        guard p.done < p.total, p.phase != last, last.map({ p.phase.rawValue > $0.rawValue }) ?? true else { return nil }
        last = p.phase
        return "Migration phase: \(p.phase.title)\n"
    }
}
