import FuzzSupport
import FuzzTrustInput

/// Trust evaluation as FuzzTrust, with a structure-aware mutator (`Mutator.swift`): libFuzzer's
/// byte mutations rarely keep a certificate parseable and never keep its signature valid, so
/// most FuzzTrust inputs stop at parsing or at the first signature check. This target mutates
/// certificates as DER trees and re-signs them with one fixed P-256 test key, so that every
/// certificate verifies under every other and path building, name constraints, policies and
/// hostname checks are reached.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size, evaluateTrustInput)
}
