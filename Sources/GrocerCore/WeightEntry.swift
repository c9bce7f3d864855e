import Foundation

/// One saved weight: what was typed and when (UTC, whole seconds).
public struct WeightEntry: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int64
    public let weight: Weight
    public let recordedAt: Date

    public init(id: Int64, weight: Weight, recordedAt: Date) {
        self.id = id
        self.weight = weight
        self.recordedAt = recordedAt
    }
}
