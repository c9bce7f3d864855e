import Foundation
import GrocerCore
import GrocerStore

#if canImport(Glibc)
    import Glibc
#endif

/// What the first frame needs before the store is open and before ICU is
/// asked anything, kept in $XDG_STATE_HOME/grocer/first-frame: the launch's
/// hints (`LaunchHints`: the store's default unit, the date pattern of the
/// time locale, the decimal separator, the time zone's offset), for which
/// executable and which store, and that store's fingerprint as a quick
/// check last passed on it (`StoreJudge.judgeAtLaunch`). All are only
/// shortcuts: the hints are tied to this very executable (ICU's data is
/// inside it) and to the settings they were read for, and are checked
/// against ICU after the first frame; a fingerprint that is not the file's
/// only means the file is checked again; the file is rewritten whenever
/// any is stale. A missing, unreadable or odd file is ignored.
///
/// The file is `key=value` lines under a header line, in any order; a key
/// it does not know is skipped, a key given twice makes the file odd.
struct FirstFrameCache: Equatable {
    var executable: String
    var storePath: String
    /// The store's fingerprint when a quick check last passed on it.
    var checked: StoreFingerprint?
    var hints: LaunchHints

    init(executable: String, storePath: String, checked: StoreFingerprint? = nil, hints: LaunchHints = LaunchHints()) {
        self.executable = executable
        self.storePath = storePath
        self.checked = checked
        self.hints = hints
    }

    static let header = "grocer first frame 4"
    static let separator: Character = "\u{1F}"

    static func file(_ environment: Environment) -> URL {
        URL(fileURLWithPath: path(environment))
    }

    /// The file's path, put together as plain text: the launch reads the
    /// cache before the first frame, and building URLs there cost more
    /// than the read.
    static func path(_ environment: Environment) -> String {
        StoreLocation.join(StoreLocation.stateHomePath(environment), "grocer/first-frame")
    }

    /// This executable's identity: a new build (new ICU data) never uses an
    /// older build's pattern.
    static func executableIdentity() -> String {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "?" }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    static func read(_ url: URL) -> FirstFrameCache? {
        read(path: url.path)
    }

