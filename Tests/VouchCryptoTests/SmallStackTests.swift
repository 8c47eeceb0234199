#if canImport(Glibc)  // pthread as Glibc imports it; Vouch targets Linux
import Glibc
import Testing
import VouchCrypto

/// Verification on a thread with a small stack. A debug build once overflowed the stack of a worker
/// thread in P-256 point doubling (fixed by keeping point addition and doubling out of line); Darwin
/// gives secondary threads 512 KiB, so every curve and Ed25519 must verify within that, in debug
/// builds too.
@Suite("Verification on a small stack")
struct SmallStackTests {
    static let stackBytes = 512 * 1024

    @Test("ECDSA on every curve verifies on a 512 KiB thread", arguments: ECDSAGeneratedVectorTests.vectors)
    func ecdsa(_ vector: (String, String, String, String, String)) throws {
        let (name, point, _, digestHex, signatureHex) = vector
        let key = try ECPublicKey(
            curve: ECDSAGeneratedVectorTests.curve(name), x962Representation: try #require(CryptoTestData.hex(point)))
        let digest = try #require(CryptoTestData.hex(digestHex))
        let signature = try #require(CryptoTestData.hex(signatureHex))
        let valid = try Self.onSmallStack { key.isValidSignature(derSignature: signature[...], digest: digest) }
        #expect(valid)
    }

    @Test("Ed25519 verifies on a 512 KiB thread", arguments: Ed25519RFC8032Tests.vectors)
    func ed25519(_ vector: Ed25519RFC8032Tests.Vector) throws {
        let key = try Ed25519PublicKey(rawRepresentation: try #require(CryptoTestData.hex(vector.publicKey)))
        let message = try #require(CryptoTestData.hex(vector.message))
        let signature = try #require(CryptoTestData.hex(vector.signature))
        let valid = try Self.onSmallStack { key.isValidSignature(signature[...], message: message[...]) }
        #expect(valid)
    }

    /// Runs `body` on a new thread with a ``stackBytes`` stack and returns its answer.
    static func onSmallStack(_ body: @escaping @Sendable () -> Bool) throws -> Bool {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Bool
            var answer = false
            init(_ body: @escaping @Sendable () -> Bool) { self.body = body }
        }
        let box = Box(body)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        try #require(pthread_attr_setstacksize(&attributes, stackBytes) == 0)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(box).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
            box.answer = box.body()
            return nil
        }, context)
        try #require(created == 0)
        pthread_join(thread, nil)
        return box.answer
    }
}
#endif
