import Foundation
import GrocerCore

/// The history's part in sync: its title row says where sync stands, in a
/// few words ("sync: 1 waiting", "synced 2 min ago", "sync: offline"), from
/// the answers the app hears (`AppModel` asks the status when the history
/// appears and after a weight changes, and syncs a few seconds later:
/// `WeightsSync`). Nothing shows when sync is not set up, or where the
/// words do not fit beside the title and the ranges.
extension HistoryScreen {
    mutating func receiveSync(_ answer: SyncResult) -> Outcome {
        switch answer {
        case .status(let status), .synced(let status):
            syncStatus = status
            return .redraw
        case .conflicts, .failed:
            return .none
        }
    }

    /// The words at `now` and their style (an accent when something needs
    /// the person: a failure, a conflict); nil when there is nothing to say.
    func syncWords(now: Date) -> (text: String, style: Style)? {
        guard let status = syncStatus, let words = status.headerText(now: now), !words.isEmpty else { return nil }
        let text = words.hasPrefix("sync") || words.hasPrefix("not synced") ? words : "sync: " + words
        let needsLook = !status.running && status.failure != nil || status.conflicts > 0
        return (text, needsLook ? .accent : .dim)
    }

    /// On the title row between the title (from column 1) and the ranges
    /// (ending a column before the edge), two columns from each, whole or
    /// not at all.
    func renderSync(into canvas: inout Canvas, _ context: AppContext, rangesWidth: Int) {
        guard let (text, style) = syncWords(now: context.now) else { return }
        let start = 1 + canvas.columns(Self.title) + 2
        let end = canvas.width - 1 - rangesWidth - 2
        guard canvas.columns(text) <= end - start else { return }
        canvas.put(text, row: 0, column: start, style: style)
    }
}
