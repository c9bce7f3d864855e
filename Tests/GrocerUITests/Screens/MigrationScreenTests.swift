import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

@Suite struct MigrationScreenTests {
    func render(_ screen: MigrationScreen, width: Int = 80, height: Int = 24) -> [String] {
        // The body above the hint bar, which the app draws.
        var canvas = Canvas(width: width, height: height - 1)
        screen.render(into: &canvas)
        return canvas.lines
    }

    static let bar42 = "    " + String(repeating: "█", count: 30) + String(repeating: "░", count: 42)

    func migrating() -> MigrationScreen {
        var screen = MigrationScreen()
        screen.receive(.progress(done: 0, total: 1_200_000), elapsed: 0)
        screen.receive(.progress(done: 504_000, total: 1_200_000), elapsed: 2.1)
        return screen
    }

    @Test func progressShowsPercentBarRowsAndTimeLeft() {
        #expect(
            render(migrating()) == [
                "",
                "                           Updating your grocer store",
                "", "", "", "", "", "",
                "                            Migration Progress: 42%",
                "",
                Self.bar42,
                "",
                "                     Copying every row into the new format",
                "",
                "                                 About 3 s left",
                "", "", "", "", "", "", "", "",
            ])
    }

    @Test func thePhaseIsNamedUnderTheBar() {
        var screen = migrating()
        screen.receive(.progress(done: 900_000, total: 1_200_000, phase: .verify), elapsed: 6)
        #expect(
            Array(render(screen)[8...14]) == [
                "                            Migration Progress: 75%",
                "",
                "    " + String(repeating: "█", count: 54) + String(repeating: "░", count: 18),
                "",
                "                      Checking every page of the new store",
                "",
                "                                 About 2 s left",
            ])
        // A later event of an earlier phase does not take the name back.
        screen.receive(.progress(done: 900_000, total: 1_200_000, phase: .steps), elapsed: 6.5)
        #expect(render(screen)[12] == "                      Checking every page of the new store")
    }

    @Test func beforeTheFirstEventItShowsZeroAndAnEmptyBar() {
        let lines = render(MigrationScreen())
        #expect(lines[8] == "                             Migration Progress: 0%")
        #expect(lines[10] == "    " + String(repeating: "░", count: 72))
        #expect(lines[12] == "")
        #expect(lines[14] == "                           Estimating the time left…")
    }

    @Test func progressNeverGoesBackwards() {
        var screen = migrating()
        screen.receive(.progress(done: 100, total: 1_200_000), elapsed: 3)
        #expect(screen.done == 504_000)
        #expect(screen.percent == 42)
    }

    @Test func ctrlCAsksBeforeStoppingAndNGoesOn() {
        var screen = migrating()
        #expect(screen.handle(.ctrl("c")) == .redraw)
        #expect(
            render(screen) == [
                "",
                "                           Updating your grocer store",
                "", "", "", "", "", "",
                "                            Migration Progress: 42%",
                "",
                Self.bar42,
                "",
                "                     Copying every row into the new format",
                "",
                "                                 About 3 s left",
                "",
                "                              Stop migration? y/n",
                "", "", "", "", "", "",
            ])
        #expect(screen.handle(.char("n")) == .redraw)
        #expect(screen.phase == .migrating)
    }

    @Test func yesStopsAndTheCancelledScreenQuitsOnEnter() {
        var screen = migrating()
        _ = screen.handle(.ctrl("c"))
        #expect(screen.handle(.char("y")) == .perform(.stopMigration))
        #expect(render(screen)[14] == "                     Stopping; the store is left as it was…")
        #expect(screen.handle(.enter) == .none)
        var context = testContext()
        #expect(
            screen.receive(.migration(.cancelled), &context)
                == .quit(Exit(status: 130, message: "migration stopped; /home/me/grocer.sqlite was left as it was.")))
    }

    @Test(arguments: [Key.enter, .escape, .function(10), .char("y"), .up])
    func otherKeysAreIgnoredWhileMigrating(key: Key) {
        var screen = migrating()
        #expect(screen.handle(key) == .none)
        #expect(screen.phase == .migrating)
    }

    @Test func finishedShowsTheSummaryAndEnterContinues() {
        var screen = migrating()
        screen.receive(.progress(done: 1_200_000, total: 1_200_000), elapsed: 5)
        screen.receive(
            .finished(
                MigrationSummary(
                    fromVersion: 2, toVersion: 4, carried: ["weight_entry": 1_199_000, "item": 1000],
                    repairs: ["weight rounded to 2 decimal places": 1200, "dangling unit reference removed": 3],
                    quarantined: ["weight_entry: weight is not a number": 2])), elapsed: 5)
        #expect(
            Array(render(screen)[8...]) == [
                "                            Migration Progress: 100%",
                "",
                "    " + String(repeating: "█", count: 72),
                "",
                "",
                "",
                "             1,200,000 rows carried, 1,203 repaired, 2 quarantined.",
                "                 Repaired (dangling unit reference removed): 3",
                "              Repaired (weight rounded to 2 decimal places): 1,200",
                "             Quarantined (weight_entry: weight is not a number): 2",
                "                          Opening grocer… (Enter: now)",
                "", "", "", "",
            ])
        #expect(screen.handle(.char("x")) == .none)
        #expect(screen.handle(.enter) == .perform(.openStore))
    }

    @Test func failureShowsTheMessageWrappedAndEnterQuits() {
        var screen = migrating()
        screen.receive(
            .failed(
                "The disk became full (or a file size limit was reached) while migrating /home/me/.local/share/grocer/grocer.sqlite. Free some space and try again; the file was not changed."
            ), elapsed: 3)
        #expect(
            Array(render(screen)[14...18]) == [
                "                               Migration failed:",
                "    The disk became full (or a file size limit was reached) while migrating",
                "      /home/me/.local/share/grocer/grocer.sqlite. Free some space and try",
                "                        again; the file was not changed.",
                "",
            ])
        #expect(
            screen.handle(.enter)
                == .quit(
                    Exit(
                        status: 2,
                        message:
                            "The disk became full (or a file size limit was reached) while migrating /home/me/.local/share/grocer/grocer.sqlite. Free some space and try again; the file was not changed."
                    )))
    }

    @Test func theSummaryStaysItsTimeThenTheStoreOpens() {
        var context = testContext()
        var screen = MigrationScreen()
        #expect(screen.appear(&context) == .perform(.startMigration))
        context.uptime = .seconds(4)
        _ = screen.receive(
            .migration(.finished(MigrationSummary(fromVersion: 1, toVersion: 4, carried: [:], repairs: [:], quarantined: [:]))), &context)
        #expect(screen.wakeAt == .seconds(4) + MigrationScreen.summaryTime)
        #expect(screen.wake(&context) == .perform(.openStore))
    }

    @Test(arguments: [
        (0.0, 0, "Estimating the time left…"), (1.0, 900, "Less than a second left"),
        (10.0, 200, "About 40 s left"), (10.0, 100, "About 2 min left"), (10.0, 10, "About 17 min left"),
    ])
    func timeLeftFollowsThePaceSoFar(elapsed: Double, done: Int, text: String) {
        var screen = MigrationScreen()
        screen.receive(.progress(done: done, total: 1000), elapsed: elapsed)
        #expect(screen.timeLeft == text)
    }

    @Test func saysSoWhileAnotherGrocerHoldsTheLock() {
        var screen = MigrationScreen()
        screen.receive(.waiting, elapsed: 0.5)
        var canvas = Canvas(width: 80, height: 24)
        screen.render(into: &canvas)
        #expect(canvas.lines.contains { $0.contains("Another grocer is migrating this store; waiting for it…") })
        screen.receive(.progress(done: 10, total: 100), elapsed: 1)
        canvas = Canvas(width: 80, height: 24)
        screen.render(into: &canvas)
        #expect(!canvas.lines.contains { $0.contains("waiting for it") })
        #expect(canvas.lines.contains { $0.contains("Migration Progress: 10%") })
    }
}

/// `q` never quits mid-migration: it asks, as Ctrl-C does; it quits after
/// a failure and does nothing on the summary (the app opens).
@Suite struct MigrationScreenQuitTests {
    @Test func qMidMigrationAsksFirst() {
        var screen = MigrationScreen()
        screen.receive(.progress(done: 10, total: 100), elapsed: 1)
        #expect(screen.handle(.char("q")) == .redraw)
        #expect(screen.phase == .confirmingStop)
        #expect(screen.handle(.char("q")) == .none)
        #expect(screen.phase == .confirmingStop)
    }

    @Test func qOnTheSummaryDoesNothing() {
        var screen = MigrationScreen()
        screen.receive(.finished(MigrationSummary(fromVersion: 1, toVersion: 4, carried: [:], repairs: [:], quarantined: [:])), elapsed: 1)
        #expect(screen.handle(.char("q")) == .none)
    }

    @Test func qQuitsAfterAFailureWithItsMessage() {
        var screen = MigrationScreen()
        screen.receive(.failed("disk full"), elapsed: 1)
        #expect(screen.handle(.char("q")) == .quit(Exit(status: 2, message: "disk full")))
    }
}
