import Foundation

/// What sync carries of the person's settings (issue 36): the goal weight
/// as typed, the unit weights are shown in, and the height as given. One
/// object for all three in the weights collection, so a second machine
/// shows the same goal and unit. nil: not set here (a new store has none;
/// its unit is then the region's, `DisplayUnit.regional`).
public struct SyncedSettings: Equatable, Hashable, Sendable {
    public var goal: Weight?
    public var unit: DisplayUnit?
    public var height: Height?

    public init(goal: Weight? = nil, unit: DisplayUnit? = nil, height: Height? = nil) {
        self.goal = goal
        self.unit = unit
        self.height = height
    }

    /// Nothing set: a store that never chose a goal, a unit or a height.
    public var isEmpty: Bool { goal == nil && unit == nil && height == nil }

    /// Each field not set here takes `other`'s: what two machines that
    /// never agreed before (a second machine's first sync) join into,
    /// without calling a default a change.
    public func filled(from other: SyncedSettings) -> SyncedSettings {
        SyncedSettings(goal: goal ?? other.goal, unit: unit ?? other.unit, height: height ?? other.height)
    }

    /// "Goal 75 kg · unit kg · height 180 cm", the set fields only;
    /// "nothing set" when none is.
    public var summary: String {
        let parts = [
            goal.map { "Goal \($0.digits) \($0.unit.rawValue)" }, unit.map { "unit \($0.rawValue)" }, height.map { "height \($0.stored)" },
        ].compactMap { $0 }
        return parts.isEmpty ? "nothing set" : parts.joined(separator: " · ")
    }
}
