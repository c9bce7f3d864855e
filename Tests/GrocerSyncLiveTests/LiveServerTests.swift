import Foundation
import GrocerSync
import Testing

@testable import GrocerSyncLive

#if canImport(Glibc)
    import Glibc
#endif

/// A CalDAV server of Debian's on 127.0.0.1 and a free port, for one test,
/// stopped by its process id. `make test` installs both (radicale,
/// xandikos); without them these tests fail and say so.
final class LocalServer: @unchecked Sendable {
    enum Kind: String, CaseIterable { case radicale, xandikos }

    let kind: Kind
    let port: Int
    let folder: URL
    let process: Process

    static let user = "alice"
    static let password = "correct horse"

    init(_ kind: Kind) throws {
        self.kind = kind
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-dav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try Self.freePort()
        process = Process()
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        switch kind {
        case .radicale:
            // Logins from a plain htpasswd file; the principal's folder is
            // made at the first login, as on a real server.
            try "\(Self.user):\(Self.password)\n".write(to: folder.appendingPathComponent("users"), atomically: true, encoding: .utf8)
            let config = """
                [server]
                hosts = 127.0.0.1:\(port)
                [auth]
                type = htpasswd
                htpasswd_filename = \(folder.path)/users
                htpasswd_encryption = plain
                [storage]
                filesystem_folder = \(folder.path)/collections
                """
            try config.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
            process.executableURL = try Self.find("radicale")
            process.arguments = ["--config", folder.appendingPathComponent("config").path]
        case .xandikos:
            // Xandikos has no logins of its own (it runs behind a proxy
            // that has them): the transport's login goes unasked.
            process.executableURL = try Self.find("xandikos")
            process.arguments = ["-d", folder.path, "-l", "127.0.0.1", "-p", String(port), "--autocreate"]
        }
        try process.run()
        // Ready when the port takes a connection (bounded: 30 s).
        for _ in 0..<300 where !Self.accepts(port) { usleep(100_000) }
        guard Self.accepts(port) else { throw Failure("\(kind) did not start on port \(port)") }
    }

