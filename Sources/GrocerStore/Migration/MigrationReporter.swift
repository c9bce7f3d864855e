import Foundation
import GrocerCore

/// The migration's side of its progress: a `MigrationMeter` on the
/// migration's clock, fed by the phases' boundaries, the copy's rows and
/// the ticks of the SQLite progress handler (`StopCheck.onTick`, inside
/// any long statement: an index build, a step, the integrity check), and
/// the caller's callback, called when the percentage or the phase changes.
/// Used on the migration's thread only.
final class MigrationReporter {
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private let report: (MigrationProgress) -> Void
    private var meter: MigrationMeter?
    private var last: MigrationProgress?
    private var ticks = 0

    init(report: @escaping (MigrationProgress) -> Void) {
        self.report = report
        started = clock.now
    }

    private var now: Duration { clock.now - started }

    /// The phases to come and their expected costs (`MigrationCosts`);
    /// the first begins.
    func plan(_ stages: [MigrationMeter.Stage]) {
        meter = MigrationMeter(stages: stages, at: now)
        emit(meter?.progress(inside: 0, at: now))
    }

    func begin(_ phase: MigrationPhase) {
        emit(meter?.begin(phase, at: now))
    }

    /// The current phase's own count: `done` of `total`.
    func advance(_ done: Int, of total: Int) {
        emit(meter?.progress(inside: total > 0 ? Double(done) / Double(total) : 1, at: now))
    }

    /// From the progress handler, every 1,000 SQLite instructions: the
    /// clock is read every 64th.
    func tick() {
        ticks &+= 1
        guard ticks & 63 == 0 else { return }
        emit(meter?.progress(inside: nil, at: now))
    }

    /// Where the current phase is by time alone (work with no statement
    /// to tick: a file's copy).
    func poll() {
        emit(meter?.progress(inside: nil, at: now))
    }

    func finish() {
        emit(meter?.finish())
    }

    private func emit(_ progress: MigrationProgress?) {
        guard let progress else { return }
        if let last, last.percent == progress.percent, last.phase == progress.phase { return }
        last = progress
        report(progress)
    }
}
