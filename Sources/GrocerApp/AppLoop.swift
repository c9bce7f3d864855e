import Foundation
import GrocerUI

/// The event loop: keys and answers in, effects asked for, frames out. One
/// thread owns the terminal; every answer, the store worker's as the
/// network's and the migration's, comes through the mailbox, whose pipe
/// wakes `nextKeys`.
public struct AppLoop {
    let terminal: any TerminalInterface
    let effects: AppEffects
    let mailbox: Mailbox<EffectResult>
    let clock: AppClock

    public init(terminal: any TerminalInterface, effects: AppEffects, mailbox: Mailbox<EffectResult>, clock: AppClock) {
        self.terminal = terminal
        self.effects = effects
        self.mailbox = mailbox
        self.clock = clock
    }

    /// How often the loop asks whether another process wrote to the store
    /// (`AppEffects.checkStore`: one pragma) when nothing woke it sooner.
    /// The live store watch (`StoreWatch`, inotify) wakes it at once on a
    /// write to the store's files; this tick is the fallback where the
    /// watch sees nothing, and another grocer's write then shows within it
    /// and the time to read it again.
    public static let watchInterval: Duration = .seconds(1)

    /// What one pass of the loop changed.
    private struct Pass {
        var changed = false
        var alert = false
    }

    /// Runs until a screen quits or a signal ends the process; the
    /// terminal is restored and background work stopped before it returns.
    public func run(_ model: AppModel, from route: Route) -> Exit {
        var model = model
        var pass = Pass()
        tick(&model)
        if let exit = carryOut(model.start(at: route), &model, &pass) { return finish(exit) }
        draw(model, alert: pass.alert)
        var watchAt = effects.watchInterval.map { clock.uptime() + $0 }
        while true {
            // Checked before waiting too: a signal may have come before the
            // terminal could wake the loop.
            if let signal = terminal.endingSignal { return finish(.signal(signal)) }
            let wakeAt = [model.wakeAt, watchAt].compactMap { $0 }.min()
            let timeout = wakeAt.map { max(.zero, $0 - clock.uptime()) }
            let keys = terminal.nextKeys(timeout: timeout)
            if let signal = terminal.endingSignal { return finish(.signal(signal)) }
            pass = Pass()
            switch terminal.takeJobRequest() {
            case .suspend?:
                terminal.suspend()
                pass.changed = true
            case .redraw?:
                terminal.invalidate()
                pass.changed = true
            case nil:
                break
            }
            tick(&model)
            if let exit = takeAnswers(&model, &pass) { return finish(exit) }
            if let exit = carryOut(model.wake(), &model, &pass) { return finish(exit) }
            for key in keys {
                tick(&model)
                if let exit = carryOut(model.handle(key), &model, &pass) { return finish(exit) }
            }
            // The watch's nudge (one check for however many events), or the tick.
            let touched = effects.storeTouched()
            if touched || watchAt.map({ clock.uptime() >= $0 }) == true {
                watchAt = effects.watchInterval.map { clock.uptime() + $0 }
                effects.checkStore(touched)
                effects.awaitAnswers()
                if let exit = takeAnswers(&model, &pass) { return finish(exit) }
            }
            if pass.changed { draw(model, alert: pass.alert) }
        }
    }

    private func tick(_ model: inout AppModel) {
        model.setClock(now: clock.now(), uptime: clock.uptime())
        model.resize(terminal.size)
    }

    /// Hands every answer in the mailbox, oldest first, to the model
    /// (another process's write to `storeChanged`, which tells the screens
    /// under the top one too); an exit when one quits.
    private func takeAnswers(_ model: inout AppModel, _ pass: inout Pass) -> Exit? {
        for answer in mailbox.drain() {
            let outcome = answer == .storeChanged ? model.storeChanged() : model.receive(answer)
            if let exit = carryOut(outcome, &model, &pass) { return exit }
        }
        // Keys that came while the store opened after the first frame, once
        // it has: handled again, in order, as if typed now.
        for key in model.takeEarlyKeys() {
            tick(&model)
            if let exit = carryOut(model.handle(key), &model, &pass) { return exit }
        }
        return nil
    }

    /// Carries out an outcome: an effect is asked for, and its answer
    /// (waited for a little: `AppEffects.awaitAnswers`) taken before
    /// anything else happens; an exit when it quits.
    private func carryOut(_ outcome: Outcome, _ model: inout AppModel, _ pass: inout Pass) -> Exit? {
        switch outcome {
        case .quit(let exit):
            return exit
        case .perform(let effect):
            pass.changed = true
            effects.perform(effect)
            effects.awaitAnswers()
            return takeAnswers(&model, &pass)
        case .reject:
            pass.changed = true
            pass.alert = true
            return nil
        case .redraw, .go, .present, .dismiss:
            pass.changed = true
            return nil
        case .suspend:
            // Back from `fg`: the whole frame is drawn again.
            terminal.suspend()
            pass.changed = true
            return nil
        case .none:
            return nil
        }
    }

    private func draw(_ model: AppModel, alert: Bool) {
        let size = terminal.size
        var canvas = Canvas(width: size.width, height: size.height, measure: terminal.measure)
        model.render(into: &canvas)
        canvas.alert = alert
        terminal.draw(canvas)
    }

    private func finish(_ exit: Exit) -> Exit {
        effects.finish()
        terminal.end()
        return exit
    }
}
