import Foundation
import GrocerCore
import GrocerStore
import Testing

@testable import GrocerApp
@testable import GrocerUI

/// The first frame comes before the store opens: the store opens right
/// after it, before any key, and its unit wins over the cached guess.
@Suite struct FirstFrameTests {
    final class Saved: @unchecked Sendable { var effects: [Effect] = [] }

    @Test func theStoresUnitReplacesTheGuessBeforeAnyKeyIsHandled() {
        let clock = FakeClock()
        let mailbox = Mailbox<EffectResult>()
        let fake = FakeTerminal([.keys([]), .keys("72".map(Key.char) + [.enter])], clock: clock, mailbox: mailbox)
        let terminal = FirstFrameTerminal(base: fake)
        var opened = 0
        terminal.afterFirstFrame = {
            opened += 1
            mailbox.post(.storeOpened(LaunchHints(unit: .kg)))
        }
        let saved = Saved()
        let effects = AppEffects(perform: { effect in
            saved.effects.append(effect)
            if case .saveWeight(let weight, let at, _, _) = effect { mailbox.post(.weightSaved(WeightEntry(id: 1, weight: weight, recordedAt: at))) }
            if case .history(.openHistory) = effect { mailbox.post(.historyOpened(HistoryOpening(count: 0, newest: [], days: [], goal: nil))) }
        })
        let context = AppContext(
            locales: Locales(
                numeric: Locale(identifier: "en_US"), time: Locale(identifier: "en_US"), monetary: Locale(identifier: "en_US"),
                timeZone: TimeZone(identifier: "UTC")!), storePath: "/home/me/grocer.sqlite", defaultUnit: .lbs, now: FakeClock.noon)
        _ = AppLoop(terminal: terminal, effects: effects, mailbox: mailbox, clock: clock.client).run(AppModel(context: context), from: .weight)
        #expect(opened == 1)
        #expect(fake.frames.first?.lines.contains { $0.contains("[ lbs ^U ]") } == true)
        #expect(fake.frames.dropFirst().first?.lines.contains { $0.contains("[ kg ^U ]") } == true)
        // Nothing asked before the store opened; then the trend and the usual time (issue 34), then the save.
        #expect(
            Array(saved.effects.prefix(2)) == [
                .loadWeighInHabits(unit: .kg), .saveWeight(Weight(digits: "72", unit: .kg)!, at: FakeClock.noon, note: ""),
            ])
    }

    static let pattern = LongDatePattern(
        localeIdentifier: "en_US", pattern: "MMMM d, y 'at' h:mm a",
        months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        shortMonths: Array(repeating: "M", count: 12), standaloneMonths: Array(repeating: "L", count: 12),
        weekdays: Array(repeating: "W", count: 7), shortWeekdays: Array(repeating: "w", count: 7), am: "AM", pm: "PM")

    @Test func theCacheFileRoundTrips() {
        let cache = FirstFrameCache(executable: "1:2:3:4.5", storePath: "/home/me/g.sqlite", hints: LaunchHints(unit: .kg, date: Self.pattern))
        #expect(FirstFrameCache.parse(cache.text) == cache)
        let noDate = FirstFrameCache(executable: "x", storePath: "/s", hints: LaunchHints())
        #expect(FirstFrameCache.parse(noDate.text) == noDate)
        let zone = LaunchHints.ZoneOffset(key: "TZFILE\u{1F}TZ=Europe/Berlin\u{1F}/etc/x", secondsFromGMT: 3600, since: 10, until: 20)
        let facts = FirstFrameCache(
            executable: "x", storePath: "/s=1",
            hints: LaunchHints(unit: .lbs, date: Self.pattern, numeric: .init(identifier: "ar_EG", separator: "\u{066B}"), zone: zone))
        #expect(FirstFrameCache.parse(facts.text) == facts)
        var noZone = facts
        noZone.hints.zone = nil
        #expect(FirstFrameCache.parse(noZone.text) == noZone)
    }

    /// The store's fingerprint as a check last passed on it is kept and
    /// read back; the unit noted for another store drops it (it says
    /// nothing about that store), for the same store it stays.
    @Test func theCheckedFingerprintIsKeptForItsStoreOnly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-ff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = Environment(["XDG_STATE_HOME": dir.path])
        let url = FirstFrameCache.file(environment)
        let checked = StoreFingerprint(text: "64769:1234:65536:1795626404.724414418+64769:99:8272:1795626405.1")
        let cache = FirstFrameCache(executable: "x", storePath: "/s", checked: checked, hints: LaunchHints(unit: .lbs, date: Self.pattern))
        #expect(FirstFrameCache.parse(cache.text) == cache)
        #expect(FirstFrameCache.parse(cache.text)?.checked == checked)
        cache.write(to: url)
        FirstFrameCache.note(unit: .kg, storePath: "/s", environment: environment)
        #expect(FirstFrameCache.read(url)?.checked == checked)
        FirstFrameCache.note(unit: .kg, storePath: "/other", environment: environment)
        #expect(FirstFrameCache.read(url)?.checked == nil)
        #expect(FirstFrameCache.read(url)?.storePath == "/other")
    }

    @Test(arguments: [
        "", "garbage", "grocer first frame 0\n", "grocer first frame 1\nx\n\n\n\n\n\n\n\n\n\n/s\nkg\n",
        "grocer first frame 2\nx\n\n\n\n\n\n\n\n\n\n/s\nkg\n\n\n\n\n\n\n",
        // Version 3's positional lines; a line that is no key=value; a key
        // given twice; no store; a last line without its newline.
        "grocer first frame 3\nx\n\n\n\n\n\n\n\n\n\n/s\nkg\n\n\n\n\n\n\n\n",
        "grocer first frame 4\nexecutable=x\nstore=/s\nkg\n", "grocer first frame 4\nexecutable=x\nstore=/s\nstore=/t\n",
        "grocer first frame 4\nexecutable=x\n", "grocer first frame 4\nexecutable=x\nstore=/s",
        // A group not whole: a zone without its window, a separator of two
        // characters, a date without its names.
        "grocer first frame 4\nexecutable=x\nstore=/s\nzone.key=k\nzone.offset=3600\n",
        "grocer first frame 4\nexecutable=x\nstore=/s\nnumeric.locale=de_DE\nnumeric.separator=,,\n",
        "grocer first frame 4\nexecutable=x\nstore=/s\ndate.locale=en_US\ndate.pattern=y\n",
    ])
    func anOddFileIsIgnored(text: String) {
        #expect(FirstFrameCache.parse(text) == nil)
    }

    /// Keys in any order; one it does not know (a later grocer's) is
    /// skipped; a value may hold "=".
    @Test func keysComeInAnyOrderAndUnknownOnesAreSkipped() {
        let text = "grocer first frame 4\nunit=kg\nlater.key=1\nstore=/s=1\nexecutable=x\nnumeric.separator=,\nnumeric.locale=de_DE\n"
        #expect(
            FirstFrameCache.parse(text)
                == FirstFrameCache(
                    executable: "x", storePath: "/s=1", hints: LaunchHints(unit: .kg, numeric: .init(identifier: "de_DE", separator: ","))))
    }

    @Test func aFileWithTerminalControlsIsIgnored() {
        var months = Self.pattern.months
        months[10] = "\u{1B}]0;pwned\u{07}"
        let hostile = LongDatePattern(
            localeIdentifier: "en_US", pattern: Self.pattern.pattern, months: months, shortMonths: Self.pattern.shortMonths,
            standaloneMonths: Self.pattern.standaloneMonths, weekdays: Self.pattern.weekdays, shortWeekdays: Self.pattern.shortWeekdays,
            am: "AM", pm: "PM")
        let cache = FirstFrameCache(executable: "x", storePath: "/s", hints: LaunchHints(unit: .kg, date: hostile))
        #expect(FirstFrameCache.parse(cache.text) == nil)
    }

    @Test(arguments: ["\u{1B}", "\u{07}", "\u{7F}", "\u{9B}", "\u{85}", "\r"])
    func anyControlCharacterMakesTheFileIgnored(control: String) {
        let cache = FirstFrameCache(executable: "x", storePath: "/s" + control, hints: LaunchHints(unit: .kg, date: Self.pattern))
        #expect(FirstFrameCache.parse(cache.text) == nil)
        #expect(FirstFrameCache.hasControls("é ™ \u{1F}\n") == false)
    }

    @Test func theCacheIsWrittenPrivatelyAndReadBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-ff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = FirstFrameCache.file(["XDG_STATE_HOME": dir.path])
        let cache = FirstFrameCache(executable: "x", storePath: "/s", hints: LaunchHints(unit: .lbs, date: Self.pattern))
        cache.write(to: url)
        #expect(FirstFrameCache.read(url) == cache)
        var info = stat()
        #expect(stat(url.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(url.deletingLastPathComponent().path, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }
}
