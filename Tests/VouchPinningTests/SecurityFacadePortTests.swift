import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// AFNetworking's `AFSecurityPolicy.m` (commit d9f589cc), its static helpers and
/// `-evaluateServerTrust:forDomain:`, ported to the Apple-named facade almost line for line: the
/// only changes are Swift syntax, `[UInt8]` for `NSData`, Swift arrays for `NSMutableArray`, and
/// `compactMap` where Objective-C would have added `nil` to an array.
enum PortedAFSecurityPolicy {
    static func AFServerTrustIsValid(_ serverTrust: SecTrust) -> Bool {
        var isValid = false
        var result = SecTrustResultType.invalid
        guard SecTrustEvaluate(serverTrust, &result) == errSecSuccess else { return isValid }  // __Require_noErr_Quiet
        isValid = (result == kSecTrustResultUnspecified || result == kSecTrustResultProceed)
        return isValid
    }

    static func AFCertificateTrustChainForServerTrust(_ serverTrust: SecTrust) -> [[UInt8]] {
        let certificateCount = SecTrustGetCertificateCount(serverTrust)
        var trustChain: [[UInt8]] = []
        trustChain.reserveCapacity(certificateCount)
        for i in 0..<certificateCount {
            guard let certificate = SecTrustGetCertificateAtIndex(serverTrust, i) else { continue }
            trustChain.append(SecCertificateCopyData(certificate))
        }
        return trustChain
    }

    static func AFPublicKeyTrustChainForServerTrust(_ serverTrust: SecTrust) -> [SecKey] {
        let policy = SecPolicyCreateBasicX509()
        let certificateCount = SecTrustGetCertificateCount(serverTrust)
        var trustChain: [SecKey] = []
        for i in 0..<certificateCount {
            guard let certificate = SecTrustGetCertificateAtIndex(serverTrust, i) else { continue }
            let certificates = [certificate]
            var trust: SecTrust?
            guard SecTrustCreateWithCertificates(certificates, policy, &trust) == errSecSuccess, let trust else { continue }
            var result = SecTrustResultType.invalid
            guard SecTrustEvaluate(trust, &result) == errSecSuccess else { continue }
            if let key = SecTrustCopyPublicKey(trust) { trustChain.append(key) }
        }
        return trustChain
    }

    static func AFPublicKeyForCertificate(_ certificate: [UInt8]) -> SecKey? {
        var allowedPublicKey: SecKey? = nil
        guard let allowedCertificate = SecCertificateCreateWithData(nil, certificate) else { return nil }
        let policy = SecPolicyCreateBasicX509()
        var allowedTrust: SecTrust?
        guard SecTrustCreateWithCertificates(allowedCertificate, policy, &allowedTrust) == errSecSuccess,
            let allowedTrust
        else { return nil }
        allowedPublicKey = SecTrustCopyKey(allowedTrust)
        return allowedPublicKey
    }

    static func AFSecKeyIsEqualToKey(_ key1: SecKey, _ key2: SecKey) -> Bool { key1 == key2 }

    /// The policy's four properties, as the Objective-C object holds them.
    struct Policy {
        var SSLPinningMode: AFSSLPinningMode
        var pinnedCertificates: Set<[UInt8]> { didSet { pinnedPublicKeys = Set(pinnedCertificates.compactMap(AFPublicKeyForCertificate)) } }
        var pinnedPublicKeys: Set<SecKey>
        var allowInvalidCertificates: Bool
        var validatesDomainName: Bool

        init(mode: AFSSLPinningMode, pinnedCertificates: Set<[UInt8]>, allowInvalidCertificates: Bool, validatesDomainName: Bool) {
            SSLPinningMode = mode
            self.pinnedCertificates = pinnedCertificates
            pinnedPublicKeys = Set(pinnedCertificates.compactMap(AFPublicKeyForCertificate))
            self.allowInvalidCertificates = allowInvalidCertificates
            self.validatesDomainName = validatesDomainName
        }

