import Foundation
import GRDB
import GrocerCore
import Synchronization
import Testing

@testable import GrocerStore

/// A command's store (`PageCheck`): a damaged page behind a good header is
/// refused before anything is written, as the screen refuses it, and the
/// file is left byte for byte as it was; an unchanged store is not read
/// again, and a command's own write leaves the fingerprint the next
/// command finds.
@Suite struct PageCheckTests {
    /// What a command's page check was given to keep.
    final class Kept: Sendable {
        let fingerprints = Mutex<[StoreFingerprint]>([])
        let initial: StoreFingerprint?

        init(_ initial: StoreFingerprint? = nil) { self.initial = initial }

        var check: PageCheck { PageCheck(kept: initial) { fingerprint in self.fingerprints.withLock { $0.append(fingerprint) } } }
        var last: StoreFingerprint? { fingerprints.withLock { $0.last } }
        var count: Int { fingerprints.withLock { $0.count } }
    }

    static let weight = Weight(digits: "70", unit: .kg)!

    @Test func aDamagedStoreIsRefusedBeforeAWriteAndLeftByteIdentical() throws {
        let dir = TempDir()
        let path = try LaunchJudgementTests.store(dir)
        try LaunchJudgementTests.damageWeightsPage(path)
        let before = dir.bytes("s.sqlite")
        let kept = Kept()
        let url = URL(fileURLWithPath: path)
        for open in [
            { try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag(), pageCheck: kept.check) },
            { try Store.open(at: url.path, mode: .existing, zone: .current, stop: StopFlag(), pageCheck: kept.check) },
        ] as [() throws -> Store] {
            // The unit is kept on an undamaged page: without the check,
            // that save lands and the file changes.
            let error = #expect(throws: StoreError.self) {
                let store = try open()
                defer { try? store.close() }
                try store.settings.set(.unit, to: .kg)
                _ = try store.weights.add(Self.weight, at: LaunchJudgementTests.t0)
            }
            guard case .corrupt(path, let detail)? = error else {
                Issue.record("not refused as damaged: \(String(describing: error))")
                continue
            }
            #expect(!detail.isEmpty)
            #expect(error?.errorDescription?.contains("is damaged") == true)
            // The screen's own words for the same file.
            let screen = StoreError.refusal(at: path, judgement: StoreJudge.judgeAtLaunch(path: path, checked: nil, stop: StopFlag()).judgement)
            #expect(error == screen)
        }
        #expect(dir.bytes("s.sqlite") == before)
        #expect(dir.listing() == ["s.sqlite"])
        #expect(kept.count == 0)
    }

    @Test func aStoreUnchangedSinceACheckPassedIsNotReadAgain() throws {
        let dir = TempDir()
        let path = try LaunchJudgementTests.store(dir)
        LaunchJudgementTests.waitUntilSettled(path)
        let header = StoreJudge.judge(path: path)
        let first = StoreJudge.judgePages(path: path, header: header, checked: nil, stop: StopFlag())
        #expect(first.ranCheck)
        let fingerprint = try #require(first.checked)
        let again = StoreJudge.judgePages(path: path, header: header, checked: fingerprint, stop: StopFlag())
        #expect(!again.ranCheck)
        #expect(again.judgement.state == .current)
    }

    /// The usual `weight add` after another: the first write's store keeps
    /// the file as it left it, so the second finds it unchanged and reads
    /// no page; damage done after is found at the next open.
    @Test func aCommandsOwnWriteIsKeptAndTheNextFindsTheFileUnchanged() throws {
        let dir = TempDir()
        let path = try LaunchJudgementTests.store(dir)
        let url = URL(fileURLWithPath: path)
        let kept = Kept()
        let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag(), pageCheck: kept.check)
        _ = try store.weights.add(Self.weight, at: LaunchJudgementTests.t0.addingTimeInterval(-86_400))
        try store.close()
        let last = try #require(kept.last)
        #expect(last == StoreFingerprint(path: path))
        #expect(last.isSettled)
        #expect(!StoreJudge.judgePages(path: path, header: StoreJudge.judge(path: path), checked: last, stop: StopFlag()).ranCheck)

        try LaunchJudgementTests.damageWeightsPage(path)
        let next = Kept(last)
        #expect(throws: StoreError.self) { try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag(), pageCheck: next.check) }
        #expect(next.count == 0)
    }

    /// Another connection's write between the open and the close is not
    /// this command's to vouch for: nothing new is kept.
    @Test func aWriteByAnotherConnectionMeanwhileIsNotKept() throws {
        let dir = TempDir()
        let path = try LaunchJudgementTests.store(dir)
        LaunchJudgementTests.waitUntilSettled(path)
        let url = URL(fileURLWithPath: path)
        let kept = Kept()
        let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag(), pageCheck: kept.check)
        #expect(kept.count == 1)  // the check that passed at the open
        let other = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        _ = try other.weights.add(Self.weight, at: LaunchJudgementTests.t0.addingTimeInterval(-86_400))
        try other.close()
        try store.close()
        #expect(kept.count == 1)
    }
}
