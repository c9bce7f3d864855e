import Foundation

/// Collects output and hands it on in 64 KiB pieces: listing a million rows
/// costs a few dozen writes, and memory stays flat.
public struct OutputBuffer {
    public static let chunkSize = 1 << 16

    private var buffer = Data()
    private let sink: (Data) -> Void

    /// `sink` receives each piece; standard output unless told otherwise.
    public init(sink: @escaping (Data) -> Void = { StandardOutput.write($0) }) {
        self.sink = sink
        buffer.reserveCapacity(Self.chunkSize)
    }

    public mutating func write(_ text: String) {
        // Through its contiguous bytes: `append(contentsOf: text.utf8)`
        // asked the runtime for a protocol conformance on every call
        // (docs/MEASURED.md).
        var text = text
        text.withUTF8 { buffer.append($0) }
        if buffer.count >= Self.chunkSize { flush() }
    }

    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
