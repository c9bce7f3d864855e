import Foundation
import GrocerCore

/// Apple Health's export.xml: only
/// `<Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" value="72.5" startDate="2026-01-05 07:30:00 +0100" .../>`
/// counts, read from a stream of tags (`XMLTagScanner`), so a gigabyte
/// export keeps memory flat.
///
/// Not Foundation's XMLParser: FoundationXML links libxml2, whose static
/// library needs zlib, liblzma and ICU's own static libraries, whose data
/// would grow grocer's fully static executable (docs/MEASURED.md); and
/// the export's DTD crashed swift-corelibs-foundation's parser on Linux
/// (Swift 6.3.1).
/// The scanner declares no entity and fetches nothing, so a hostile file
/// cannot expand or reach out (no "billion laughs", no external entity).
enum AppleHealthImport {
    static let bodyMass = "HKQuantityTypeIdentifierBodyMass"

    static func run(stream: InputStream, rows: RowReader, body: (ImportItem) throws -> Void) throws {
        var rows = rows
        var scanner = XMLTagScanner(stream: stream)
        var sawHealthData = false
        while let tag = try scanner.nextStartTag(wanting: { $0 == "Record" || $0 == "HealthData" }) {
            if tag.name == "HealthData" {
                sawHealthData = true
                continue
            }
            guard tag.name == "Record", tag.attribute("type") == bodyMass else { continue }
            let unitText = tag.attribute("unit") ?? ""
            let item = rows.item(
                line: tag.line, timeText: tag.attribute("startDate") ?? "", value: tag.attribute("value") ?? "",
                unit: WeightUnit.imported(unitText), unitText: unitText)
            try body(item)
        }
        if !sawHealthData { throw ImportError.notThisFormat(.applehealth, "no <HealthData> element") }
    }
}
