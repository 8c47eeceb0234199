import FuzzSupport
import VouchDER

/// PEM decoding: blocks (re-encoded), certificates, the DER-or-PEM document split, and Base64.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size) { bytes in
        for block in (try? PEM.blocks(in: bytes[...])) ?? [] { _ = PEM.encode(block.der, label: block.label) }
        _ = try? PEM.certificates(in: bytes[...])
        _ = try? DERDocument.documents(in: bytes[...])
        _ = try? Base64.decode(bytes[...])
    }
}
