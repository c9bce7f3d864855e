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
    override func close() { status = .closed; rest.close() }
    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { rest.streamError }
    override var hasBytesAvailable: Bool { offset < prefix.count || rest.hasBytesAvailable }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        if offset < prefix.count {
            let n = min(len, prefix.count - offset)
            prefix.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + offset, count: n) }
            offset += n
            if offset == prefix.count { prefix = [] ; offset = 0 }
            return n
        }
        return rest.read(buffer, maxLength: len)
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
