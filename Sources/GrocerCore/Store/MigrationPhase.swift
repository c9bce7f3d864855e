/// The phases of a migration, in the order they run; each is named under
/// the progress bar and on `store migrate`'s stderr.
public enum MigrationPhase: Int, Equatable, Sendable, CaseIterable {
    /// Every row into the new file (a rebuild's batches; a version 4+
    /// store's copy of its file).
    case copy
    /// The indexes, built after the copy.
    case indexes
    /// The format's steps: what each does to rows.
    case steps
    /// `weight_day`, each day's weights tallied in the person's zone.
    case days
    /// The trend's checkpoints, so the first history is as fast as any.
    case checkpoints
    /// The new file's own checks: every page, every index's entries.
    case verify
    /// The old file kept, the new one synced and renamed over it.
    case swap

    /// What the person reads under the bar.
    public var title: String {
        switch self {
        case .copy: "Copying every row into the new format"
        case .indexes: "Building the indexes"
        case .steps: "Bringing the tables up to date"
        case .days: "Tallying the weights by day"
        case .checkpoints: "Preparing the weight history"
        case .verify: "Checking every page of the new store"
        case .swap: "Saving the new store in place of the old one"
        }
    }
}
