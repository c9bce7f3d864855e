import Foundation

/// Where an entry sits in the history's order, (time, id): the keyset
/// cursor a page of entries continues from, never an offset.
public struct WeightPosition: Sendable, Hashable, Comparable {
    /// Unix seconds, UTC.
    public let recordedAt: Int64
    public let id: Int64

    public init(recordedAt: Int64, id: Int64) {
        self.recordedAt = recordedAt
        self.id = id
    }

    public static func < (a: WeightPosition, b: WeightPosition) -> Bool {
        (a.recordedAt, a.id) < (b.recordedAt, b.id)
    }
}

extension WeightEntry {
    /// This entry's place in the history's order.
    public var position: WeightPosition {
        WeightPosition(recordedAt: Int64(recordedAt.timeIntervalSince1970.rounded(.down)), id: id)
    }
}
