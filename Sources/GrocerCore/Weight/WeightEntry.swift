import Foundation

/// One saved weight: what was typed and when (UTC, whole seconds), and
/// its note (`WeightNote`; empty when it has none), and its body fat
/// when one was kept (issue 34).
public struct WeightEntry: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int64
    public let weight: Weight
    public let recordedAt: Date
    public let note: String
    public let bodyFat: BodyFat?

    public init(id: Int64, weight: Weight, recordedAt: Date, note: String = "", bodyFat: BodyFat? = nil) {
        self.id = id
        self.weight = weight
        self.recordedAt = recordedAt
        self.note = note
        self.bodyFat = bodyFat
    }
}
