import Foundation
import GrocerCLI
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `grocer weight import` reads: each refusal is grocer's one line,
/// told before a stream is made (a stream's own error made CoreFoundation
/// log three lines above it: `weight import - <&-`).
@Suite struct ImportInputTests {
    @Test func aClosedStandardInputIsRefusedInOneLine() throws {
        // A descriptor no test opens.
        let closed: Int32 = 987
        try #require(fcntl(closed, F_GETFD) == -1)
        #expect(throws: Failure("cannot import standard input: it is closed. Pipe the file in (< FILE), or give its name.")) {
            try ImportInput.open("-", standardInput: closed)
        }
    }

    @Test func aPipeOnStandardInputIsRead() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        _ = "2026-01-05,72.5\n".withCString { write(ends[1], $0, 16) }
        close(ends[1])
        defer { close(ends[0]) }
        let stream = try ImportInput.open("-", standardInput: ends[0])
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = stream.read(&buffer, maxLength: buffer.count)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "2026-01-05,72.5\n")
    }

    @Test func aMissingFileOrAFolderIsRefusedInOneLine() {
        #expect(throws: Failure("cannot import /no/such/file.csv: there is no such file. Check the path.")) {
            try ImportInput.open("/no/such/file.csv")
        }
        #expect(throws: Failure("cannot import /tmp: it is a folder, not a file.")) { try ImportInput.open("/tmp") }
    }
}
