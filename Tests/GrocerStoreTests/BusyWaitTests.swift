import Foundation
import GRDB
import GrocerCore
import Synchronization
import Testing

@testable import GrocerStore

/// A save behind another grocer's long write: the store says it waits (once)
/// and gives up at once when asked; when the other write ends, the save
/// goes through. No wall clock is asserted: the events are waited for.
@Suite struct BusyWaitTests {
    /// Another connection holds the write lock until `release` is signalled.
    func holdWriteLock(_ path: String, held: DispatchSemaphore, release: DispatchSemaphore) {
        onOwnThread {
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
    func aSaveBehindAnotherWriteSaysItWaitsAndEndsAsAsked(giveUp: Bool) throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("s.sqlite")
        let busyWait = BusyWait()
        let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag(), busyWait: busyWait)
        defer { try? store.close() }
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        holdWriteLock(store.path, held: held, release: release)
        held.wait()
        let waiting = DispatchSemaphore(value: 0)
        let told = Atomic<Int>(0)
        busyWait.begin {
            told.add(1, ordering: .relaxed)
            waiting.signal()
        }
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<String>("")
        onOwnThread {
            do {
                _ = try store.weights.add(Weight(digits: "70", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_262_400))
                outcome.withLock { $0 = "saved" }
            } catch let error as StoreError {
                outcome.withLock { $0 = "\(error)" }
            } catch {
                outcome.withLock { $0 = "other \(error)" }
            }
            done.signal()
        }
        waiting.wait()
        if giveUp {
            busyWait.cancel()
            done.wait()
            release.signal()
            #expect(outcome.withLock { $0 }.hasPrefix("busy"))
            #expect(busyWait.ended == .cancelled)
            #expect(try store.recentWeights(limit: 5).isEmpty)
        } else {
            release.signal()
            done.wait()
            #expect(outcome.withLock { $0 } == "saved")
            #expect(busyWait.ended == nil)
            #expect(try store.recentWeights(limit: 5).count == 1)
        }
        #expect(told.load(ordering: .relaxed) == 1)
    }
}
