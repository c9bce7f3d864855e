import Synchronization

/// The longest values grocer keeps of what a server sends and sends it
/// back (issue 36: a 10 MB sync token was stored and sent back at every
/// sync). Seen on Debian's Radicale 3.1.8: a token of 92 bytes, ETags of 66
/// (a SHA-256 in hex, quoted); on Xandikos 0.2.8: a token of 40 (a Git
/// commit id), ETags of 42; hrefs are a collection's path and a member's
/// name. The bounds leave them ample room.
///
/// - A sync token past `token` is dropped, never stored or sent: the next
///   sync lists the collection whole and compares ETags, as with a server
///   without tokens. (Stopping the sync instead would make such a server
///   unusable for good; dropping loses nothing, since what a listing
///   misses is compared, never taken as deleted.)
/// - A member whose href (made absolute) is past `href`, or whose ETag is
///   past `etag`, is left alone (`Multistatus.Response.leftAlone`) and
///   counted (`DAVClient.leftAlone`): never fetched, stored or written.
/// - A UID past 255 bytes makes the object unreadable
///   (`TodoMapping.uidLimit`): left alone and counted the same way.
public enum DAVBounds {
    public static let token = 4 << 10
    public static let etag = 1 << 10
    public static let href = 2 << 10
}

/// The members a client left alone for their length, each counted once
/// (by its href, as far as `DAVBounds.href` and one byte).
final class DAVTally: Sendable {
    private let hrefs = Mutex<Set<String>>([])

    func add(_ href: String) {
        let key = String(decoding: href.utf8.prefix(DAVBounds.href + 1), as: UTF8.self)
        hrefs.withLock { _ = $0.insert(key) }
    }

    var count: Int { hrefs.withLock { $0.count } }
}
