import AsyncHTTPClient
import Foundation
import GrocerSync
import NIOCore
import NIOHTTP1

/// `DAVTransport` over HTTP/1.1 and TLS (async-http-client on SwiftNIO,
/// whose BoringSSL links into the static executable; certificates are
/// checked against the system's trust store). Every request is bounded in
/// time, its body included (`DAVTimeLimits`, `DAVTimer`); an answer is
/// read up to `DAVClient.maximumBody` and refused whole beyond it; redirects are followed only on the endpoint's own
/// origin (`DAVEndpoint.allowsRedirect`), at most `maximumRedirects`, so
/// the login never goes to another host or down to plain http; the login
/// (HTTP Basic) is only ever sent to that origin.
public final class LiveTransport: DAVTransport {
    public struct Login: Sendable {
        public var user: String
        public var password: String
        public init(user: String, password: String) {
            self.user = user
            self.password = password
        }
    }

    let endpoint: DAVEndpoint
    let login: Login?
    let limits: DAVTimeLimits
    let client: HTTPClient
    static let maximumRedirects = 5

    /// `limits`: each request's idle and whole time and the sync's
    /// deadline (`DAVTimer` enforces them, the body included).
    public init(endpoint: DAVEndpoint, login: Login?, limits: DAVTimeLimits) {
        self.endpoint = endpoint
        self.login = login
        self.limits = limits
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        // The client's own read timeout as a second guard of the idle one.
        configuration.timeout = .init(connect: .seconds(10), read: Self.amount(limits.idle))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Ends the connections; call once when done.
    public func shutdown() async {
        try? await client.shutdown()
    }

    public func send(_ request: DAVRequest) async throws(DAVFailure) -> DAVResponse {
        var url = request.url
        for _ in 0...Self.maximumRedirects {
            let response = try await once(request, url: url)
            guard (300...399).contains(response.status), response.status != 304 else { return response }
            guard let location = response.headers["location"] else { return response }
            guard endpoint.allowsRedirect(to: location) else { throw .redirectedAway(Self.shown(location)) }
            url = location.hasPrefix("/") ? endpoint.origin + location : location
        }
        throw .nonsense("more than \(Self.maximumRedirects) redirects")
    }

    private func once(_ request: DAVRequest, url: String) async throws(DAVFailure) -> DAVResponse {
        var outgoing = HTTPClientRequest(url: url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        outgoing.headers.replaceOrAdd(name: "User-Agent", value: "grocer")
        if let login, url.hasPrefix(endpoint.origin + "/") {
            let pair = Data("\(login.user):\(login.password)".utf8).base64EncodedString()
            outgoing.headers.replaceOrAdd(name: "Authorization", value: "Basic \(pair)")
        }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        let (client, limits, host, request) = (self.client, self.limits, endpoint.host, outgoing)
        return try await DAVTimer.run(host: host, limits: limits) { progress async throws(DAVFailure) -> DAVResponse in
            do {
                let response = try await client.execute(request, deadline: .now() + Self.amount(limits.request))
                progress.touch()
                if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > DAVClient.maximumBody {
                    throw DAVFailure.answerTooLarge(limit: DAVClient.maximumBody)
                }
                // Read chunk by chunk, each one telling the timer that
                // the server is still sending.
                var body: [UInt8] = []
                for try await chunk in response.body {
                    progress.touch()
                    guard body.count + chunk.readableBytes <= DAVClient.maximumBody else {
                        throw DAVFailure.answerTooLarge(limit: DAVClient.maximumBody)
                    }
                    body += chunk.readableBytesView
                }
                var headers: [String: String] = [:]
                for (name, value) in response.headers where headers[name.lowercased()] == nil { headers[name.lowercased()] = value }
                return DAVResponse(status: Int(response.status.code), headers: headers, body: body)
            } catch {
                throw Self.failure(error, host: host, limits: limits)
            }
        }
    }

    /// What a failed exchange means for the person.
    static func failure(_ error: any Error, host: String, limits: DAVTimeLimits) -> DAVFailure {
        if let failure = error as? DAVFailure { return failure }
        if error is CancellationError { return .stopped }
        if error is NIOTooManyBytesError { return .answerTooLarge(limit: DAVClient.maximumBody) }
        // The server answered, with bytes that are not HTTP: nonsense, not
        // "unreachable" (and never the parser's own words).
        if error is HTTPParserError { return .nonsense("an answer that is not HTTP") }
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout: return .tooSlow(host: host, seconds: DAVTimer.seconds(limits.idle), deadline: false)
            case .deadlineExceeded: return .tooSlow(host: host, seconds: DAVTimer.seconds(limits.request), deadline: false)
            case .connectTimeout, .writeTimeout: return .timedOut(seconds: 10)
            case .cancelled: return .stopped
            default: break
            }
        }
        return .unreachable(Self.shown(String(describing: error)))
    }

    static func amount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// A server's or the network's words, made safe to print: no control
    /// characters, at most 200 characters.
    static func shown(_ text: String) -> String {
        SyncText.cleaned(text, limit: 200)
    }
}
