import Foundation
import GrocerCore
import Testing

@testable import GrocerApp

#if canImport(Glibc)
    import Glibc
#endif

/// The first-frame cache is grocer's own file, but anything may have
/// written it: every number is range-checked, only a small regular file is
/// read, and whatever fails a check is ignored (and rewritten after the
/// frame), never trusted and never a crash.
@Suite struct FirstFrameCacheHostileTests {
    static let good: FirstFrameCache = {
        let zone = LaunchHints.ZoneOffset(key: "TZ=Europe/Berlin", secondsFromGMT: 3600, since: 1_795_262_400, until: 1_800_000_000)
        return FirstFrameCache(
            executable: "x", storePath: "/s",
            hints: LaunchHints(unit: .kg, date: FirstFrameTests.pattern, numeric: .init(identifier: "de_DE", separator: ","), zone: zone))
    }()

    /// The good cache's text with the value of `key` replaced.
    func with(_ key: FirstFrameCache.Key, _ value: String) -> String {
        var lines = Self.good.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = lines.firstIndex { $0.hasPrefix(key.rawValue + "=") }!
        lines[index] = key.rawValue + "=" + value
        return lines.joined(separator: "\n")
    }

    @Test func theGoodOneIsRead() {
        #expect(FirstFrameCache.parse(Self.good.text) == Self.good)
    }

    @Test(
        arguments: [
            (.zoneOffset, "9223372036854775807"), (.zoneOffset, "-9223372036854775808"), (.zoneOffset, "64801"), (.zoneOffset, "-64801"),
            (.zoneOffset, "99999999999999999999"), (.zoneSince, "9223372036854775807"), (.zoneSince, "-9223372036854775808"),
            (.zoneUntil, "9223372036854775807"), (.zoneUntil, "253402300800"), (.zoneSince, "1800000001"), (.zoneOffset, "1e3"),
            (.zoneOffset, " 3600"), (.zoneOffset, ""),
        ] as [(FirstFrameCache.Key, String)])
    func aNumberOutOfRangeOrNotANumberMakesItIgnored(key: FirstFrameCache.Key, value: String) {
        #expect(FirstFrameCache.parse(with(key, value)) == nil)
    }

    @Test(
        arguments: [(.zoneOffset, "-64800"), (.zoneOffset, "64800"), (.zoneSince, "-62135596800"), (.zoneUntil, "253402300799")]
            as [(FirstFrameCache.Key, String)])
    func theEdgesOfTheRangesAreTaken(key: FirstFrameCache.Key, value: String) {
        #expect(FirstFrameCache.parse(with(key, value)) != nil)
    }

    @Test(arguments: [
        FirstFrameCache.Key.dateMonths, .dateShortMonths, .dateStandaloneMonths, .dateWeekdays, .dateShortWeekdays,
    ])
    func namesOfTheWrongCountMakeItIgnored(key: FirstFrameCache.Key) {
        #expect(FirstFrameCache.parse(with(key, "One\u{1F}Two")) == nil)
        #expect(FirstFrameCache.parse(with(key, "")) == nil)
    }

    @Test func anEmptyPatternMakesItIgnored() {
        #expect(FirstFrameCache.parse(with(.datePattern, "")) == nil)
    }

    /// Seeded, bounded: random bytes and random damage to the good text
    /// never crash the reader, and whatever it accepts writes back the same.
    @Test func fuzzedTextNeverCrashesTheReader() {
        let seed = UInt64.random(in: 1...UInt64.max)
        print("FirstFrameCache fuzz seed: \(seed)")
        var random = SplitMix(seed: seed)
        let good = Array(Self.good.text.utf8)
        for round in 0..<3_000 {
            var bytes: [UInt8]
            if round % 3 == 0 {
                bytes = (0..<Int(random.next() % 600)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            } else {
                bytes = good
                for _ in 0..<(1 + Int(random.next() % 6)) {
                    let at = Int(random.next() % UInt64(bytes.count))
                    switch random.next() % 4 {
                    case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                    case 1: bytes.insert(contentsOf: Array("9223372036854775807".utf8), at: at)
                    case 2: bytes.remove(at: at)
                    default: bytes.insert(0x0A, at: at)
                    }
                }
            }
            if let cache = FirstFrameCache.parse(String(decoding: bytes, as: UTF8.self)) {
                #expect(FirstFrameCache.parse(cache.text) == cache, "seed \(seed) round \(round)")
            }
        }
    }

    // MARK: The file

    func folder() -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-ffh-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aFIFOIsNeverReadAndNeverHangs() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("first-frame").path
        #expect(mkfifo(path, 0o600) == 0)
        #expect(FirstFrameCache.read(path: path) == nil)
    }

    @Test func aSymbolicLinkIsNeverFollowed() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real")
        Self.good.write(to: real)
        #expect(FirstFrameCache.read(path: real.path) == Self.good)
        let link = dir.appendingPathComponent("first-frame").path
        #expect(symlink(real.path, link) == 0)
        #expect(FirstFrameCache.read(path: link) == nil)
    }

    @Test func aDeviceIsNeverRead() {
        #expect(FirstFrameCache.read(path: "/dev/zero") == nil)
    }

    @Test func aTwoGigabyteFileIsNotReadWhole() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("first-frame").path
        Self.good.write(to: URL(fileURLWithPath: path))
        // Sparse: 2 GiB on paper, no room taken.
        #expect(truncate(path, 2 << 30) == 0)
        #expect(FirstFrameCache.read(path: path) == nil)
    }

    @Test func binaryContentIsIgnored() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("first-frame")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: url)
        #expect(FirstFrameCache.read(path: url.path) == nil)
    }
}

/// A small seeded generator (SplitMix64), so a failing run can be replayed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
