import GrocerStore

/// How `weight list` and `items list` print: every row a reader gives, as
/// one JSON array or as text lines, then, when some rows could not be read,
/// one line naming them (`StoreError.unreadableRows`, exit 2) after
/// everything readable is out.
public enum ListOutput {
    public static func print<Element>(
        json: Bool, path: String,
        read: (_ each: (Element) -> Void) throws -> ReadReport,
        object: @escaping (Element) -> String, line: @escaping (Element) -> String
    ) throws {
        let report: ReadReport
        if json {
            var array = JSONArrayWriter(OutputBuffer())
            report = try StoreAccess.reading(path) { try read { array.append(object($0)) } }
            array.finish()
        } else {
            var out = OutputBuffer()
            report = try StoreAccess.reading(path) { try read { out.write(line($0) + "\n") } }
            out.flush()
        }
        try report.requireComplete(path: path)
    }
}
