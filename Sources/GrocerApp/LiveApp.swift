import Foundation
import GrocerCore
import GrocerStore
import GrocerTerminal
import GrocerUI

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive app on the real terminal and the real store.
public enum LiveApp {
    /// Why the screen did not start: one line for the person.
    public struct LaunchError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs the app; throws (with the terminal restored) when it cannot
    /// start: no terminal, a terminal that cannot address the cursor, a
    /// store that cannot be opened.
    ///
    /// The first frame comes before the store opens and before ICU is
    /// asked anything: the store's file is judged by its header, and its
    /// pages are checked (`PRAGMA quick_check`) only when the file changed
    /// since a previous launch's check passed (`StoreJudge.judgeAtLaunch`),
    /// so a refusal, a damaged page's too, comes before the terminal
    /// starts and nothing is created beside the file; the date comes from
    /// the pattern kept in `FirstFrameCache`, and the unit, the decimal
    /// separator and the time zone's offset from the same cache (the
    /// `Locales` build their ICU values on first use).
    /// (A thread that built the locales and time zone beside the terminal's
    /// start was tried: the loop's thread ran slower beside it and the frame
    /// came later, so everything here runs in order on one thread.)
    /// Right after that frame, before any key is read, the store opens and
    /// the kept facts are checked against ICU; the store's unit replaces the
    /// cached one if they differ, and the cache is brought up to date.
    public static func run(storePath path: String, environment: Environment) throws -> Exit {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw LaunchError(
                description: """
                    the interactive screen needs a terminal on stdin and stdout. \
                    From scripts use the subcommands: grocer weight add|list, grocer unit, \
                    grocer store status (see grocer --help).
                    """)
        }
        // A plain path and the C library's read: URL and FileManager cost
        // more than the read itself this early.
        let executable = FirstFrameCache.executableIdentity()
        let cache = FirstFrameCache.read(path: FirstFrameCache.path(environment)).flatMap { $0.executable == executable ? $0 : nil }

        // The header, and every page unless the file is as a previous
        // launch's check left it (`StoreJudge.judgeAtLaunch`).
        let kept = cache?.storePath == path ? cache?.checked : nil
        let launch = StoreJudge.judgeAtLaunch(path: path, checked: kept)
        let judgement = launch.judgement
        let state = judgement.state
        let openable = state == .current || state == .needsMigration || (state == .missing && judgement.detail == nil)
        if !openable {
            // Refused (newer, foreign, damaged, busy, a link to nothing),
            // in the store's own words, before the terminal starts and
            // without opening the file: nothing is created beside it.
            throw LaunchError(description: LiveEffects.describe(Store.refusal(at: path, judgement: judgement)))
        }
        // The kept facts only for the weight screen's first frame, which
        // checks them right after; the zone's only for the same settings.
        let zoneKey = TimeZoneSettings.key(environment)
        var facts = state == .needsMigration ? nil : cache?.facts
        if facts?.zone?.key != zoneKey { facts?.zone = nil }
        let locales = Locales(environment: environment, facts: facts)
        if let date = cache?.date, date.localeIdentifier == locales.timeIdentifier { LongDatePattern.current = date }

        let mailbox = Mailbox<EffectResult>()
        let session = try TerminalSession(environment: environment, wakeFD: mailbox.readFD)
        defer { session.end() }
        TerminalRestore.setWakeFD(mailbox.writeFD)
        _ = StopFlag.process  // made before any handler may touch it
        TerminalRestore.onQuitSignal = { _ in StopFlag.process.raise() }
        var context = AppContext(locales: locales, storePath: path, now: Date())
        let effects = LiveEffects(path: path, environment: environment, post: { mailbox.post($0) })
        let terminal = FirstFrameTerminal(base: session)
        let first: Route
        if state == .needsMigration {
            // The migration screen comes first, before anything else.
            first = .migration
        } else {
            let guessed = (cache?.storePath == path ? cache?.unit : nil) ?? .lbs
            context.defaultUnit = guessed
            first = .weight
            terminal.afterFirstFrame = {
                var onDisk = cache
                var fresh = cache ?? FirstFrameCache(executable: executable, date: nil, storePath: path, unit: nil)
                if fresh.storePath != path { fresh.unit = nil }
                fresh.executable = executable
                fresh.storePath = path
                fresh.checked = launch.checked
                if launch.ranCheck, fresh != onDisk {
                    // A check that passed is kept at once, before the store
                    // opens: a grocer ended by a signal meanwhile does not
                    // make the next launch read every page again.
                    fresh.write(to: FirstFrameCache.file(environment))
                    onDisk = fresh
                }
                do {
                    let unit = try effects.openStore()
                    let now = Date()
                    // The kept facts against ICU: any that disagree are no
                    // longer used, and the post below redraws the screen.
                    locales.settle(now: now)
                    // The kept date pattern and names against ICU's own
                    // (anything may have written the cache): a wrong one is
                    // replaced on screen (the post below redraws) and on disk.
                    let captured = LongDatePattern.capture(locale: locales.time, timeZone: locales.timeZone)
                    if LongDatePattern.current != nil, LongDatePattern.current != captured { LongDatePattern.current = captured }
                    // Always posted: besides correcting a wrong guess, it
                    // wakes the loop at once, so a resize (or anything else
                    // ncurses noted) that came while the store opened is
                    // handled now, not at the next key.
                    mailbox.post(.storeOpened(defaultUnit: unit))
                    if fresh.date != captured { fresh.date = captured }
                    fresh.unit = unit
                    fresh.facts = locales.refreshedFacts(cache?.facts, now: now, zoneKey: zoneKey)
                    if fresh != onDisk { fresh.write(to: FirstFrameCache.file(environment)) }
                } catch {
                    abandon(session, message: LiveEffects.describe(error))
                }
            }
        }
        let loop = AppLoop(terminal: terminal, effects: effects.client, mailbox: mailbox, clock: .live())
        return loop.run(AppModel(context: context), from: first)
    }

    /// The store would not open after the first frame (its schema is not
    /// grocer's, it is busy, ...): as a refusal before the screen would
    /// have ended, the terminal restored, one line, exit 2. Nothing was
    /// open or running yet.
    static func abandon(_ session: TerminalSession, message: String) -> Never {
        session.end()
        // Whole, wrapped at spaces to the terminal's width.
        var text = "grocer: " + VisibleText.escaped(message)
        if let width = TerminalWidth.columns(of: 2), width >= 20 { text = wrap(text, width: width).joined(separator: "\n") }
        // write(2): FileHandle's write crashes on a closed stderr.
        let line = Array((text + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(2)
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
