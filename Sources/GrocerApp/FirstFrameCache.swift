import Foundation
import GrocerCore
import GrocerStore

#if canImport(Glibc)
    import Glibc
#endif

/// What the first frame needs before the store is open and before an ICU
/// formatter is built, kept in $XDG_STATE_HOME/grocer/first-frame: the
/// date pattern of the time locale (`LongDatePattern`) and the default
/// unit of the store last opened. Both are only shortcuts: the pattern is
/// tied to this very executable (ICU's data is inside it) and was checked
/// against the formatter when captured; the unit is corrected as soon as
/// the store opens, and the file is rewritten whenever either is stale.
/// A missing, unreadable or odd file is ignored.
struct FirstFrameCache: Equatable {
    var executable: String
    var date: LongDatePattern?
    var storePath: String
    var unit: WeightUnit?

    static let header = "grocer first frame 1"
    static let separator: Character = "\u{1F}"

    static func file(_ environment: [String: String]) -> URL {
        StoreLocation.stateHome(environment).appendingPathComponent("grocer/first-frame")
    }

    /// `file(environment).path`, put together as plain text: the launch
    /// reads the cache before the first frame, and building URLs there
    /// cost more than the read. A path this gets wrong only misses the
    /// cache (tests hold it equal to `file`).
    static func path(_ environment: [String: String]) -> String {
        // As URL joins: a folder that ends in "/" takes no second one.
        func join(_ folder: String, _ rest: String) -> String { folder.hasSuffix("/") ? folder + rest : folder + "/" + rest }
        if let value = environment["XDG_STATE_HOME"], value.hasPrefix("/") {
            return join(value, "grocer/first-frame")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return join(home, ".local/state/grocer/first-frame")
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
    static func read(path: String) -> FirstFrameCache? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let limit = 16_384
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
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 13, lines[0] == header else { return nil }
        // Shown on screen: nothing that a terminal would obey.
        let controls = lines.contains { $0.unicodeScalars.contains { $0.value < 0x20 && $0 != "\u{1F}" || (0x7F...0x9F).contains($0.value) } }
        guard !controls else { return nil }
        func names(_ line: String) -> [String] { line.split(separator: separator, omittingEmptySubsequences: false).map(String.init) }
        let date =
            lines[2].isEmpty
            ? nil
            : LongDatePattern(
                localeIdentifier: lines[2], pattern: lines[3], months: names(lines[4]), shortMonths: names(lines[5]),
                standaloneMonths: names(lines[6]), weekdays: names(lines[7]), shortWeekdays: names(lines[8]), am: lines[9],
                pm: lines[10])
        return FirstFrameCache(executable: lines[1], date: date, storePath: lines[11], unit: WeightUnit(rawValue: lines[12]))
    }

    var text: String {
        let join = { (names: [String]) in names.joined(separator: String(Self.separator)) }
        let d = date
        return [
            Self.header, executable, d?.localeIdentifier ?? "", d?.pattern ?? "", join(d?.months ?? []), join(d?.shortMonths ?? []),
            join(d?.standaloneMonths ?? []), join(d?.weekdays ?? []), join(d?.shortWeekdays ?? []), d?.am ?? "", d?.pm ?? "",
            storePath, unit?.rawValue ?? "",
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
    static func note(unit: WeightUnit, storePath: String, environment: [String: String]) {
        let url = file(environment)
        guard var cache = read(url), cache.storePath != storePath || cache.unit != unit else { return }
        cache.storePath = storePath
        cache.unit = unit
        cache.write(to: url)
    }
}
