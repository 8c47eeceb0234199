import FuzzSupport
import VouchX509
import X509

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size) { bytes in
        _ = try? VouchX509.Certificate(derEncoded: bytes)
        _ = try? X509.Certificate(derEncoded: bytes)
    }
}