        func evaluateServerTrust(_ serverTrust: SecTrust, forDomain domain: String?) -> Bool {
            if domain != nil && allowInvalidCertificates && validatesDomainName
                && (SSLPinningMode == .none || pinnedCertificates.count == 0)
            {
                // "In order to validate a domain name for self signed certificates, you MUST use pinning."
                return false
            }

            var policies: [SecPolicy] = []
            if validatesDomainName {
                policies.append(SecPolicyCreateSSL(true, domain))
            } else {
                policies.append(SecPolicyCreateBasicX509())
            }

            SecTrustSetPolicies(serverTrust, policies)

            if SSLPinningMode == .none {
                return allowInvalidCertificates || AFServerTrustIsValid(serverTrust)
            } else if !allowInvalidCertificates && !AFServerTrustIsValid(serverTrust) {
                return false
            }

            switch SSLPinningMode {
            case .certificate:
                var pinnedCertificates: [SecCertificate] = []
                for certificateData in self.pinnedCertificates {
                    if let certificate = SecCertificateCreateWithData(nil, certificateData) { pinnedCertificates.append(certificate) }
                }
                SecTrustSetAnchorCertificates(serverTrust, pinnedCertificates)

                if !AFServerTrustIsValid(serverTrust) {
                    return false
                }

                // obtain the chain after being validated, which *should* contain the pinned certificate in the last position (if it's the Root CA)
                let serverCertificates = AFCertificateTrustChainForServerTrust(serverTrust)

                for trustChainCertificate in serverCertificates.reversed() {
                    if self.pinnedCertificates.contains(trustChainCertificate) {
                        return true
                    }
                }

                return false
            case .publicKey:
                var trustedPublicKeyCount = 0
                let publicKeys = AFPublicKeyTrustChainForServerTrust(serverTrust)

                for trustChainPublicKey in publicKeys {
                    for pinnedPublicKey in pinnedPublicKeys {
                        if AFSecKeyIsEqualToKey(trustChainPublicKey, pinnedPublicKey) {
                            trustedPublicKeyCount += 1
                        }
                    }
                }
                return trustedPublicKeyCount > 0
            default:
                return false
            }
        }
    }
}

/// The facade behaves as Security does, and the port of AFNetworking's code on it answers every seed
/// case as upstream asserts and as ``SecurityPolicy`` answers.
@Suite("Security facade")
struct SecurityFacadePortTests {
    @Test("the ported evaluateServerTrust answers all 36 seed cases as asserted and as SecurityPolicy does",
          arguments: AFNetworkingSeedTests.cases)
    func portedSeedCase(_ row: AFNetworkingSuite.Case) throws {
        guard let expected = row.asserted?.expected else {
            Issue.record("\(row.id) asserts nothing")
            return
        }
        var (policy, trust) = try AFNetworkingSeedTests.setUp(row)
        let ported = PortedAFSecurityPolicy.Policy(
            mode: policy.pinningMode, pinnedCertificates: policy.pinnedCertificates,
            allowInvalidCertificates: policy.allowInvalidCertificates, validatesDomainName: policy.validatesDomainName)
        #expect(ported.pinnedPublicKeys.map(\.publicKey).count == policy.pinnedPublicKeys.count)
        #expect(Set(ported.pinnedPublicKeys.map(\.publicKey)) == policy.pinnedPublicKeys)
        let serverTrust = SecTrust(trust)
        let answer = ported.evaluateServerTrust(serverTrust, forDomain: row.domain)
        let missing = row.needs_system_roots == true ? AFNetworkingSeedTests.missingSystemRoots(row) : []
        withKnownIssue("system store lacks \(missing)", isIntermittent: true) {
            #expect(answer == expected)
        } when: { !missing.isEmpty }
        #expect(answer == policy.evaluateServerTrust(&trust, forDomain: row.domain))
        // Both leave the trust configured the same way (anchors in their own order: a set has none).
        #expect(serverTrust.trust.policies == trust.policies)
        #expect(serverTrust.trust.anchors.map { Set($0.map(\.derEncoded)) } == trust.anchors.map { Set($0.map(\.derEncoded)) })
    }

