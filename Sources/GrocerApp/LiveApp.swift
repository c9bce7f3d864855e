import Foundation
import GrocerCore
import GrocerStore
import GrocerTerminal
import GrocerUI

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive app on the real terminal and the real store, in two
/// phases (docs/ARCHITECTURE.md, "Launch"): `Launch.prepare` before the
/// first frame, `Launch.settle` right after it.
public enum LiveApp {
    /// Why the screen did not start: one line for the person.
    public struct LaunchError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs the app; throws (with the terminal restored) when it cannot
    /// start: no terminal, a terminal that cannot address the cursor, a
    /// store refused before the first frame (as the store's own
    /// `StoreError`). A store that will not open after the first frame ends
    /// the app through the loop, as an `Exit` with its message and status;
    /// nothing in here ends the process.
    ///
    /// `syncRunner` is sync's work for the grocery screen: the `grocer`
    /// executable passes it, built from the sync engine; nil (a build or a
    /// test without sync) shows no sync state and `s` says it is not set up.
    /// `recipeReader` reads the file the grocery screen's `R` names; nil:
    /// `R` says it cannot.
    public static func run(
        storePath path: String, environment: Environment, syncRunner: SyncRunner? = nil, recipeReader: RecipeReader? = nil
    ) throws -> Exit {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw LaunchError(
                description: """
                    the interactive screen needs a terminal on stdin and stdout. \
                    From scripts use the subcommands: grocer weight add|list, grocer unit, \
                    grocer store status (see grocer --help).
                    """)
        }
        let launch = try Launch.prepare(storePath: path, environment: environment)

        let mailbox = Mailbox<EffectResult>()
        let session = try TerminalSession(environment: environment, wakeFD: mailbox.readFD)
        defer { session.end() }
        TerminalRestore.setWakeFD(mailbox.writeFD)
        _ = StopFlag.process  // made before any handler may touch it
        TerminalRestore.onQuitSignal = { _ in StopFlag.process.raise() }
        var context = AppContext(locales: launch.locales, storePath: path, now: Date())
        // The zone the screen shows is the one the store groups days in.
        let effects = LiveEffects(
            path: path, environment: environment, zone: { [locales = launch.locales] in locales.timeZone }, syncRunner: syncRunner,
            recipeReader: recipeReader, wakeOn: { mailbox.alsoWake(on: $0) }, post: { mailbox.post($0) })
        #if GROCER_TEST_HOOKS
            // For e2e/test_follows.sh: the tick's interval in ms (0: no
            // tick), so that only the store watch can show another's write.
            if let ms = environment["GROCER_TEST_WATCH_INTERVAL_MS"].flatMap(Int.init) {
                effects.watchInterval = ms > 0 ? .milliseconds(ms) : nil
            }
        #endif
        let terminal = FirstFrameTerminal(base: session)
        if launch.firstRoute == .weight {
            context.hints = launch.hints
            // No kept unit (a new store, no cache): the region's, as the store will say.
            context.displayUnit = launch.hints.unit ?? DisplayUnit.regional(environment)
            if launch.checksBesideFrame {
                context.storeOpening = true
                terminal.afterFirstFrame = { effects.checkBesideFrame(launch) }
            } else {
                terminal.afterFirstFrame = { mailbox.post(launch.settle(effects: effects)) }
            }
        }
        let loop = AppLoop(terminal: terminal, effects: effects.client, mailbox: mailbox, clock: .live())
        return loop.run(AppModel(context: context), from: launch.firstRoute)
    }
}

/// The launch's two phases and what passes from the first to the second.
struct Launch {
    let path: String
    let environment: Environment
    let executable: String
    /// The cache as read (nil: none, another build's, or unreadable).
    let cache: FirstFrameCache?
    let check: LaunchJudgement
    let zoneKey: String?
    let locales: Locales
    let firstRoute: Route
    /// What the first frame shows before the store and ICU say: the kept
    /// hints that still apply (the unit for this store, the zone's offset
    /// for these settings; the pattern and the separator are used only for
    /// the locales they name).
    let hints: LaunchHints
    /// Every hint the first frame shows was kept for these settings and
    /// this store, the unit included (none guessed): then a page check the
    /// file needs runs beside the frame, off the path of the first key
    /// (`checksBesideFrame`).
    let hintsKept: Bool

