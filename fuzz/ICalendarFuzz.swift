// libFuzzer harness for GrocerSync's iCalendar reader and the mappings on
// top of it; not part of the product build. Built and run by
// scripts/fuzz-sync.sh.
import Foundation
import GrocerCore
import GrocerSync

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCalendar(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let calendar = try? ICalendar.read(bytes) else { return 0 }
    let written = ICalendar.write(calendar)
    guard let again = try? ICalendar.read(written), again == calendar, ICalendar.write(again) == written else {
        fatalError("write(read(x)) does not read back as read(x)")
    }
    let locale = Locale(identifier: "en_US_POSIX")
    if let reading = try? TodoMapping.read(calendar, knownUnits: ["kg"], locale: locale) {
        let shown = [reading.item.name, reading.item.unit, reading.item.aisle, reading.item.place].compactMap { $0 }
        precondition(!shown.contains { $0.unicodeScalars.contains(where: PlainText.isControl) }, "a control character in an item")
        let rewritten = TodoMapping.write(
            reading.item, uid: reading.uid, sortOrder: 1, now: Date(timeIntervalSince1970: 0), updating: calendar, knownUnits: ["kg"],
            locale: locale)
        let reread = try? TodoMapping.read(ICalendar.read(ICalendar.write(rewritten)), knownUnits: ["kg"], locale: locale)
        precondition(reread?.item == reading.item, "an item does not survive its own rewrite")
    }
    if let reading = try? JournalMapping.read(calendar) {
        let rewritten = JournalMapping.write(reading.entry, uid: reading.uid, now: Date(timeIntervalSince1970: 0), updating: calendar)
        precondition((try? JournalMapping.read(ICalendar.read(ICalendar.write(rewritten))))?.entry == reading.entry)
    }
    return 0
}
