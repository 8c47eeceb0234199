import Foundation
import Testing
import VouchPinning

/// AFNetworking's ten `config` cases of AFSecurityPolicyTests, on the AFNetworking-named facade.
@Suite("AFSecurityPolicy facade")
struct AFSecurityPolicyFacadeTests {
    static let httpbinDirectory = SeedSuites.afnetworking + "/certs/HTTPBin.org"

    @Test("the default policy: mode None, invalid certificates refused, domains validated, nothing pinned")
    func defaultPolicy() {
        let policy = AFSecurityPolicy.defaultPolicy()
        #expect(policy.sslPinningMode == AFSSLPinningMode.none)
        #expect(!policy.allowInvalidCertificates)
        #expect(policy.validatesDomainName)
        #expect(policy.pinnedCertificates.isEmpty)
    }

    @Test("the bundle's certificates are raw bytes, one of them httpbinorg_02182021.cer", arguments: [PinningMode.publicKey, .certificate])
    func bundleCertificates(_ mode: PinningMode) throws {
        let leaf = try SeedSuites.bytes(SeedSuites.afnetworking, "certs/HTTPBin.org/httpbinorg_02182021.cer")
        let policy = AFSecurityPolicy.policy(withPinningMode: mode, withPinnedCertificates: AFSecurityPolicy.certificates(inBundle: Self.httpbinDirectory))
        #expect(policy.pinnedCertificates.filter { $0 == leaf }.count == 1)
        #expect(AFSecurityPolicy.policy(withPinningMode: mode).pinnedCertificates.isEmpty)
    }

    static func configured() throws -> AFSecurityPolicy {
        var policy = AFSecurityPolicy.policy(withPinningMode: .certificate,
                                             withPinnedCertificates: [try SeedSuites.bytes(SeedSuites.afnetworking, "certs/HTTPBin.org/httpbinorg_02182021.cer")])
        policy.allowInvalidCertificates = true
        policy.validatesDomainName = false
        return policy
    }

    @Test("a copy is equal and independent")
    func copy() throws {
        let policy = try Self.configured()
        var copy = policy
        #expect(copy == policy)
        copy.pinnedCertificates = []
        #expect(copy != policy && copy.pinnedPublicKeys.isEmpty && policy.pinnedPublicKeys.count == 1)
    }

    @Test("encoding and decoding keep the four settings and derive the keys again")
    func coding() throws {
        let policy = try Self.configured()
        let data = try JSONEncoder().encode(policy)
        let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys
        #expect(Set(keys) == ["SSLPinningMode", "allowInvalidCertificates", "validatesDomainName", "pinnedCertificates"])
        let decoded = try JSONDecoder().decode(AFSecurityPolicy.self, from: data)
        #expect(decoded == policy)
        #expect(decoded.pinnedPublicKeys == policy.pinnedPublicKeys)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AFSecurityPolicy.self, from: Data(#"{"SSLPinningMode":3,"allowInvalidCertificates":false,"validatesDomainName":true,"pinnedCertificates":[]}"#.utf8))
        }
    }
}
