/// One percentage over every phase of a migration, moving with the time
/// the work takes (docs/MIGRATION.md, "Progress"). Each phase has an
/// expected cost: the rows (entries, days, pages) it handles times its
/// measured cost per row, in seconds at a reference pace. A phase's share
/// of the bar is its share of the expected cost. Inside a phase the share
/// done is the phase's own count where it has one (the copy's rows), else
/// the time spent in it against its expected time at the pace of the
/// phases before it that counted their own work (the copy: a phase that
/// ended early says nothing of the machine's speed), so a single long
/// statement still moves the bar; a phase
/// longer than expected stops at `stall` of its share until it ends.
///
/// Never backwards; `total` only after `finish`. Pure: the caller passes
/// the time (`Duration` since any fixed moment), so tests are exact.
public struct MigrationMeter: Sendable {
    public struct Stage: Equatable, Sendable {
        public let phase: MigrationPhase
        /// Expected seconds at the reference pace (any unit: only the
        /// shares and the pace matter).
        public let cost: Double
        /// Whether its own count tells the machine's pace (a copy of rows
        /// in SQL does; a file's copy, bound by the disk, does not).
        public let setsPace: Bool

        public init(_ phase: MigrationPhase, cost: Double, setsPace: Bool = true) {
            self.phase = phase
            self.cost = max(cost, 0)
            self.setsPace = setsPace
        }
    }

    /// The units of `MigrationProgress.done`: fine enough for a bar of any
    /// width and for the time left.
    public static let scale = 100_000
    /// How far into its share a phase may go on time alone.
    public static let stall = 0.9

    public let stages: [Stage]
    private let totalCost: Double
    private var index = 0
    private var costBefore = 0.0
    private var stageStart: Duration
    private var shown = 0
    private var finished = false
    /// The current phase's own count, once it gave one.
    private var counted: Double?

    public init(stages: [Stage], at now: Duration) {
        self.stages = stages
        totalCost = stages.reduce(0) { $0 + $1.cost }
        stageStart = now
    }

    /// The phase in progress (the last one once every one has begun).
    public var phase: MigrationPhase { stages.isEmpty ? .swap : stages[min(index, stages.count - 1)].phase }

    /// Seconds taken per expected second by the phases that counted their
    /// own work (1 before any did).
    var pace: Double {
        guard countedCost > 0, countedSpent > .zero else { return 1 }
        return countedSpent.seconds / countedCost
    }
    private var countedCost = 0.0
    private var countedSpent = Duration.zero

    /// Ends the phases before `phase` (a phase the migration skips ends
    /// with no time) and starts it. A phase not planned changes nothing.
    public mutating func begin(_ phase: MigrationPhase, at now: Duration) -> MigrationProgress {
        guard let target = stages.firstIndex(where: { $0.phase == phase }), target > index else { return progress(inside: nil, at: now) }
        _ = progress(inside: nil, at: now)
        if counted != nil, stages[index].cost > 0, stages[index].setsPace {
            countedCost += stages[index].cost
            countedSpent += now - stageStart
        }
        for i in index..<target { costBefore += stages[i].cost }
        index = target
        stageStart = now
        counted = nil
        return progress(inside: nil, at: now)
    }

    /// Where the migration is at `now`; `inside` is the share of the
    /// current phase done when it counts its own work (0...1), nil to go
    /// by time.
    public mutating func progress(inside: Double?, at now: Duration) -> MigrationProgress {
        if finished { return MigrationProgress(done: Self.scale, total: Self.scale, phase: phase) }
        guard totalCost > 0, index < stages.count else { return MigrationProgress(done: shown, total: Self.scale, phase: phase) }
        let cost = stages[index].cost
        if let inside { counted = min(max(inside, 0), 1) }
        var share: Double
        if let counted {
            share = counted
        } else {
            let expected = cost * pace
            share = min(expected > 0 ? (now - stageStart).seconds / expected : 1, Self.stall)
        }
        let fraction = (costBefore + cost * share) / totalCost
        let done = min(Self.scale - 1, Int(fraction * Double(Self.scale)))
        shown = max(shown, done)
        return MigrationProgress(done: shown, total: Self.scale, phase: phase)
    }

    /// Every phase done: the only way to `total`.
    public mutating func finish() -> MigrationProgress {
        finished = true
        index = max(stages.count - 1, 0)
        shown = Self.scale
        return MigrationProgress(done: Self.scale, total: Self.scale, phase: phase)
    }
}
