import Foundation
import GrocerCore
import Testing

@testable import GrocerSync

/// Seeded random inputs made from real-looking samples: each seed is one
/// run of a few thousand inputs, repeated exactly by the same seed.
@Suite struct FuzzTests {
    static let locale = Locale(identifier: "de_DE")
    /// Inputs per seed; GROCER_FUZZ_RUNS=100000 for a long run by hand.
    static let runs = ProcessInfo.processInfo.environment["GROCER_FUZZ_RUNS"].flatMap(Int.init) ?? 1500
    static let units = ["kg", "Packung"]

    /// Text grocer would show: no control or invisible character, at most
    /// the name limit.
    static func isShowable(_ text: String?) -> Bool {
        guard let text else { return true }
        return text.count <= QuickEntry.maximumNameLength
            && !text.unicodeScalars.contains { PlainText.isControl($0) || PlainText.isInvisible($0) }
    }

    @Test func theServersObjectsAreAmongTheSeeds() {
        #expect(FuzzSamples.fromServers.count == 2)
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theCalendarReaderNeverTrapsStaysBoundedAndRoundTrips(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let samples = FuzzSamples.calendars.map { Array($0.utf8) }
        let limits = ICalendar.Limits(maximumBytes: 1 << 14, maximumLineBytes: 2048, maximumLines: 400, maximumComponents: 40, maximumDepth: 6)
        var read = 0
        for _ in 0..<Self.runs {
            let input = Mutator.mutate(samples.randomElement(using: &rng)!, others: samples, using: &rng)
            guard let calendar = try? ICalendar.read(input, limits: limits) else { continue }
            read += 1
            let written = ICalendar.write(calendar)
            #expect(written.utf8.count <= input.count * 2 + 64)
            let again = try ICalendar.read(written, limits: .standard)
            #expect(again == calendar)
            #expect(ICalendar.write(again) == written)
            try checkMappings(calendar)
        }
        #expect(read > Self.runs / 15, "too few inputs were read to test anything")
    }

    func checkMappings(_ calendar: ICalComponent) throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        if let reading = try? TodoMapping.read(calendar, knownUnits: Self.units, locale: Self.locale) {
            let item = reading.item
            #expect([item.name, item.unit, item.aisle, item.place].allSatisfy(Self.isShowable), "\(item)")
            #expect(!item.name.isEmpty)
            let rewritten = TodoMapping.write(
                item, uid: reading.uid, sortOrder: 5, now: now, updating: calendar, knownUnits: Self.units, locale: Self.locale)
            let reread = try TodoMapping.read(try ICalendar.read(ICalendar.write(rewritten)), knownUnits: Self.units, locale: Self.locale)
            #expect(reread.item == item)
            #expect(reread.uid == reading.uid)
        }
        if let reading = try? JournalMapping.read(calendar, now: now) {
            #expect(WeightNote.problem(in: reading.entry.note) == nil)
            let rewritten = JournalMapping.write(reading.entry, uid: reading.uid, now: now, updating: calendar)
            #expect(try JournalMapping.read(try ICalendar.read(ICalendar.write(rewritten)), now: now).entry == reading.entry)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func theMultistatusReaderNeverTrapsAndStaysBounded(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let samples = FuzzSamples.multistatuses.map { Array($0.utf8) }
        let limits = XMLReader.Limits(maximumBytes: 1 << 14, maximumDepth: 16, maximumElements: 200)
        for _ in 0..<Self.runs {
            let input = Mutator.mutate(samples.randomElement(using: &rng)!, others: samples, using: &rng)
            _ = DAVErrorBody.read(input, limits: limits)
            guard let answer = try? Multistatus.read(input, limits: limits) else { continue }
            #expect(answer.responses.count <= 200)
            for response in answer.responses {
                #expect(response.href.utf8.count <= input.count)
                #expect((response.calendarData?.utf8.count ?? 0) <= input.count * 4)
            }
        }
    }

    @Test func aDTDAnywhereIsRefusedInEveryMutatedAnswer() {
        var rng = SeededGenerator(seed: 99)
        let samples = FuzzSamples.multistatuses.map { Array($0.utf8) }
        for _ in 0..<300 {
            var input = Mutator.mutate(samples.randomElement(using: &rng)!, others: samples, using: &rng)
            input.insert(contentsOf: Array("<!DOCTYPE d [<!ENTITY e \"x\">]>".utf8), at: 0)
            let error = #expect(throws: XMLReader.Problem.self) { try XMLReader.read(input) }
            #expect(error == .doctype || error == .notUTF8)
        }
    }
}
