import Foundation
import GrocerCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Apple Health's export.xml: only
/// `<Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" value="72.5" startDate="2026-01-05 07:30:00 +0100" .../>`
/// counts. Foundation's XMLParser reads the stream in chunks (libxml2's push
/// parser), so a gigabyte export keeps memory flat.
final class AppleHealthImport: NSObject, XMLParserDelegate {
    static let bodyMass = "HKQuantityTypeIdentifierBodyMass"
    private var rows: RowReader
    private let body: (ImportItem) throws -> Void
    private var failure: Error?
    private var sawHealthData = false
    private weak var parser: XMLParser?

    private init(rows: RowReader, body: @escaping (ImportItem) throws -> Void) {
        self.rows = rows
        self.body = body
    }

    static func run(stream: InputStream, rows: RowReader, body: (ImportItem) throws -> Void) throws {
        try withoutActuallyEscaping(body) { body in
            let reader = AppleHealthImport(rows: rows, body: body)
            let parser = XMLParser(stream: stream)
            parser.shouldResolveExternalEntities = false
            parser.delegate = reader
            reader.parser = parser
            let ok = parser.parse()
            if let failure = reader.failure { throw failure }
            // A file that stops mid-element parses "successfully" with an error set.
            if !ok || parser.parserError != nil {
                let why = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "not well-formed XML"
                throw ImportError.malformed(line: parser.lineNumber, why)
            }
            if !reader.sawHealthData { throw ImportError.notThisFormat(.applehealth, "no <HealthData> element") }
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "HealthData" {
            sawHealthData = true
            return
        }
        guard name == "Record", attributes["type"] == AppleHealthImport.bodyMass else { return }
        let timeText = attributes["startDate"] ?? ""
        let unitText = attributes["unit"] ?? ""
        let item = rows.item(
            line: parser.lineNumber, timeText: timeText, value: attributes["value"] ?? "",
            unit: WeightUnit.imported(unitText), unitText: unitText)
        do { try body(item) } catch {
            failure = error
            parser.abortParsing()
        }
    }
}