    /// The pages are to be read (the file changed since a check last
    /// passed) and nothing on screen is a guess that a key could act on:
    /// the check runs beside the frame while the weight is typed, and the
    /// keys that need the store wait for it (`AppContext.storeOpening`).
    var checksBesideFrame: Bool { check.pagesPending && hintsKept }

    /// Before the first frame, before the terminal starts, in order on one
    /// thread: the cache read (a plain path and the C library's read: URL
    /// and FileManager cost more than the read itself this early); the
    /// store's file judged by its header (`StoreJudge.judgeBeforeFrame`),
    /// so a refusal by the header comes before the terminal starts and
    /// nothing is created beside the file; the cache's hints that still
    /// apply (ICU is asked nothing yet). The pages are checked right after
    /// the frame (`settle`). (A thread that built the locales and time
    /// zone beside the terminal's start was tried: the loop's thread ran
    /// slower beside it and the frame came later.)
    static func prepare(storePath path: String, environment: Environment) throws -> Launch {
        let executable = FirstFrameCache.executableIdentity()
        // Another build's cache (an upgrade) still knows which bytes a
        // check passed on, and the store's unit; its other hints are that
        // build's ICU's, and go.
        var cache = FirstFrameCache.read(path: FirstFrameCache.path(environment))
        let kept = cache?.storePath == path ? cache?.checked : nil
        if let other = cache, other.executable != executable {
            cache = FirstFrameCache(
                executable: executable, storePath: other.storePath, checked: other.checked, hints: LaunchHints(unit: other.hints.unit))
        }
        let check = StoreJudge.judgeBeforeFrame(path: path, checked: kept)
        let judgement = check.judgement
        let state = judgement.state
        let openable = state == .current || state == .needsMigration || (state == .missing && judgement.detail == nil)
        // Refused (newer, foreign, damaged, busy, a link to nothing), in
        // the store's own words and with its exit status, without opening
        // the file: nothing is created beside it.
        if !openable { throw StoreError.refusal(at: path, judgement: judgement) }
        // The kept hints only for the weight screen's first frame, which
        // checks them right after; the zone's only for the same settings,
        // the unit only for the same store.
        let zoneKey = TimeZoneSettings.key(environment)
        var hints = state == .needsMigration ? LaunchHints() : cache?.hints ?? LaunchHints()
        if hints.zone?.key != zoneKey { hints.zone = nil }
        if cache?.storePath != path { hints.unit = nil }
        // The system time zone, made on first use (after the frame, unless
        // the hints cannot answer).
        let locales = Locales(environment: environment, zone: { TimeZone.current })
        let keptHints = hints
        if state != .needsMigration { guessMissingHints(&hints, locales: locales, zoneKey: zoneKey, now: Date()) }
        return Launch(
            path: path, environment: environment, executable: executable, cache: cache, check: check, zoneKey: zoneKey,
            locales: locales,
            // The migration screen comes first, before anything else.
            firstRoute: state == .needsMigration ? .migration : .weight, hints: hints,
            // The unit too: without this store's, the first frame shows the
            // region's, a guess a typed weight would be read against.
            hintsKept: hints == keptHints && keptHints.unit != nil)
    }

    /// What no kept hint answers for these settings (a first run, an
    /// upgrade, another locale or zone), guessed the cheap way
    /// (`FirstFrameGuess`) for the first frame only: `settle` asks ICU
    /// through Foundation right after it, as it does for kept hints.
    static func guessMissingHints(_ hints: inout LaunchHints, locales: Locales, zoneKey: String?, now: Date) {
        if hints.zone?.offset(at: now) == nil { hints.zone = FirstFrameGuess.zone(key: zoneKey, now: now) }
        if hints.date?.localeIdentifier != locales.timeIdentifier, let offset = hints.zone?.offset(at: now) {
            hints.date = FirstFrameGuess.longDatePattern(identifier: locales.timeIdentifier, now: now, secondsFromGMT: offset)
        }
        if hints.numeric?.identifier != locales.numericIdentifier {
            hints.numeric = FirstFrameGuess.decimalSeparator(identifier: locales.numericIdentifier).map {
                LaunchHints.Numeric(identifier: locales.numericIdentifier, separator: $0)
            }
        }
    }

