import FuzzSupport
import VouchCrypto
import VouchDER
import VouchX509

/// The signature verification entry point. The input is self-delimiting DER followed by the
/// message: SubjectPublicKeyInfo ‖ AlgorithmIdentifier ‖ BIT STRING (the signature) ‖ message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size) { bytes in
        var reader = DERReader(bytes)
        guard let key = try? SubjectPublicKeyInfo(reading: &reader),
            let algorithm = try? AlgorithmIdentifier(reading: &reader),
            let signature = try? reader.readBitString()
        else { return }
        _ = PublicKey(key)?.externalRepresentation
        // Apple's tolerances for messages of even length, none for odd: both paths, one verification.
        let options: SignatureVerifier.Options = reader.remaining.count % 2 == 0 ? .apple : []
        _ = SignatureVerifier.verify(
            algorithm: algorithm, issuerKey: key, signedBytes: reader.remaining, signature: signature, options: options)
    }
}
