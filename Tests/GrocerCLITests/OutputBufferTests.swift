import Foundation
import GrocerCLI
import Testing

@Suite struct OutputBufferTests {
    final class Pieces: @unchecked Sendable {
        var sizes: [Int] = []
        var bytes = Data()
    }

    @Test func writesInPiecesOfAbout64KiBAndLosesNothing() {
        let pieces = Pieces()
        var out = OutputBuffer {
            pieces.sizes.append($0.count)
            pieces.bytes.append($0)
        }
        let line = String(repeating: "x", count: 99) + "\n"
        for _ in 0..<2_000 { out.write(line) }
        #expect(pieces.sizes.count == 3)
        #expect(pieces.sizes.allSatisfy { $0 >= OutputBuffer.chunkSize && $0 < OutputBuffer.chunkSize + 100 })
        out.flush()
        #expect(pieces.bytes.count == 200_000)
        #expect(pieces.bytes == Data(String(repeating: line, count: 2_000).utf8))
    }

    @Test func nothingIsWrittenBeforeAFlushAndAnEmptyFlushWritesNothing() {
        let pieces = Pieces()
        var out = OutputBuffer { pieces.sizes.append($0.count) }
        out.write("short\n")
        #expect(pieces.sizes.isEmpty)
        out.flush()
        out.flush()
        #expect(pieces.sizes == [6])
    }
}
