import Foundation

/// A fresh folder per test, removed afterwards.
final class TempDir {
    let url: URL
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Runs the sqlite3 command-line tool, the way old releases' files are
    /// made in these tests (independent of the code under test).
    func sqlite(_ file: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path(file)]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "sqlite3 failed on \(sql)")
    }

    /// Names in the folder, to check that nothing was created beside a file.
    func listing() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }
}
