import Foundation
import GrocerCore

/// Where a migration spends its time, for the log (and the benchmark).
final class PhaseTimer: CustomStringConvertible {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private var phases: [(String, Duration)] = []

    init() { last = clock.now }

    func end(_ name: String) {
        let now = clock.now
        phases.append((name, now - last))
        last = now
    }

    var description: String {
        phases.map { name, d in String(format: "%@ %.3f s", name, d.seconds) }.joined(separator: ", ")
    }
}