    /// Right after the first frame, on the loop's thread, before any key is
    /// read: the store's pages are checked when the file changed since a
    /// check last passed (`StoreJudge.checkPages`: read only, nothing made
    /// beside the file, before anything is written), the store opens, ICU
    /// is asked what the hints guessed, and the cache is brought up to
    /// date. The result goes through the loop: `.storeOpened` with the
    /// checked hints (always: besides correcting a wrong guess of the unit,
    /// the date or the separator, it wakes the loop at once, so a resize
    /// that came while the store opened is handled now, not at the next
    /// key), or `.quit` with the store's message and exit status (a damaged
    /// page's too, in the words a refusal before the frame would have had).
    func settle(effects: LiveEffects) -> EffectResult {
        finish(StoreJudge.checkPages(path: path, after: check), effects: effects)
    }

    /// `settle` once the pages were checked (`check`), here or beside the
    /// frame: on the loop's thread.
    func finish(_ check: LaunchJudgement, effects: LiveEffects) -> EffectResult {
        if check.ranCheck, check.judgement.state != .current {
            let refusal = StoreError.refusal(at: path, judgement: check.judgement)
            return .quit(Exit(status: refusal.exitCode, message: LiveEffects.describe(refusal)))
        }
        var onDisk = cache
        var fresh = cache ?? FirstFrameCache(executable: executable, storePath: path)
        if fresh.storePath != path { fresh.hints.unit = nil }
        fresh.executable = executable
        fresh.storePath = path
        fresh.checked = check.checked
        if check.ranCheck, fresh != onDisk {
            // A check that passed is kept at once, before the store opens:
            // a grocer ended by a signal meanwhile does not make the next
            // launch read every page again.
            fresh.write(to: FirstFrameCache.file(environment))
            onDisk = fresh
        }
        let unit: DisplayUnit
        do {
            unit = try effects.openStore()
        } catch {
            // As a refusal before the first frame would have been: the
            // screen ends, the terminal is restored, one line, its status.
            return .quit(Exit(status: (error as? StoreError)?.exitCode ?? 2, message: LiveEffects.describe(error)))
        }
        // What ICU says, whatever the kept hints said (anything may have
        // written the cache): on screen from now on, and on disk.
        fresh.hints = LaunchHints.settled(unit: unit, locales: locales, kept: cache?.hints, now: Date(), zoneKey: zoneKey)
        if fresh != onDisk { fresh.write(to: FirstFrameCache.file(environment)) }
        return .storeOpened(fresh.hints)
    }
}

/// The terminal, with one piece of work run right after the first frame is
/// shown (on the loop's thread, before any key is read).
final class FirstFrameTerminal: TerminalInterface {
    let base: any TerminalInterface
    var afterFirstFrame: (() -> Void)?

    init(base: any TerminalInterface) { self.base = base }

    // Every member is passed on: the protocol has no defaults, so a member
    // added to it cannot be dropped here in silence (Ctrl-Z once was).
    var size: Size { base.size }
    var measure: ColumnMeasure { base.measure }
    var endingSignal: Int32? { base.endingSignal }
    func nextKeys(timeout: Duration?) -> [Key] { base.nextKeys(timeout: timeout) }
    func takeJobRequest() -> JobRequest? { base.takeJobRequest() }
    func suspend() { base.suspend() }
    func invalidate() { base.invalidate() }
    func end() { base.end() }

    func draw(_ canvas: Canvas) {
        base.draw(canvas)
        #if GROCER_TEST_HOOKS
            // For `make order`: what runs until the first frame, and no more.
            if afterFirstFrame != nil, getenv("GROCER_TEST_EXIT_AFTER_FIRST_FRAME") != nil { _exit(0) }
        #endif
        if let work = afterFirstFrame {
            afterFirstFrame = nil
            work()
        }
    }
}
