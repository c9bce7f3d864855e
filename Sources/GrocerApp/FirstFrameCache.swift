import Foundation
import GrocerCore
import GrocerStore

#if canImport(Glibc)
    import Glibc
#endif

/// What the first frame needs before the store is open and before ICU is
/// asked anything, kept in $XDG_STATE_HOME/grocer/first-frame: the date
/// pattern of the time locale (`LongDatePattern`), the decimal separator
/// and the time zone's offset (`LaunchFacts`), and the default unit of the
/// store last opened, and that store's fingerprint as a quick check last
/// passed on it (`StoreJudge.judgeAtLaunch`). All are only shortcuts: the
/// pattern and the facts are tied to this very executable (ICU's data is
/// inside it) and to the locale and time zone settings they were read for,
/// and are checked against ICU after the first frame; the unit is corrected
/// as soon as the store opens; a fingerprint that is not the file's only
/// means the file is checked again; the file is rewritten whenever any is
/// stale. A missing, unreadable or odd file is ignored.
struct FirstFrameCache: Equatable {
    var executable: String
    var date: LongDatePattern?
    var storePath: String
    var unit: DisplayUnit?
    var facts: LaunchFacts?
    /// The store's fingerprint when a quick check last passed on it.
    var checked: StoreFingerprint?

    init(
        executable: String, date: LongDatePattern?, storePath: String, unit: DisplayUnit?, facts: LaunchFacts? = nil,
        checked: StoreFingerprint? = nil
    ) {
        self.executable = executable
        self.date = date
        self.storePath = storePath
        self.unit = unit
        self.facts = facts
        self.checked = checked
    }

    static let header = "grocer first frame 3"
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
        // boundaries on the way): both separators are controls, which
        // always end a grapheme, so the pieces are the same.
        func pieces(_ text: String, _ separator: UInt8) -> [String] {
            Array(text.utf8).split(separator: separator, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        let lines = pieces(text, 0x0A)
        guard lines.count >= 20, lines[0] == header else { return nil }
        func names(_ line: String) -> [String] { pieces(line, 0x1F) }
        var date: LongDatePattern?
        if !lines[2].isEmpty {
            // Twelve months and seven weekdays, or the file is not grocer's.
            let months = [names(lines[4]), names(lines[5]), names(lines[6])]
            let weekdays = [names(lines[7]), names(lines[8])]
            guard months.allSatisfy({ $0.count == 12 }), weekdays.allSatisfy({ $0.count == 7 }), !lines[3].isEmpty else { return nil }
            date = LongDatePattern(
                localeIdentifier: lines[2], pattern: lines[3], months: months[0], shortMonths: months[1],
                standaloneMonths: months[2], weekdays: weekdays[0], shortWeekdays: weekdays[1], am: lines[9], pm: lines[10])
        }
        var facts: LaunchFacts?
        if !lines[13].isEmpty {
            let separator = lines[14].count == 1 ? lines[14].first : nil
            var zone: LaunchFacts.ZoneOffset?
            if !lines[15].isEmpty {
                guard let offset = Int(lines[16]), let since = Int(lines[17]), let until = Int(lines[18]),
                    Self.offsets.contains(offset), Self.instants.contains(since), Self.instants.contains(until), since <= until
                else { return nil }
                zone = LaunchFacts.ZoneOffset(key: lines[15], secondsFromGMT: offset, since: since, until: until)
            }
            facts = LaunchFacts(numericIdentifier: lines[13], decimalSeparator: separator, zone: zone)
        }
        return FirstFrameCache(
            executable: lines[1], date: date, storePath: lines[11], unit: DisplayUnit(rawValue: lines[12]), facts: facts,
            checked: lines[19].isEmpty ? nil : StoreFingerprint(text: lines[19]))
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
        let d = date
        let z = facts?.zone
        return [
            Self.header, executable, d?.localeIdentifier ?? "", d?.pattern ?? "", join(d?.months ?? []), join(d?.shortMonths ?? []),
            join(d?.standaloneMonths ?? []), join(d?.weekdays ?? []), join(d?.shortWeekdays ?? []), d?.am ?? "", d?.pm ?? "",
            storePath, unit?.rawValue ?? "", facts?.numericIdentifier ?? "", facts?.decimalSeparator.map { String($0) } ?? "",
            z?.key ?? "", z.map { String($0.secondsFromGMT) } ?? "", z.map { String($0.since) } ?? "", z.map { String($0.until) } ?? "",
            checked?.text ?? "",
        ].joined(separator: "\n") + "\n"
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

    /// The next launch's first frame shows the unit just chosen.
    static func note(unit: DisplayUnit, storePath: String, environment: Environment) {
        let url = file(environment)
        guard var cache = read(url), cache.storePath != storePath || cache.unit != unit else { return }
        // Another store's fingerprint says nothing about this one.
        if cache.storePath != storePath { cache.checked = nil }
        cache.storePath = storePath
        cache.unit = unit
        cache.write(to: url)
    }
}
