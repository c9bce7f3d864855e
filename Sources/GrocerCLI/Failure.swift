/// A one-line error for the person, already worded: what happened, to which
/// file, what to do. Exit status 2.
public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ text: String) { description = text }
}

/// Work stopped by Ctrl-C or SIGTERM, with one line saying what was kept.
/// Exit status 130.
public struct Stopped: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ text: String) { description = text }
}
