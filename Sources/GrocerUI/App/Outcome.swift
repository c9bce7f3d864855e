import Foundation
import GrocerCore

/// What happens after a key, an effect's result or a timer.
public enum Outcome: Equatable, Sendable {
    /// Nothing changed.
    case none
    /// State changed: draw again.
    case redraw
    /// The key was refused: nothing changed but the person is told (bell or
    /// flash, and whatever message the screen now shows).
    case reject
    /// Run this effect (the app loop does; screens do no I/O), hand the
    /// result back, then draw again.
    case perform(Effect)
    /// Replace the base screen (and anything presented over it).
    case go(Route)
    /// Show a screen over the current one (help, a picker, a confirmation).
    case present(Route)
    /// Close the screen presented on top; nothing on a base screen.
    case dismiss
    /// End the app with this status (and a line for stderr).
    case quit(Exit = .normal)
    /// Give the terminal back to the shell and stop (Ctrl-Z); on `fg` the
    /// loop draws the whole frame again.
    case suspend
}

/// How the app ends: a status for the shell and, unless it ended normally,
/// the line grocer prints once the terminal is restored.
public struct Exit: Equatable, Sendable {
    public let status: Int32
    public let message: String?

    public init(status: Int32, message: String? = nil) {
        self.status = status
        self.message = message
    }

    public static let normal = Exit(status: 0)

    /// Ended by a signal: 128 + its number, as shells report it.
    public static func signal(_ number: Int32) -> Exit { Exit(status: 128 + number) }
}

/// Work a screen asks for; the app loop performs it and hands the result
/// back to the screen that asked.
public enum Effect: Equatable, Sendable {
    /// The answer comes through the mailbox; while the save waits for
    /// another grocer's write, `.saveWaiting` says so.
    case saveWeight(Weight, at: Date, note: String, bodyFat: BodyFat? = nil)
    /// Stop waiting for the save under way (it then fails as busy).
    case giveUpSave
    /// What the weight screen needs of the history (`WeighInHabits`): the
    /// trend a typo is far from, the usual weigh-in time.
    case loadWeighInHabits(unit: WeightUnit)
    case setDefaultUnit(DisplayUnit)
    /// The history's store work (HistoryScreen+Effects.swift).
    case history(HistoryRequest)
    /// Start migrating the store on a background queue; its events arrive
    /// later as `.migration` results.
    case startMigration
    /// Ask the running migration to stop between batches.
    case stopMigration
    /// Open the (now current) store and read what the first screen needs.
    case openStore
    /// The grocery screens' store work.
    case groceries(GroceriesRequest)
    /// Sync's work (GroceriesSync.swift): never done on the loop's thread,
    /// so no key waits for the network; the answer comes through the mailbox.
    case sync(SyncRequest)
}

/// The history's store work: keyset pages, per-day figures, changes.
public enum HistoryRequest: Equatable, Sendable {
    case openHistory(unit: WeightUnit, limit: Int)
    case loadWeightPage(WeightPageRequest)
    /// Every day's figures (the weeks and months, the `all` range).
    case loadWeightDays(unit: WeightUnit)
    /// The days the trend's recent ranges need, and where it goes on from.
    case loadRecentWeightDays(unit: WeightUnit)
    /// The days with a body fat, for the graph's body fat line (issue 34).
    case loadBodyFatDays
    case deleteWeights([Int64])
    case restoreWeights([WeightEntry])
    case editWeight(id: Int64, weight: Weight, at: Date, note: String)
    /// Undo of an edit: entry `now.id` back to `back`, only if it still
    /// holds `now` (another grocer may have changed it since).
    case undoEdit(now: WeightEntry, back: WeightEntry)
    /// Undo of a save: `entry` deleted, only if it still holds what was
    /// saved.
    case undoAdd(WeightEntry)
    /// A change undone, made again (`U`).
    case redo(HistoryChange)
    case setGoal(Weight?)
    /// The lowest and highest weigh-in of the weeks or months shown.
    case loadWeightExtremes(WeightExtremesRequest)
    /// A page of the weeks or months (`w`), newest first.
    case loadWeightPeriods(WeightPeriodsRequest)
    /// What the `all` graph draws of a long history: its blocks of days.
    case loadGraphBlocks(GraphBlocksRequest)
}

