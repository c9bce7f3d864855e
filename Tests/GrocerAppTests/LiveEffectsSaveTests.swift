import Foundation
import GRDB
import GrocerCore
import GrocerStore
import Synchronization
import Testing

@testable import GrocerApp
@testable import GrocerUI

/// A save behind another grocer's long write runs off the loop's thread: the
/// effect answers at once (nothing), `.saveWaiting` comes through the
/// mailbox, Esc's `.giveUpSave` ends the wait, and the result says the
/// weight is still typed. Released instead, the save goes through.
@Suite struct LiveEffectsSaveTests {
    final class Posted: Sendable {
        let results = Mutex<[EffectResult]>([])
        let arrived = DispatchSemaphore(value: 0)
        func post(_ result: EffectResult) {
            results.withLock { $0.append(result) }
            arrived.signal()
        }
        var all: [EffectResult] { results.withLock { $0 } }
    }

    func holdWriteLock(_ path: String, held: DispatchSemaphore, release: DispatchSemaphore) {
        Thread.detachNewThread {
            let queue = try! DatabaseQueue(path: path)
            try! queue.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                held.signal()
                release.wait()
                try db.execute(sql: "COMMIT")
            }
            try! queue.close()
        }
    }

    @Test(arguments: [true, false])
    func aSaveBehindAnotherWriteLeavesTheLoopFreeAndEndsAsAsked(giveUp: Bool) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-save-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let posted = Posted()
        let effects = LiveEffects(path: dir.appendingPathComponent("s.sqlite").path, environment: [:], zone: { .current }, post: { posted.post($0) })
        _ = effects.answer(.openStore)
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        holdWriteLock(dir.appendingPathComponent("s.sqlite").path, held: held, release: release)
        held.wait()
        let weight = Weight(digits: "72.5", unit: .kg)!
        effects.perform(.saveWeight(weight, at: Date(timeIntervalSince1970: 1_795_262_400), note: ""))
        posted.arrived.wait()
        #expect(posted.all == [.saveWaiting])
        // The loop's own look at the store does not block meanwhile: it
        // waits its turn behind the save.
        effects.checkStore(woken: false)
        if giveUp {
            effects.perform(.giveUpSave)
            posted.arrived.wait()
            release.signal()
            guard case .failed(_, let text) = posted.all.last else {
                Issue.record("no failure: \(posted.all)")
                return
            }
            #expect(text == "Not saved: you stopped waiting for the other grocer. Your weight is still typed; Enter saves it.")
        } else {
            release.signal()
            posted.arrived.wait()
            guard case .weightSaved(let entry) = posted.all.last else {
                Issue.record("not saved: \(posted.all)")
                return
            }
            #expect(entry.weight == weight)
        }
    }
}
