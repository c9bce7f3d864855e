import Foundation
import Testing

@testable import GrocerExchange

@Suite struct CSVRecordReaderTests {
    func records(_ text: String, delimiter: Character = ",") throws -> [String] {
        var reader = CSVRecordReader(stream: InputStream(data: Data(text.utf8)), delimiter: delimiter.asciiValue!)
        var out: [String] = []
        while let (fields, line) = try reader.next() { out.append("\(line):" + fields.joined(separator: "|")) }
        return out
    }

    @Test func readsRFC4180QuotingWithLineBreaksInsideAndKeepsLineNumbersTrue() throws {
        #expect(
            try records("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",x,\r\nlast,row") == [
                "1:a|b,c|say \"hi\"", "2:two\nlines|x|", "4:last|row",
            ])
    }

    @Test func acceptsLFAndCRLineEndsAByteOrderMarkAndBlankLines() throws {
        #expect(try records("\u{FEFF}h1,h2\n1,2\r3,4\n\n5,6\n") == ["1:h1|h2", "2:1|2", "3:3|4", "4:", "5:5|6"])
    }

    @Test func splitsOnTheFormatsDelimiter() throws {
        #expect(
            try records("#date;weight\n2023-10-16T05:19:20.000Z;70,5;\n", delimiter: ";") == [
                "1:#date|weight", "2:2023-10-16T05:19:20.000Z|70,5|",
            ])
    }

    @Test func readsAcrossItsBufferBoundary() throws {
        let rows = (0..<20_000).map { "2026-01-05T07:30:00Z,\($0),kg" }
        let read = try records(rows.joined(separator: "\n"))
        #expect(read.count == rows.count)
        #expect(read.last == "20000:2026-01-05T07:30:00Z|19999|kg")
    }

    /// A quote left open runs to the end of the file: the file is broken
    /// (the rows after it would be read as one field), not one bad row.
    @Test func aQuoteLeftOpenAtTheEndIsABrokenFile() {
        #expect(throws: ImportError.malformed(line: 2, "a quoted field is not closed before the end of the file")) {
            try records("a,b\n1,\"2\n3,4\n")
        }
    }
}
