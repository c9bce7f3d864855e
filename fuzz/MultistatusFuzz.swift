// libFuzzer harness for GrocerSync's XML and multistatus readers; not part
// of the product build. Built and run by scripts/fuzz-sync.sh.
import GrocerSync

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultistatus(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    _ = DAVErrorBody.read(bytes)
    if let answer = try? Multistatus.read(bytes) {
        precondition(answer.responses.allSatisfy { $0.href.utf8.count <= size })
    }
    if bytes.starts(with: Array("<!DOCTYPE".utf8)) {
        precondition((try? XMLReader.read(bytes)) == nil, "a DTD was read")
    }
    return 0
}