/// What performing an effect, or background work, produced.
public enum EffectResult: Equatable, Sendable {
    case weightSaved(WeightEntry)
    case weighInHabits(WeighInHabits)
    /// The save waits for another grocer's write to end.
    case saveWaiting
    // The history's results (HistoryScreen+Effects.swift).
    case historyOpened(HistoryOpening)
    /// A page, newest first, and a line naming rows that could not be read.
    case weightPage([WeightEntry], for: WeightPageRequest, unreadable: String? = nil)
    /// Every day's figures.
    case weightDays([DayFigure])
    /// The days after `start` (every day when it is nil) and the trend's start.
    case recentWeightDays([DayFigure], start: TrendStart?)
    case bodyFatDays([BodyFatTrend.Day])
    case weightsDeleted([WeightEntry])
    case weightsRestored([WeightEntry])
    case weightEdited(before: WeightEntry, after: WeightEntry)
    /// The undo of an edit (`HistoryRequest.undoEdit`) done: the entry as it
    /// was, and as it is again.
    case editUndone(before: WeightEntry, after: WeightEntry)
    /// The undo of a save done: the entry, gone again.
    case addUndone(WeightEntry)
    /// A change made again, as it now is (a restored entry may have a new id).
    case redone(HistoryChange)
    case goalSet(Weight?)
    case weightExtremes([CivilDay: WeightAverages.Extremes], for: WeightExtremesRequest)
    case weightPeriods(WeightAverages.PeriodPage, for: WeightPeriodsRequest)
    /// The `all` graph's blocks of days, or every day (a short history).
    case graphBlocks(AllGraphSource, for: GraphBlocksRequest)
    /// An undo refused because another grocer changed or deleted what it
    /// would take back: the line saying so; the change is dropped.
    case notUndone(String)
    /// A redo refused in the same way.
    case notRedone(String)
    /// The store has opened (at launch right after the first frame, or
    /// after a migration) and ICU has answered: the hints every screen uses
    /// from now on, with the store's default unit. The app model takes it
    /// (`AppModel.receive`), not a screen.
    case storeOpened(LaunchHints)
    /// The launch's check of the store's pages, run beside the first frame
    /// (`AppContext.storeOpening`), is over: the app asks `.openStore`,
    /// which opens the store or says why not.
    case storeChecked
    case migration(MigrationEvent)
    case groceries(GroceriesResult)
    /// Sync's answers. They go to every screen on the stack, not only the
    /// one on top (`AppModel.receive`): a sync the grocery screen started
    /// may end while help or the conflicts are over it.
    case sync(SyncResult)
    /// Another process wrote to the store: a screen showing what the store
    /// holds reads it again, keeping its selection where it still exists.
    case storeChanged
    /// The request that failed, and one line for the person: what
    /// happened, to which file, what to do. Naming the request (as sync's
    /// `SyncResult.failed(SyncRequest, String)` does) lets the screen that
    /// asked undo exactly what that request had under way, and lets no
    /// other request's failure touch it.
    case failed(Effect, String)
    /// The app must end, whatever screen shows (the store would not open
    /// after the first frame): its message and status.
    case quit(Exit)
}

/// What the migration running in the background tells the screen.
public enum MigrationEvent: Equatable, Sendable {
    /// Weighted work done of the total over every phase (`MigrationMeter`),
    /// and the phase it is in.
    case progress(done: Int, total: Int, phase: MigrationPhase = .copy)
    case finished(MigrationSummary)
    case failed(String)
    /// The migration stopped as asked; the old store is as it was.
    case cancelled
    /// Another grocer holds the lock; this one waits for it.
    case waiting
    /// Another grocer finished the migration while this one waited.
    case alreadyCurrent
}
