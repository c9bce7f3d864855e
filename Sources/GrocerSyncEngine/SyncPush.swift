import GrocerStore
import GrocerSync

/// One write made ready for the server (`SyncEngine.prepared`): the
/// request, with its bytes already made, and what the store keeps once
/// the server takes it. Values only, so the request can go out in a task
/// of its own while the engine's own task applies the answer before it
/// (`SyncEngine.pushAll`).
struct SyncPush: Sendable {
    enum Request: Sendable {
        /// A new member (If-None-Match: *).
        case create(name: String, bytes: [UInt8])
        /// A member replaced if it is still `etag` (If-Match); no ETag
        /// known is a 412 without a request.
        case update(href: String, bytes: [UInt8], etag: String?)
        /// A member deleted if it is still `etag`.
        case delete(href: String, etag: String?)
    }

    var request: Request
    /// The record a create or an update leaves, its ETag from the answer.
    var record: SyncRecord?
    /// The UID whose record a delete drops.
    var dropped: String?

    init(request: Request, record: SyncRecord) {
        self.request = request
        self.record = record
    }

    init(request: Request, dropped: String) {
        self.request = request
        self.dropped = dropped
    }

    /// A request's answer: which write (`index`), the member's new ETag
    /// when the server gave one (nil for a delete, or when it did not
    /// say), and whether the task that sent it was stopped meanwhile
    /// (Ctrl-C: the answer is applied, nothing more is sent).
    struct Sent: Sendable {
        var index: Int
        var answer: Result<String?, DAVFailure>
        var stopped: Bool
    }

    /// Sends the request, as write `index`.
    func send(_ client: DAVClient, index: Int) async -> Sent {
        let answer = await send(client)
        return Sent(index: index, answer: answer, stopped: Task.isCancelled)
    }

    func send(_ client: DAVClient) async -> Result<String?, DAVFailure> {
        do throws(DAVFailure) {
            switch request {
            case .create(let name, let bytes): return .success(try await client.create(name, bytes).etag)
            case .update(let href, let bytes, let etag):
                guard let etag else { throw DAVFailure.changedMeanwhile("no ETag known") }
                return .success(try await client.update(href, bytes, etag: etag).etag)
            case .delete(let href, let etag):
                guard let etag else { throw DAVFailure.changedMeanwhile("no ETag known") }
                try await client.delete(href, etag: etag)
                return .success(nil)
            }
        } catch {
            return .failure(error)
        }
    }

    /// The batch that applies the server's answer here.
    /// Committed lazily (`SyncBatch.lazyCommit`): the sync's last batch
    /// waits for the disk; a record a power cut took before that leaves an
    /// object whose UID the next sync finds by its listing (issue 36,
    /// `PowerCutPushTests`).
    func batch(etag: String?) -> SyncBatch {
        var batch = SyncBatch()
        batch.lazyCommit = true
        if var record {
            record.etag = etag
            batch.records = [record]
        }
        if let dropped { batch.droppedRecords = [dropped] }
        return batch
    }
}
