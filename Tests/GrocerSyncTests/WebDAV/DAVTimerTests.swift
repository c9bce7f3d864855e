import Testing

@testable import GrocerSync

/// Each request ends when the server sends nothing for a while, when it
/// took too long in all however it trickles, or at the sync's deadline
/// (`DAVTimer`, issue 36: "a slow server hangs sync forever"). The
/// requests here would end by themselves after seconds, with an answer:
/// a timer that did not stop them gets that answer and the test fails.
/// Only outcomes are asserted, never times. The limits a test does not
/// mean to reach are ten minutes: in a full run, other suites can hold
/// both of the machine's task threads for over a minute, and a timer
/// that wakes after that sees a silence that is only the test runner's.
@Suite struct DAVTimerTests {
    static let answer = DAVResponse(status: 207)

    /// A server that sends a byte every 10 ms, `bytes` times, then answers.
    static func trickle(_ bytes: Int) -> @Sendable (DAVProgress) async throws(DAVFailure) -> DAVResponse {
        { progress async throws(DAVFailure) -> DAVResponse in
            for _ in 0..<bytes {
                do { try await Task.sleep(for: .milliseconds(10)) } catch { throw .stopped }
                progress.touch()
            }
            return answer
        }
    }

    /// A server that sends nothing for `seconds`, then answers.
    static func silent(_ seconds: Int) -> @Sendable (DAVProgress) async throws(DAVFailure) -> DAVResponse {
        { _ async throws(DAVFailure) -> DAVResponse in
            do { try await Task.sleep(for: .seconds(seconds)) } catch { throw .stopped }
            return answer
        }
    }

    @Test func aServerThatSendsNothingEndsAtTheIdleLimit() async {
        let limits = DAVTimeLimits(idle: .milliseconds(100), request: .seconds(600), deadline: nil)
        await #expect(throws: DAVFailure.tooSlow(host: "dav.example.org", seconds: 1, deadline: false)) {
            try await DAVTimer.run(host: "dav.example.org", limits: limits, Self.silent(5))
        }
    }

    /// Never idle long, and never done: the request's own limit ends it.
    @Test func aServerThatTricklesEndsAtTheRequestLimit() async {
        let limits = DAVTimeLimits(idle: .seconds(600), request: .milliseconds(200), deadline: nil)
        await #expect(throws: DAVFailure.tooSlow(host: "dav.example.org", seconds: 1, deadline: false)) {
            try await DAVTimer.run(host: "dav.example.org", limits: limits, Self.trickle(500))
        }
    }

    /// The sync's deadline, shorter than the request's limit, ends it and
    /// says so.
    @Test func theSyncsDeadlineEndsARequestInFlight() async {
        let limits = DAVTimeLimits(idle: .seconds(600), request: .seconds(600), deadline: .milliseconds(200))
        await #expect(throws: DAVFailure.tooSlow(host: "dav.example.org", seconds: 1, deadline: true)) {
            try await DAVTimer.run(host: "dav.example.org", limits: limits, Self.trickle(500))
        }
    }

    /// Past the deadline, the next request is not even sent.
    @Test func pastTheDeadlineNoRequestStarts() async {
        let limits = DAVTimeLimits(deadline: .seconds(2), start: .now - .seconds(3))
        await #expect(throws: DAVFailure.tooSlow(host: "dav.example.org", seconds: 2, deadline: true)) {
            try await DAVTimer.run(host: "dav.example.org", limits: limits) { _ async throws(DAVFailure) -> DAVResponse in
                Issue.record("a request was sent past the deadline")
                return Self.answer
            }
        }
    }

    @Test func aServerThatAnswersInTimeIsAnswered() async throws {
        let limits = DAVTimeLimits(idle: .seconds(600), request: .seconds(600), deadline: .seconds(600))
        #expect(try await DAVTimer.run(host: "dav.example.org", limits: limits, Self.trickle(3)) == Self.answer)
    }

    /// A request's own failure is its own, not a timeout.
    @Test func aFailureIsPassedOn() async {
        let limits = DAVTimeLimits(deadline: .seconds(60))
        await #expect(throws: DAVFailure.loginRefused) {
            try await DAVTimer.run(host: "dav.example.org", limits: limits) { _ async throws(DAVFailure) -> DAVResponse in
                throw .loginRefused
            }
        }
    }

    /// Ctrl-C (the calling task cancelled) stays `.stopped` (exit 130),
    /// however short the limits.
    @Test func ctrlCIsStoppedNotATimeout() async {
        let limits = DAVTimeLimits(idle: .seconds(2), request: .seconds(2), deadline: .seconds(2))
        let task = Task { try await DAVTimer.run(host: "dav.example.org", limits: limits, Self.silent(30)) }
        task.cancel()
        await #expect(throws: DAVFailure.stopped) { try await task.value }
    }

    @Test(arguments: [
        ("120", 120), ("1", 1), ("86400", 86_400), ("0", nil), ("86401", nil), ("-5", nil), ("+5", nil), ("1.5", nil), ("", nil),
        ("5s", nil), ("99999999999999999999", nil), ("\u{0663}", nil),
    ])
    func deadlineSecondsAreWholeAndBounded(text: String, seconds: Int?) {
        #expect(DAVTimeLimits.seconds(text) == seconds)
    }
}
