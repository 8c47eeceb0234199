import Testing
import VouchDER
import VouchTrust
import VouchX509

/// One revocation case: the certificates given (leaf first), the CRLs supplied, whether a
/// positive response is required, and what the evaluation must say.
struct RevocationCase: CustomTestStringConvertible, Sendable {
    let name: String
    var certificates = ["leaf", "ca"]
    var crls: [String] = []
    var responseRequired = false
    /// The failures, in the evaluation's order; empty means trusted.
    var failures: [TrustFailure] = []
    var status: TrustStatus = .success
    /// The serial number (last octet) of the chain's certificate 1, when the choice matters.
    var chosenIntermediateSerial: UInt8? = nil

    var testDescription: String { name }
}

private func revoked(_ index: Int) -> TrustFailure { TrustFailure(index: index, check: .revocation) }
private func unknown(_ index: Int) -> TrustFailure { TrustFailure(index: index, check: .revocationResponseRequired) }

/// Revocation from supplied CRLs, table-driven over a PKI made by TestVectors/revocation/make.py
/// (root anchor, CA, a separate CRL signer named like the CA, leaves; verify date 2025-06-01).
@Suite("Revocation from supplied CRLs")
struct RevocationTests {
    static let cases: [RevocationCase] = [
        .init(name: "no CRLs: nothing is revoked (Apple's soft failure without network)"),
        .init(name: "no CRLs, response required: the leaf is undetermined (trustd requires it of the leaf alone)",
              responseRequired: true, failures: [unknown(0)], status: .incompleteCertRevocationCheck),
        .init(name: "current empty CRLs, response required: good", crls: ["caEmpty", "rootEmpty"], responseRequired: true),
        .init(name: "leaf listed (keyCompromise): Revocation, fatal", crls: ["caRevokesLeaf"], failures: [revoked(0)],
              status: .certificateRevoked),
        .init(name: "another serial listed: not revoked", certificates: ["leaf2", "ca"], crls: ["caRevokesLeaf"]),
        .init(name: "a revoked leaf with a response required: Revocation, and nothing asked of the CA",
              crls: ["caRevokesLeaf"], responseRequired: true, failures: [revoked(0)], status: .certificateRevoked),
        .init(name: "certificateHold counts as revoked", crls: ["caHoldsLeaf"], failures: [revoked(0)], status: .certificateRevoked),
        .init(name: "removeFromCRL is not a revocation", crls: ["caRemovesLeaf"]),
        .init(name: "a stale CRL still proves revocation", crls: ["caStaleRevokesLeaf"], failures: [revoked(0)],
              status: .certificateRevoked),
        .init(name: "a stale CRL does not prove good standing", crls: ["caStaleEmpty", "rootEmpty"], responseRequired: true,
              failures: [unknown(0)], status: .incompleteCertRevocationCheck),
        .init(name: "a stale empty CRL is Apple's soft failure without a required response", crls: ["caStaleEmpty", "rootEmpty"]),
        .init(name: "a CRL issued after the verify date is not used", crls: ["caFutureRevokesLeaf"]),
        .init(name: "a CRL whose signature does not verify is not used", crls: ["caWrongKeyRevokesLeaf", "rootEmpty"],
              responseRequired: true, failures: [unknown(0)], status: .incompleteCertRevocationCheck),
        .init(name: "a CRL with an unknown critical extension is not used", crls: ["caUnknownCriticalRevokesLeaf"]),
        .init(name: "delta CRLs are not implemented: ignored", crls: ["caDeltaRevokesLeaf"]),
        .init(name: "onlyContainsCACerts does not cover a leaf", crls: ["caOnlyCARevokesLeaf"]),
        .init(name: "onlyContainsUserCerts covers a leaf", crls: ["caOnlyUserRevokesLeaf"], failures: [revoked(0)],
              status: .certificateRevoked),
        .init(name: "onlySomeReasons leaves reasons uncovered", crls: ["caOnlyKeyCompromise", "rootEmpty"], responseRequired: true,
              failures: [unknown(0)], status: .incompleteCertRevocationCheck),
        .init(name: "a separate CRL signer found among the certificates", certificates: ["leaf", "ca", "signer"],
              crls: ["signerRevokesLeaf"], failures: [revoked(0)], status: .certificateRevoked),
        .init(name: "a separate CRL signer not supplied: the CRL cannot be used", crls: ["signerRevokesLeaf"]),
        .init(name: "a revoked CRL signer's CRL is not used", certificates: ["leaf", "ca", "signer"],
              crls: ["signerRevokesLeaf", "rootRevokesSigner"]),
        .init(name: "a revoked intermediate fails at its index", crls: ["rootRevokesCA"], failures: [revoked(1)],
              status: .certificateRevoked),
        .init(name: "a revoked intermediate is passed over for an unrevoked one of the same key",
              certificates: ["leaf", "caReissue", "ca"], crls: ["rootRevokesCA"], chosenIntermediateSerial: 3),
        .init(name: "(without CRLs the builder tries that revoked intermediate first)",
              certificates: ["leaf", "caReissue", "ca"], chosenIntermediateSerial: 2),
    ]

