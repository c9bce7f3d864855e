import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// The engine's CPU for a first sync against the fake server, printed,
/// never asserted (a figure, not a limit): `GROCER_SYNC_BENCH=1 swift test
/// --filter SyncBenchTests`. It counts the whole process (engine, fake
/// server, in-memory ledger), on one thread.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["GROCER_SYNC_BENCH"] != nil)) struct SyncBenchTests {
    static func cpu() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    @Test func aFirstSyncOf3650WeightsAnd1000Items() async throws {
        let weights = FakeCalDAV(path: "/alice/weights/")
        let scale = Machine(weights, .weights)
        for day in 0..<3650 { scale.ledger.addWeight(Sync.weight("72.\(day % 100)", Double(day) * 86_400, note: day % 7 == 0 ? "run" : "")) }
        let list = FakeCalDAV()
        let shop = Machine(list)
        for n in 0..<1000 { shop.ledger.add(.named("item \(n)", aisle: "aisle \(n % 12)"), aislePosition: n % 12) }
        let start = Self.cpu()
        try await scale.sync()
        let afterWeights = Self.cpu()
        try await shop.sync()
        let afterItems = Self.cpu()
        // A second machine's first sync: the pull and the planning.
        let other = Machine(weights, .weights)
        try await other.sync()
        let afterPull = Self.cpu()
        print(
            String(
                format: "sync bench: 3,650 weights pushed %.2f s CPU; 1,000 items pushed %.2f s CPU; 3,650 weights pulled %.2f s CPU",
                afterWeights - start, afterItems - afterWeights, afterPull - afterItems))
        #expect(other.ledger.weights.count == 3650)
    }
}
