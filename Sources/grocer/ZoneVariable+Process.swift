import Foundation
import GrocerCore

#if canImport(Glibc)
    import Glibc
#endif

/// The edge for `$TZ` (`ZoneVariable`): decided once, before anything asks
/// Foundation for the time zone.
extension ZoneVariable {
    /// This process's `$TZ`, taken: a zone grocer reads itself becomes
    /// Foundation's `TimeZone.current` for the whole run (the store's days,
    /// the dates shown, the times typed: one zone); nil, or the line that
    /// refuses it.
    static func takeProcessSetting() -> String? {
        let value = getenv("TZ").map { String(cString: $0) }
        switch decide(value) {
        case .system: return nil
        case .refused(let line): return line
        case .zone(let zone):
            // Foundation reads TZ once, at the first `TimeZone.current`,
            // and keeps that zone: it is asked here with TZ naming the
            // zone as it reads names, then TZ is put back, so the C library
            // (which reads the POSIX form itself: the first frame's
            // offset) and any program grocer starts see it as it was.
            setenv("TZ", zone.identifier, 1)
            _ = TimeZone.current
            if let value { setenv("TZ", value, 1) }
            return nil
        }
    }
}
