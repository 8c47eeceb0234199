import FuzzSupport
import FuzzTrustInput

/// Trust evaluation of one input (format: `evaluateTrustInput` in FuzzTrustInput).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size, evaluateTrustInput)
}
