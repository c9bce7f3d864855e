import Foundation
import GrocerCore
import Testing

/// The header's words for where sync stands.
@Suite struct SyncStatusTests {
    static let now = Date(timeIntervalSince1970: 1_795_262_400)
    static let offline = SyncStatus.Failure(headline: "offline", line: "Not synced: the server did not answer.")
    static let refused = SyncStatus.Failure(headline: "login refused", line: "Not synced: the server refused the login.")

    @Test(
        arguments: [
            (SyncStatus.notSetUp, nil),
            (SyncStatus(lastSync: now.addingTimeInterval(-120)), "synced 2 min ago"),
            (SyncStatus(lastSync: nil), "not synced yet"),
            (SyncStatus(lastSync: now, waiting: 3), "3 waiting"),
            (SyncStatus(lastSync: now, conflicts: 1), "synced just now · 1 conflict"),
            (SyncStatus(lastSync: now, conflicts: 2), "synced just now · 2 conflicts"),
            (SyncStatus(lastSync: now, failure: offline), "offline"),
            (SyncStatus(lastSync: now, waiting: 3, conflicts: 1, failure: refused), "login refused · 3 waiting · 1 conflict"),
            // Running says so over a failure of the last try.
            (SyncStatus(lastSync: now, waiting: 3, failure: offline, running: true), "syncing… · 3 waiting"),
        ] as [(SyncStatus, String?)])
    func theHeaderText(status: SyncStatus, text: String?) {
        #expect(status.headerText(now: Self.now) == text)
    }

    /// The longest it gets for counts under a thousand fits beside the
    /// grocery screen's tabs at 80 columns (48 columns).
    @Test func allThreePartsFitBesideTheTabsAt80Columns() {
        let status = SyncStatus(lastSync: Self.now, waiting: 999, conflicts: 999, failure: Self.refused)
        #expect(status.headerText(now: Self.now)!.count <= 48)
    }

    @Test(
        arguments: [
            (-5.0, "just now"), (59, "just now"), (60, "1 min ago"), (3599, "59 min ago"), (3600, "1 h ago"), (86_399, "23 h ago"),
            (86_400, "1 day ago"), (86_400 * 12, "12 days ago"),
        ] as [(Double, String)])
    func ago(seconds: Double, text: String) {
        #expect(SyncStatus.ago(Self.now.addingTimeInterval(-seconds), now: Self.now) == text)
    }

    @Test func theOtherSideOfAConflict() {
        let line = SyncConflictLine(id: 1, title: "flour", field: "quantity", here: "2 kg", there: nil, kept: .local, at: Self.now)
        #expect(line.kept.other == .remote)
        #expect(line.value(line.kept.other) == nil)
        #expect(line.value(.local) == "2 kg")
    }
}
