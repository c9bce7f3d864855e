import Foundation

/// Facts about grocer's file format; docs/STORE-FORMAT.md describes it.
public enum StoreFormat {
    /// 0x47524352, "GRCR": every grocer file carries it.
    public static let applicationID: Int32 = 1_196_573_522
    /// The version this build writes: the last released in-place step's, or
    /// version 4 (frozen in `Schema.version4`) while none is released.
    /// 1-3 are older releases' formats.
    public static let currentVersion = FormatStep.released.last?.version ?? Schema.version4Number
}

/// How a file on disk is judged before anything opens it for writing.
public enum StoreState: String, Sendable, Codable {
    case missing, current, needsMigration, newer, foreign, corrupt
    /// Another grocer held the file past the busy timeout: not damage.
    case busy
}

public struct StoreJudgement: Sendable, Equatable {
    public let state: StoreState
    /// `PRAGMA user_version` when the file is a grocer file.
    public let formatVersion: Int?
    /// Why the file was judged corrupt or foreign, for messages.
    public let detail: String?

    public init(state: StoreState, formatVersion: Int? = nil, detail: String? = nil) {
        self.state = state
        self.formatVersion = formatVersion
        self.detail = detail
    }
}

/// What `StoreJudge.judgeAtLaunch` found (or its first part,
/// `judgeBeforeFrame`, with `pagesPending`).
public struct LaunchJudgement: Sendable, Equatable {
    public let judgement: StoreJudgement
    /// The fingerprint of the file as a quick check passed on it, to keep
    /// for the next launch; nil when no check passed on the file as it is.
    public let checked: StoreFingerprint?
    /// Whether this launch read every page (false: the header only).
    public let ranCheck: Bool
    /// Whether the pages are still to be checked (`StoreJudge.checkPages`):
    /// the file moved since a check last passed on it.
    public let pagesPending: Bool

    public init(judgement: StoreJudgement, checked: StoreFingerprint?, ranCheck: Bool, pagesPending: Bool = false) {
        self.judgement = judgement
        self.checked = checked
        self.ranCheck = ranCheck
        self.pagesPending = pagesPending
    }
}