    deinit {
        // SIGKILL: the server inherits the test runner's blocked signals
        // (SIGTERM and SIGINT among them), so it would never see those.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The collection `name` of the user.
    func endpoint(_ name: String) throws -> DAVEndpoint {
        switch kind {
        case .radicale: return try DAVEndpoint("http://127.0.0.1:\(port)/\(Self.user)/\(name)/")
        case .xandikos: return try DAVEndpoint("http://127.0.0.1:\(port)/user/calendars/\(name)/")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func find(_ program: String) throws -> URL {
        for folder in ["/usr/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(program)") {
            return URL(fileURLWithPath: "\(folder)/\(program)")
        }
        throw Failure("\(program) is not installed (make test installs it: apt-get install \(program))")
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// The transport and the client against real servers: the same scenario
/// on Radicale and on Xandikos, because they differ.
@Suite(.serialized) struct LiveServerTests {
    static let todo = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//grocer//test//EN\r
        BEGIN:VTODO\r
        UID:a1\r
        DTSTAMP:20261125T120000Z\r
        SUMMARY:2 kg flour\r
        X-PHONE-ALARM:keep me\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    @Test(arguments: LocalServer.Kind.allCases)
    func aListLivesOnTheServer(kind: LocalServer.Kind) async throws {
        let server = try await offThePool { try LocalServer(kind) }
        let endpoint = try server.endpoint("groceries")
        let transport = LiveTransport(
            endpoint: endpoint, login: .init(user: LocalServer.user, password: LocalServer.password), limits: .within(20))
        let client = DAVClient(collection: endpoint, transport: transport)
        do {
            #expect(try await client.facts() == nil)
            try await client.makeCollection(.todo, displayName: "Groceries")
            let facts = try #require(try await client.facts())
            #expect(facts.isCalendar)
            // Radicale keeps the set asked for; Xandikos 0.2.8 takes every kind.
            #expect(facts.components == (kind == .radicale ? ["VTODO"] : ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY"]))
            let token = try #require(facts.syncToken)

            let made = try await client.create("a1.ics", Array(Self.todo.utf8))
            await #expect(throws: DAVFailure.changedMeanwhile("an item of that name was made")) {
                try await client.create("a1.ics", Array(Self.todo.utf8))
            }
            guard case .changed(let changes) = try await client.changes(since: token) else {
                Issue.record("no changes from \(kind)")
                return
            }
            let url = endpoint.url + "a1.ics"
            #expect(changes.responses.map(\.href) == [url])
            let etag = try #require(changes.responses.first?.etag)
            if let made = made.etag { #expect(made == etag) }
            let bodies = try await client.fetch([url])
            #expect(bodies.first?.calendarData?.contains("X-PHONE-ALARM:keep me") == true)
            #expect(try await client.listing(.todo).responses.map(\.href) == [url])

            // A write from a stale copy is refused; from the current one it goes.
            let edited = Array(Self.todo.replacingOccurrences(of: "2 kg flour", with: "3 kg flour").utf8)
            await #expect(throws: DAVFailure.changedMeanwhile("the item")) { try await client.update(url, edited, etag: "\"stale\"") }
            let updated = try await client.update(url, edited, etag: etag)
            let newTag = try await client.fetch([url]).first?.etag
            if let tag = updated.etag { #expect(tag == newTag) }
            await #expect(throws: DAVFailure.changedMeanwhile("the item")) { try await client.delete(url, etag: etag) }
            try await client.delete(url, etag: try #require(newTag))
            #expect(try await client.listing(.todo).responses.isEmpty)
            // A token the server never gave: list again.
            #expect(try await client.changes(since: "http://example.org/ns/sync/nonsense") == .listAgain)
        } catch {
            await transport.shutdown()
            throw error
        }
        await transport.shutdown()
    }

    @Test func aWrongPasswordIsALoginRefused() async throws {
        let server = try await offThePool { try LocalServer(.radicale) }
        let endpoint = try server.endpoint("groceries")
        let transport = LiveTransport(endpoint: endpoint, login: .init(user: LocalServer.user, password: "wrong"), limits: .within(20))
        await #expect(throws: DAVFailure.loginRefused) { try await DAVClient(collection: endpoint, transport: transport).facts() }
        await transport.shutdown()
    }

    /// Nothing listening: unreachable, at once.
    @Test func aServerThatIsDownIsUnreachable() async throws {
        let port = try LocalServer.freePort()
        let endpoint = try DAVEndpoint("http://127.0.0.1:\(port)/alice/groceries/")
        let transport = LiveTransport(endpoint: endpoint, login: nil, limits: .within(20))
        await #expect {
            try await DAVClient(collection: endpoint, transport: transport).facts()
        } throws: { error in
            if case .unreachable = error as? DAVFailure { return true }
            return false
        }
        await transport.shutdown()
    }

    /// A server that takes the connection and never answers: the request's
    /// deadline ends it.
    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        #expect(listening && listen(fd, 8) == 0)
        let endpoint = try DAVEndpoint("http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/alice/groceries/")
        let transport = LiveTransport(endpoint: endpoint, login: nil, limits: .within(1))
        await #expect(throws: DAVFailure.tooSlow(host: "127.0.0.1", seconds: 1, deadline: false)) {
            try await DAVClient(collection: endpoint, transport: transport).facts()
        }
        await transport.shutdown()
    }

    /// A server that answers bytes that are not HTTP (e2e/fake-caldav.py
    /// garbage) answered nonsense: it is not "unreachable", and the HTTP
    /// parser's own words ("invalid constant string") are not shown.
    @Test func anAnswerThatIsNotHTTPIsNonsense() async throws {
        let fake = try await offThePool { try FakeServer("garbage") }
        defer { fake.stop() }
        let endpoint = try DAVEndpoint("http://127.0.0.1:\(fake.port)/alice/groceries/")
        let transport = LiveTransport(endpoint: endpoint, login: nil, limits: .within(20))
        await #expect(throws: DAVFailure.nonsense("an answer that is not HTTP")) {
            try await DAVClient(collection: endpoint, transport: transport).facts()
        }
        await transport.shutdown()
    }

    /// One byte a second with its length, or chunks that never end
    /// (e2e/fake-caldav.py trickle, endless): the server is never idle
    /// long, and the request's own limit ends it, body and all (issue 36).
    /// Without that limit these requests would run for a day.
    @Test(arguments: ["trickle", "endless"])
    func aServerThatNeverFinishesIsCutAtTheRequestLimit(mode: String) async throws {
        let fake = try await offThePool { try FakeServer(mode) }
        defer { fake.stop() }
        let endpoint = try DAVEndpoint("http://127.0.0.1:\(fake.port)/alice/groceries/")
        let limits = DAVTimeLimits(idle: .seconds(20), request: .seconds(3), deadline: nil)
        let transport = LiveTransport(endpoint: endpoint, login: nil, limits: limits)
        await #expect(throws: DAVFailure.tooSlow(host: "127.0.0.1", seconds: 3, deadline: false)) {
            try await DAVClient(collection: endpoint, transport: transport).facts()
        }
        await transport.shutdown()
    }

    /// The same against the sync's deadline, which then says so.
    @Test func theSyncsDeadlineCutsATrickle() async throws {
        let fake = try await offThePool { try FakeServer("trickle") }
        defer { fake.stop() }
        let endpoint = try DAVEndpoint("http://127.0.0.1:\(fake.port)/alice/groceries/")
        let transport = LiveTransport(endpoint: endpoint, login: nil, limits: DAVTimeLimits(deadline: .seconds(3)))
        await #expect(throws: DAVFailure.tooSlow(host: "127.0.0.1", seconds: 3, deadline: true)) {
            try await DAVClient(collection: endpoint, transport: transport).facts()
        }
        await transport.shutdown()
    }
}

/// e2e/fake-caldav.py in one of its modes, on 127.0.0.1 and the port it
/// says; stopped by its process id.
struct FakeServer: @unchecked Sendable {
    let process: Process
    let port: Int

    init(_ mode: String) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("e2e/fake-caldav.py")
        process = Process()
        process.executableURL = try LocalServer.find("python3")
        process.arguments = [script.path, mode]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        // Its first line, once it takes connections: "port N".
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { line.append(byte) }
        guard let port = Int(String(decoding: line, as: UTF8.self).replacingOccurrences(of: "port ", with: "")) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw LocalServer.Failure("fake-caldav.py \(mode) never said its port")
        }
        self.port = port
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

extension DAVTimeLimits {
    /// Each request: `seconds` idle and in all; no deadline for the sync.
    static func within(_ seconds: Int) -> DAVTimeLimits {
        DAVTimeLimits(idle: .seconds(seconds), request: .seconds(seconds), deadline: nil)
    }
}

/// Runs `body` on a thread of its own, so a wait inside it (a server
/// starting: up to 30 s under load) never holds one of the few threads
/// Swift's tasks share (two on this 2-core machine): every async test of
/// the run waits on those, and the timers of DAVTimerTests would see a
/// silence that is only the test runner's.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
