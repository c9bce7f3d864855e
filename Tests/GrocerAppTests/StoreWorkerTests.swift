import Foundation
import GrocerCore
import GrocerStore
import Testing

@testable import GrocerApp
@testable import GrocerUI

/// The store's one worker: every request on the screen's connection in
/// the order asked, each answer posted for the request that asked.
@Suite struct StoreWorkerTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-worker-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("grocer.sqlite").path }
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)

    func opened(_ posted: LiveEffectsSaveTests.Posted) throws -> LiveEffects {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let live = LiveEffects(path: path, environment: ["LANG": "en_US.UTF-8"], zone: { .current }, post: { posted.post($0) })
        _ = try live.openStore()
        live.worker.waitUntilIdle()
        return live
    }

    /// A read asked while a save waits for another grocer's write runs
    /// after the save, and sees it.
    @Test func aReadAskedAfterASaveSeesTheSave() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let posted = LiveEffectsSaveTests.Posted()
        let live = try opened(posted)
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        LiveEffectsSaveTests().holdWriteLock(path, held: held, release: release)
        held.wait()
        let weight = Weight(digits: "72.5", unit: .kg)!
        live.perform(.saveWeight(weight, at: Self.noon, note: ""))
        posted.arrived.wait()
        #expect(posted.all == [.saveWaiting])
        live.perform(.history(.openHistory(unit: .kg, limit: 10)))
        release.signal()
        live.worker.awaitAnswers(upTo: nil)
        let answers = posted.all
        guard answers.count == 3, case .weightSaved(let entry) = answers[1], case .historyOpened(let opening) = answers[2] else {
            Issue.record("not the save, then the read: \(answers)")
            return
        }
        #expect(opening.newest == [entry])
        #expect(opening.count == 1)
    }

    /// Grocer's own write moves no change counter of others: the check
    /// after it answers nothing, so no screen reads the store again.
    @Test func aChangeCheckAfterGrocersOwnWriteDoesNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let posted = LiveEffectsSaveTests.Posted()
        let live = try opened(posted)
        live.perform(.saveWeight(Weight(digits: "72.5", unit: .kg)!, at: Self.noon, note: ""))
        live.perform(.history(.deleteWeights([1])))
        live.checkStore(woken: true)
        live.worker.awaitAnswers(upTo: nil)
        live.worker.waitUntilIdle()
        #expect(posted.all.count == 2)
        #expect(!posted.all.contains(.storeChanged))
    }

    /// Another process's commit is seen by the next check, once.
    @Test func anotherProcesssWriteIsSeenOnce() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let posted = LiveEffectsSaveTests.Posted()
        let live = try opened(posted)
        let other = try Store.open(at: path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? other.close() }
        try other.weights.add(Weight(digits: "70", unit: .kg)!, at: Self.noon)
        live.checkStore(woken: false)
        live.checkStore(woken: false)
        live.worker.awaitAnswers(upTo: nil)
        #expect(posted.all == [.storeChanged])
    }

    /// The grocery list read ahead is used only while the store is as it
    /// was read: not after grocer's own write, nor another's.
    @Test func theListReadAheadIsDroppedAfterAnyWrite() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let posted = LiveEffectsSaveTests.Posted()
        let live = try opened(posted)
        let groceries = LiveEffectsGroceriesTests()
        let locale = groceries.locale
        func load() -> EffectResult? { live.answer(.groceries(.load)) }
        guard case .groceries(.prefetched)? = load() else {
            Issue.record("the list read at open was not used")
            return
        }
        live.startGroceriesPrefetch()
        _ = live.answer(.groceries(.add(groceries.entry("milk"), locale: locale)))
        guard case .groceries(.loaded(let items, _, _))? = load() else {
            Issue.record("a list read before grocer's own write was used")
            return
        }
        #expect(items.map(\.name) == ["milk"])
        live.startGroceriesPrefetch()
        let other = try Store.open(at: path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? other.close() }
        try other.groceries.add(groceries.entry("bread"), locale: locale)
        guard case .groceries(.loaded(let after, _, _))? = load() else {
            Issue.record("a list read before another's write was used")
            return
        }
        #expect(after.map(\.name) == ["milk", "bread"])
    }
}