    static let suite = SeedSuites.afnetworking
    static let httpbinChain = (0...3).map { "certs/HTTPBin.org/HTTPBinOrgServerTrustChain/httpbin_\($0).cer" }

    static func httpbinTrust(_ policy: SecPolicy = SecPolicyCreateBasicX509()) throws -> SecTrust {
        let certificates = try httpbinChain.map { try #require(SecCertificateCreateWithData(nil, try SeedSuites.bytes(suite, $0))) }
        var trust: SecTrust?
        #expect(SecTrustCreateWithCertificates(certificates, policy, &trust) == errSecSuccess)
        let created = try #require(trust)
        SecTrustSetVerifyDate(created, try #require(DERTime(rfc3339: "2020-06-01T00:00:00Z")))
        return created
    }

    @Test("certificates: created from DER only, copied back byte for byte, keys and summaries")
    func certificates() throws {
        let der = try SeedSuites.bytes(Self.suite, Self.httpbinChain[0])
        let certificate = try #require(SecCertificateCreateWithData(nil, Data(der)))
        #expect(SecCertificateCopyData(certificate) == der)
        #expect(SecCertificateCreateWithData(nil, der) == certificate)
        #expect(SecCertificateCreateWithData(nil, Array(der.dropLast())) == nil)
        #expect(SecCertificateCreateWithData(nil, Array(PEM.encode(der).utf8)) == nil, "Apple's takes DER only")
        #expect(SecCertificateCreateWithData(nil, [UInt8]()) == nil)
        #expect(SecCertificateCopySubjectSummary(certificate) == "httpbin.org")
        let key = try #require(SecCertificateCopyKey(certificate))
        var error: SecError?
        let external = try #require(SecKeyCopyExternalRepresentation(key, &error))
        #expect(error == nil)
        #expect(external == PublicKey(certificate.certificate.subjectPublicKeyInfo)?.externalRepresentation)
        #expect(external.first == 0x30, "RSA keys export as PKCS #1 RSAPublicKey")
        #expect(SecCertificateCopyKey(certificate) == key)
        #expect(SecCertificateCopySerialNumberData(certificate, nil) == Array(certificate.certificate.serialNumber))
    }

    @Test("policies: BasicX509 and SSL, one or an array")
    func policies() throws {
        let trust = try Self.httpbinTrust()
        var copied: [SecPolicy]?
        #expect(SecTrustCopyPolicies(trust, &copied) == errSecSuccess)
        #expect(copied == [SecPolicyCreateBasicX509()])
        #expect(SecTrustSetPolicies(trust, [SecPolicyCreateSSL(true, "httpbin.org"), SecPolicyCreateBasicX509()]) == errSecSuccess)
        #expect(SecTrustCopyPolicies(trust, &copied) == errSecSuccess)
        #expect(copied?.count == 2)
        #expect(SecTrustSetPolicies(trust, [SecPolicy]()) == errSecParam)
        #expect(copied?.first?.description == "sslServer(httpbin.org)")
        var none: SecTrust? = try Self.httpbinTrust()
        #expect(SecTrustCreateWithCertificates([SecCertificate](), nil, &none) == errSecParam)
        #expect(none == nil)
    }

    @Test("evaluation: results, the chain, the error Apple's way")
    func evaluation() throws {
        let trust = try Self.httpbinTrust(SecPolicyCreateSSL(true, "httpbin.org"))
        var result = SecTrustResultType.otherError
        // Index 0 and the key come without evaluating.
        #expect(SecTrustGetCertificateAtIndex(trust, 0).map(SecCertificateCopySubjectSummary) == "httpbin.org")
        #expect(SecTrustCopyKey(trust) != nil && trust.trust.lastEvaluation == nil)
        // SecTrustGetTrustResult evaluates when no result is current (SecTrustEvaluateIfNecessary).
        #expect(SecTrustGetTrustResult(trust, &result) == errSecSuccess && result != kSecTrustResultInvalid)
        #expect(trust.trust.lastEvaluation?.result == result)
        var error: SecError?
        let trusted = SecTrustEvaluateWithError(trust, &error)
        let missing = AFNetworkingSeedTests.cases.first.map(AFNetworkingSeedTests.missingSystemRoots) ?? []
        try withKnownIssue("system store lacks \(missing)", isIntermittent: true) {
            #expect(trusted && error == nil, "\(String(describing: error))")
            #expect(SecTrustEvaluate(trust, &result) == errSecSuccess && result == kSecTrustResultUnspecified)
            let chain = try #require(SecTrustCopyCertificateChain(trust))
            #expect(chain.count == SecTrustGetCertificateCount(trust))
            #expect(chain.map(SecCertificateCopySubjectSummary) == trust.trust.lastEvaluation?.chain.map { SecCertificateCopySubjectSummary(SecCertificate($0)) })
            #expect(SecTrustGetCertificateAtIndex(trust, chain.count) == nil)
        } when: { !missing.isEmpty }

        SecTrustSetPolicies(trust, SecPolicyCreateSSL(true, "apple.com"))
        #expect(!SecTrustEvaluateWithError(trust, &error))
        #expect(error?.code == errSecHostNameMismatch)
        #expect(error?.localizedDescription == "“httpbin.org” certificate name does not match input")
        #expect(error?.description.hasPrefix("Error Domain=NSOSStatusErrorDomain Code=-67602") == true)
        #expect(SecTrustEvaluate(trust, &result) == errSecSuccess && result == kSecTrustResultRecoverableTrustFailure)
        #expect(SecTrustEvaluateWithError(trust, nil) == false)

        SecTrustSetPolicies(trust, SecPolicyCreateSSL(true, "httpbin.org"))
        SecTrustSetVerifyDate(trust, try #require(DERTime(rfc3339: "2030-01-01T00:00:00Z")))
        #expect(!SecTrustEvaluateWithError(trust, &error))
        #expect(error?.code == errSecCertificateExpired)
        #expect(error?.localizedDescription.hasSuffix("certificate is expired") == true)
    }

    @Test("anchors: custom anchors only, then with the system's, then reset")
    func anchors() throws {
        let trust = try Self.httpbinTrust()
        let intermediate = try #require(SecCertificateCreateWithData(nil, try SeedSuites.bytes(Self.suite, Self.httpbinChain[1])))
        var anchors: [SecCertificate]?
        #expect(SecTrustCopyCustomAnchorCertificates(trust, &anchors) == errSecSuccess && anchors == nil)
        SecTrustSetAnchorCertificates(trust, [intermediate])
        #expect(SecTrustCopyCustomAnchorCertificates(trust, &anchors) == errSecSuccess && anchors == [intermediate])
        #expect(SecTrustEvaluateWithError(trust, nil))
        #expect(SecTrustGetCertificateCount(trust) == 2)
        #expect(SecTrustGetCertificateAtIndex(trust, 1) == intermediate)
        let selfSigned = try #require(SecCertificateCreateWithData(nil, try SeedSuites.bytes(Self.suite, "certs/SelfSigned/foobar.com.cer")))
        SecTrustSetAnchorCertificates(trust, [selfSigned])
        var error: SecError?
        #expect(!SecTrustEvaluateWithError(trust, &error))
        #expect(error?.code == errSecNotTrusted)
        SecTrustSetAnchorCertificatesOnly(trust, false)
        #expect(trust.trust.anchorsOnly == false)
        SecTrustSetAnchorCertificates(trust, nil)
        #expect(SecTrustCopyCustomAnchorCertificates(trust, &anchors) == errSecSuccess && anchors == nil)
        #expect(SecTrustSetNetworkFetchAllowed(trust, true) == errSecSuccess)
    }

    @Test("a trust is shared by reference and safe to use from several tasks")
    func sharedAcrossTasks() async throws {
        let trust = try Self.httpbinTrust(SecPolicyCreateSSL(true, "httpbin.org"))
        let answers = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    if index % 2 == 0 { SecTrustSetVerifyDate(trust, DERTime(secondsSince1970: 1_590_969_600)) }
                    return SecTrustGetCertificateCount(trust) >= 1
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(answers.count == 8 && answers.allSatisfy { $0 })
    }
}
