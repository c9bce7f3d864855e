import Foundation

/// Gives back the bytes already read to detect a format, then the rest of
/// the underlying stream: standard input cannot be rewound.
final class PrefixedInputStream: InputStream {
    private var prefix: [UInt8]
    private var offset = 0
    private let rest: InputStream
    private var status: Stream.Status = .notOpen

    init(prefix: [UInt8], rest: InputStream) {
        self.prefix = prefix
        self.rest = rest
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() {
        status = .closed
        rest.close()
    }
    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { rest.streamError }
    /// Exact, unlike a file stream's on Linux (true at the end until a read
    /// returns 0, which CSV.swift takes for an error): reads ahead to know.
    override var hasBytesAvailable: Bool {
        if offset < prefix.count { return true }
        refill()
        return offset < prefix.count
    }

    private func refill() {
        guard rest.streamStatus != .atEnd, rest.streamStatus != .closed, rest.streamStatus != .error else { return }
        if prefix.count < 1 << 16 { prefix = [UInt8](repeating: 0, count: 1 << 16) }
        let n = prefix.withUnsafeMutableBufferPointer { rest.read($0.baseAddress!, maxLength: $0.count) }
        if n <= 0 {
            prefix = []
            offset = 0
            return
        }
        prefix.removeSubrange(n...)
        offset = 0
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        if offset >= prefix.count, len >= 1 << 16 { return rest.read(buffer, maxLength: len) }
        if offset >= prefix.count { refill() }
        if offset < prefix.count {
            let n = min(len, prefix.count - offset)
            prefix.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + offset, count: n) }
            offset += n
            return n
        }
        return 0
    }

    /// Reads up to `count` bytes from `stream` (opening it), for detection.
    static func readPrefix(of stream: InputStream, count: Int) throws -> [UInt8] {
        if stream.streamStatus == .notOpen { stream.open() }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBufferPointer { stream.read($0.baseAddress! + filled, maxLength: count - filled) }
            if n < 0 { throw ImportError.unreadable(stream.streamError?.localizedDescription ?? "read failed") }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes[..<filled])
    }
}