    /// Read with the C library (no FileManager before the first frame).
    /// Anything may have written the file: only a regular file is read
    /// (never through a link; O_NONBLOCK, so a FIFO does not hang the
    /// launch), only if it is small, and every value is checked (`parse`).
    static func read(path: String) -> FirstFrameCache? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let limit = 16_384
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, limit - count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        guard count < limit else { return nil }
        return parse(String(decoding: bytes[..<count], as: UTF8.self))
    }

    static func parse(_ text: String) -> FirstFrameCache? {
        // Shown on screen: nothing that a terminal would obey.
        guard !hasControls(text) else { return nil }
        // Split on the bytes, not on Characters (which finds grapheme
        // boundaries on the way): the separators are controls or ASCII,
        // which always end a grapheme, so the pieces are the same.
        let bytes = Array(text.utf8)
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count >= 2, lines.removeFirst().elementsEqual(header.utf8), lines.removeLast().isEmpty else { return nil }
        var values = Values()
        for line in lines {
            guard let equals = line.firstIndex(of: 0x3D), values.take(line[..<equals], line[(equals + 1)...]) else { return nil }
        }
        return values.cache
    }

    /// The keys, in the order they are written.
    enum Key: String, CaseIterable {
        case executable, store, checked, unit
        case dateLocale = "date.locale"
        case datePattern = "date.pattern"
        case dateMonths = "date.months"
        case dateShortMonths = "date.short-months"
        case dateStandaloneMonths = "date.standalone-months"
        case dateWeekdays = "date.weekdays"
        case dateShortWeekdays = "date.short-weekdays"
        case dateAM = "date.am"
        case datePM = "date.pm"
        case numericLocale = "numeric.locale"
        case numericSeparator = "numeric.separator"
        case zoneKey = "zone.key"
        case zoneOffset = "zone.offset"
        case zoneSince = "zone.since"
        case zoneUntil = "zone.until"
    }

    /// The values read so far, by key (a fixed array, not a dictionary:
    /// this runs before the first frame).
    struct Values {
        static let keys = Key.allCases
        var values = [String?](repeating: nil, count: keys.count)

        /// False for a key given twice. (Matched by a loop: `Key(rawValue:)`
        /// on an enum this size makes a dictionary of its names, and making
        /// that type searched every protocol conformance in the executable
        /// before the first frame: docs/MEASURED.md.)
        mutating func take(_ key: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>) -> Bool {
            let name = String(decoding: key, as: UTF8.self)
            guard let index = Self.keys.firstIndex(where: { $0.rawValue == name }) else { return true }
            guard values[index] == nil else { return false }
            values[index] = String(decoding: value, as: UTF8.self)
            return true
        }

        subscript(_ key: Key) -> String? { values[Self.keys.firstIndex(of: key)!] }

        /// Names joined by U+001F.
        func names(_ key: Key) -> [String] {
            guard let text = self[key] else { return [] }
            return Array(text.utf8).split(separator: 0x1F, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
        }

        /// Each group whole or absent; every number in its range.
        var cache: FirstFrameCache? {
            guard let executable = self[.executable], let store = self[.store] else { return nil }
            var hints = LaunchHints(unit: self[.unit].flatMap(DisplayUnit.init(rawValue:)))
            if let locale = self[.dateLocale] {
                // Twelve months and seven weekdays, or the file is not grocer's.
                let months = [names(.dateMonths), names(.dateShortMonths), names(.dateStandaloneMonths)]
                let weekdays = [names(.dateWeekdays), names(.dateShortWeekdays)]
                guard months.allSatisfy({ $0.count == 12 }), weekdays.allSatisfy({ $0.count == 7 }),
                    let pattern = self[.datePattern], !pattern.isEmpty, let am = self[.dateAM], let pm = self[.datePM]
                else { return nil }
                hints.date = LongDatePattern(
                    localeIdentifier: locale, pattern: pattern, months: months[0], shortMonths: months[1],
                    standaloneMonths: months[2], weekdays: weekdays[0], shortWeekdays: weekdays[1], am: am, pm: pm)
            }
            if let locale = self[.numericLocale] {
                guard let separator = self[.numericSeparator], separator.count == 1 else { return nil }
                hints.numeric = LaunchHints.Numeric(identifier: locale, separator: separator.first!)
            }
            if let key = self[.zoneKey] {
                guard let offset = self[.zoneOffset].flatMap({ Int($0) }), let since = self[.zoneSince].flatMap({ Int($0) }),
                    let until = self[.zoneUntil].flatMap({ Int($0) }), offsets.contains(offset), instants.contains(since),
                    instants.contains(until), since <= until
                else { return nil }
                hints.zone = LaunchHints.ZoneOffset(key: key, secondsFromGMT: offset, since: since, until: until)
            }
            return FirstFrameCache(
                executable: executable, storePath: store, checked: self[.checked].map(StoreFingerprint.init(text:)), hints: hints)
        }
    }

    /// Offsets from UTC that exist (-12h to +14h today; a margin kept).
    static let offsets = -18 * 3600...18 * 3600
    /// The instants a zone's offset may be kept between: the years 1 to
    /// 9999, far inside what every date computation takes.
    static let instants = -62_135_596_800...253_402_300_799

    /// A character `VisibleText` would escape (a control, or a bidi
    /// override), other than the line and name separators.
    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && $0 != "\u{1F}" && VisibleText.needsEscape($0) }
    }

    var text: String {
        let join = { (names: [String]) in names.joined(separator: String(Self.separator)) }
        let date = hints.date
        let zone = hints.zone
        let values: [(Key, String?)] = [
            (.executable, executable), (.store, storePath), (.checked, checked?.text), (.unit, hints.unit?.rawValue),
            (.dateLocale, date?.localeIdentifier), (.datePattern, date?.pattern), (.dateMonths, date.map { join($0.months) }),
            (.dateShortMonths, date.map { join($0.shortMonths) }), (.dateStandaloneMonths, date.map { join($0.standaloneMonths) }),
            (.dateWeekdays, date.map { join($0.weekdays) }), (.dateShortWeekdays, date.map { join($0.shortWeekdays) }),
            (.dateAM, date?.am), (.datePM, date?.pm), (.numericLocale, hints.numeric?.identifier),
            (.numericSeparator, hints.numeric.map { String($0.separator) }), (.zoneKey, zone?.key),
            (.zoneOffset, zone.map { String($0.secondsFromGMT) }), (.zoneSince, zone.map { String($0.since) }),
            (.zoneUntil, zone.map { String($0.until) }),
        ]
        var text = Self.header + "\n"
        for case (let key, let value?) in values { text += key.rawValue + "=" + value + "\n" }
        return text
    }

    /// Replaces the file whole (a new private file renamed over it), in a
    /// private folder; failures are ignored (it is only a shortcut).
    func write(to url: URL) {
        let folder = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = url.path + ".\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written == bytes.count, rename(temporary, url.path) == 0 { return }
        unlink(temporary)
    }

    /// The next launch's first frame shows the unit just chosen. A
    /// command's choice (`thisStoreOnly`) is kept only when the cache is
    /// this store's: a command on another store (a test's, a copy's)
    /// leaves the cache to the store the screen shows.
    static func note(unit: DisplayUnit, storePath: String, environment: Environment, thisStoreOnly: Bool = false) {
        let url = file(environment)
        guard var cache = read(url), cache.storePath != storePath || cache.hints.unit != unit else { return }
        if thisStoreOnly && cache.storePath != storePath { return }
        // Another store's fingerprint says nothing about this one.
        if cache.storePath != storePath { cache.checked = nil }
        cache.storePath = storePath
        cache.hints.unit = unit
        cache.write(to: url)
    }
}
