/// How a command's store is judged before anything is written or kept in
/// it: its pages are read (`PRAGMA quick_check`, read only, nothing made
/// beside the file) unless the file is exactly as when a check last passed
/// on it (`kept`, a fingerprint the caller keeps between runs: the
/// first-frame cache, which the screen's launch keeps it in too). A
/// damaged file is refused as the screen refuses it, byte for byte as it
/// was. `keep` is given the fingerprint to keep from now on: the file's
/// when a check passed on it, and, when the store is closed, the file as
/// this process's own writes left it (nothing else wrote meanwhile), so
/// the next command on an unchanged store costs one stat(2).
public struct PageCheck: Sendable {
    public let kept: StoreFingerprint?
    public let keep: @Sendable (StoreFingerprint) -> Void

    public init(kept: StoreFingerprint?, keep: @escaping @Sendable (StoreFingerprint) -> Void) {
        self.kept = kept
        self.keep = keep
    }
}