    static func certificate(_ name: String) throws -> Certificate {
        let text: String
        switch name {
        case "root": text = RevocationVectors.root
        case "ca": text = RevocationVectors.ca
        case "caReissue": text = RevocationVectors.caReissue
        case "signer": text = RevocationVectors.signer
        case "leaf": text = RevocationVectors.leaf
        default: text = RevocationVectors.leaf2
        }
        return try Certificate(derEncoded: try #require(Base64.decode(text)))
    }

    static func crl(_ name: String) throws -> CertificateRevocationList {
        try CertificateRevocationList(derEncoded: try #require(RevocationVectors.crls[name].flatMap { Base64.decode($0) }))
    }

    @Test("revocation table", arguments: cases)
    func revocation(_ row: RevocationCase) throws {
        var trust = try Trust(certificates: try row.certificates.map(Self.certificate), policies: [.basicX509])
        trust.setAnchorCertificates([try Self.certificate("root")])
        trust.setVerifyDate(try #require(DERTime(rfc3339: "2025-06-01T00:00:00Z")))
        trust.setCRLs(try row.crls.map(Self.crl))
        trust.setRevocationResponseRequired(row.responseRequired)
        let evaluation = trust.evaluate()
        #expect(evaluation.failures == row.failures)
        #expect(evaluation.status == row.status)
        #expect(evaluation.chain.count == 3)
        if row.failures.contains(where: { $0.check == .revocation }) {
            #expect(evaluation.result == .fatalTrustFailure)
        }
        if let serial = row.chosenIntermediateSerial {
            #expect(evaluation.chain[1].serialNumber.last == serial)
        }
    }

    @Test("setCRLs and setRevocationResponseRequired invalidate the result")
    func settersInvalidate() throws {
        var trust = try Trust(certificates: [try Self.certificate("leaf"), try Self.certificate("ca")], policies: [.basicX509])
        trust.setAnchorCertificates([try Self.certificate("root")])
        trust.setVerifyDate(try #require(DERTime(rfc3339: "2025-06-01T00:00:00Z")))
        #expect(trust.evaluate().isTrusted)
        trust.setCRLs([try Self.crl("caRevokesLeaf")])
        #expect(trust.lastEvaluation == nil)
        #expect(trust.evaluate().status == .certificateRevoked)
        trust.setCRLs([])
        trust.setRevocationResponseRequired(true)
        #expect(trust.lastEvaluation == nil)
        #expect(trust.evaluate().status == .incompleteCertRevocationCheck)
    }

    @Test("check classes, codes and subtypes are Apple's (SecPolicyChecks.list)")
    func classification() {
        #expect(TrustCheck.revocation.resultClass == .fatal)
        #expect(TrustCheck.revocation.status.code == -67820)
        #expect(TrustCheck.revocation.subtype == .revoked)
        #expect(TrustCheck.revocationResponseRequired.resultClass == .recoverable)
        #expect(TrustCheck.revocationResponseRequired.status.code == -67635)
        #expect(TrustCheck.revocationResponseRequired.subtype == .pinning)
    }

    /// `crl` with the octets at `offset` from its end replaced by `counter` (big-endian, two octets).
    static func variant(_ crl: CertificateRevocationList, counter: Int, fromEnd offset: Int) throws -> CertificateRevocationList {
        var bytes = Array(crl.derEncoded)
        bytes[bytes.count - offset] = UInt8(counter >> 8)
        bytes[bytes.count - offset + 1] = UInt8(counter & 0xFF)
        return try CertificateRevocationList(derEncoded: bytes)
    }

    static func isLeafRevoked(_ crls: [CertificateRevocationList], responseRequired: Bool = false) throws -> TrustEvaluation {
        var trust = try Trust(certificates: [try certificate("leaf"), try certificate("ca")], policies: [.basicX509])
        trust.setAnchorCertificates([try certificate("root")])
        trust.setVerifyDate(try #require(DERTime(rfc3339: "2025-06-01T00:00:00Z")))
        trust.setCRLs(crls)
        trust.setRevocationResponseRequired(responseRequired)
        return trust.evaluate()
    }

    @Test("at most maximumCRLs distinct CRLs are considered; copies count once")
    func crlCountLimit() throws {
        let empty = try Self.crl("caEmpty")
        // Out-of-scope CRLs: the issuer's last name octets ("CA") changed, so no signature is checked.
        let nameOffset = try #require(Self.offsetFromEnd(of: Array("CA".utf8), in: empty))
        let others = try (1..<RevocationLimits.maximumCRLs).map { try Self.variant(empty, counter: $0, fromEnd: nameOffset) }
        let revoking = try Self.crl("caRevokesLeaf")
        #expect(try Self.isLeafRevoked(others + [revoking]).status == .certificateRevoked)
        #expect(try Self.isLeafRevoked(others + [others[0], revoking]).status == .certificateRevoked)
        #expect(try Self.isLeafRevoked(others + [try Self.variant(empty, counter: 0xFFFF, fromEnd: nameOffset), revoking]).isTrusted)
    }

    @Test("at most maximumSignatureChecks signatures are verified for revocation")
    func signatureLimit() throws {
        let revoking = try Self.crl("caRevokesLeaf")
        // Badly signed copies of the CA's CRL: in scope, each costs one failed verification.
        let forged = try (0..<RevocationLimits.maximumSignatureChecks).map { try Self.variant(revoking, counter: $0, fromEnd: 2) }
        #expect(try Self.isLeafRevoked(forged.dropLast() + [revoking]).status == .certificateRevoked)
        let exhausted = try Self.isLeafRevoked(forged + [revoking], responseRequired: true)
        #expect(exhausted.failures == [unknown(0)])
    }

    /// The distance from the end of the CRL's DER to the first occurrence of `needle` in its issuer.
    static func offsetFromEnd(of needle: [UInt8], in crl: CertificateRevocationList) -> Int? {
        let bytes = Array(crl.issuer.encoded)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: needle) }) else { return nil }
        let absolute = crl.issuer.encoded.startIndex + start
        return crl.derEncoded.endIndex - absolute
    }
}
