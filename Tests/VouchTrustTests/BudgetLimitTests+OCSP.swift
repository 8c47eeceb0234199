import Testing
import VouchCrypto
import VouchDER
import VouchX509

@testable import VouchTrust

/// ``RevocationLimits/maximumOCSPSignerEvaluations`` at N and N + 1, over OCSP responses made here
/// with the test RSA keys (``TestRSAKey``): a root (the anchor, first key), a leaf it issued, and
/// delegated responders it certified (second key, OCSPSigning, digitalSignature), each signing
/// good answers about the leaf.
extension BudgetLimitTests {
    /// 2026-06-02T00:00:00Z: the verify date and the current time.
    static let june2 = DERTime(secondsSince1970: 1_780_358_400)

    /// The PKI of the OCSP case, with `count` responders ("Responder 1" …).
    struct OCSPSigners {
        let root: Certificate
        let leaf: Certificate
        let responders: [Certificate]

        init(responders count: Int) throws {
            let first = TestRSAKey.first, second = TestRSAKey.second
                        root = try TestRSAKey.certificate("OCSP Root", issuedBy: "OCSP Root", serial: 1, key: first, signedBy: first,
                                                       extensions: [TestRSAKey.basicConstraintsCA])
            leaf = try TestRSAKey.certificate("Leaf", issuedBy: "OCSP Root", serial: 0x10, key: second, signedBy: first,
                                                       extensions: [])
            // keyUsage digitalSignature; extendedKeyUsage id-kp-OCSPSigning.
            let keyUsage = (OID.keyUsage, true, [UInt8]([0x03, 0x02, 0x07, 0x80]))
            let ocspSigning = (OID.extendedKeyUsage, false, [0x30, 0x0A, 0x06, 0x08] + OID.ocspSigning.bytes)
            responders = try (1...count).map { number in
                try TestRSAKey.certificate("Responder \(number)", issuedBy: "OCSP Root", serial: UInt8(0x20 + number),
                                                    key: second, signedBy: first, extensions: [keyUsage, ocspSigning])
            }
        }

        /// A response by responder `number` (1-based) saying the leaf is good: fresh at
        /// ``june2`` (2026-06-01 to 06-08), or `stale` (2026-05-01 to 05-08, long past).
        func response(by number: Int, stale: Bool) throws -> [UInt8] {
            let (thisUpdate, nextUpdate) = stale ? ("20260501000000Z", "20260508000000Z") : ("20260601000000Z", "20260608000000Z")
            return try BudgetLimitTests.ocspResponse(
                about: leaf, issuer: root, responder: responders[number - 1], key: TestRSAKey.second,
                thisUpdate: thisUpdate, nextUpdate: nextUpdate)
        }

        /// The leaf's evaluation, a positive response required, given `responses`, paid from a
        /// budget whose spending is returned, and the answers kept.
        func evaluate(_ responses: [[UInt8]]) throws -> (evaluation: TrustEvaluation, answers: [Int], workSpent: Int) {
            var trust = try Trust(certificates: [leaf], policies: [.basicX509], systemStore: SystemTrustStore(certificates: []))
            trust.setAnchorCertificates([root])
            trust.setVerifyDate(BudgetLimitTests.june2)
            trust.setCurrentTime(BudgetLimitTests.june2)
            trust.setRevocationResponseRequired(true)
            trust.setOCSPResponses(responses)
            let budget = EvaluationBudget()
            let evaluation = trust.evaluate(paidFrom: budget)
            return (evaluation, trust.ocspAnswers().map(\.response), budget.workSpent)
        }
    }

    @Test("RevocationLimits.maximumOCSPSignerEvaluations: the 16th delegated responder is evaluated and its good answer counts; the 17th is not")
    func ocspSignerEvaluations() throws {
        let limit = RevocationLimits.maximumOCSPSignerEvaluations
        let pki = try OCSPSigners(responders: limit + 1)
        // Each stale answer's responder is evaluated (signature, responder, its trust evaluation)
        // before the answer is found too old and ignored.
        let stale = try (1...limit).map { try pki.response(by: $0, stale: true) }
        let required = [TrustFailure(index: 0, check: .revocationResponseRequired)]

        // The last responder's answer is good on its own, and costs `price` units.
        let alone = try pki.evaluate([try pki.response(by: limit + 1, stale: false)])
        #expect(alone.evaluation.isTrusted, "\(alone.evaluation.failures)")
        let price = alone.workSpent - (try pki.evaluate([])).workSpent
        #expect(price > 0)

        let within = try pki.evaluate(Array(stale.prefix(limit - 1)) + [try pki.response(by: limit, stale: false)])
        #expect(within.evaluation.isTrusted, "\(within.evaluation.failures)")
        #expect(within.answers == [limit - 1])

        let past = try pki.evaluate(stale + [try pki.response(by: limit + 1, stale: false)])
        #expect(past.evaluation.failures == required, "the 17th responder is not evaluated: its answer is ignored")
        #expect(past.answers.isEmpty)
        #expect(past.workSpent + price <= TrustLimits.maximumSignatureWork, "the work budget could have paid for it: the count refused it")
    }

    /// A successful basic OCSP response (RFC 6960 §4.2.1) by `responder` (named in the
    /// ResponderID, its certificate in `certs`), signed with `key`: one single response, good,
    /// about `leaf` under `issuer` (SHA-1 CertID), produced at `thisUpdate` (revoked then, when `revoked`).
    static func ocspResponse(
        about leaf: Certificate, issuer: Certificate, responder: Certificate, key: TestRSAKey, thisUpdate: String, nextUpdate: String,
        revoked: Bool = false
    ) throws -> [UInt8] {
        var data = DERWriter()
        data.writeElement(.sequence) { data in
            data.writeElement(.contextSpecific(1, constructed: true)) { name in name.writeEncoded(Array(responder.subject.encoded)) }
            data.writeElement(.generalizedTime, content: Array(thisUpdate.utf8))
            data.writeElement(.sequence) { responses in
                responses.writeElement(.sequence) { single in
                    single.writeElement(.sequence) { certID in
                        certID.writeElement(.sequence) { algorithm in
                            algorithm.writeElement(.objectIdentifier, content: OID.sha1.bytes)
                            algorithm.writeElement(DERTag(.universal, 5, constructed: false), content: [])
                        }
                        certID.writeElement(.octetString, content: Array(HashAlgorithm.sha1.digest(Array(leaf.issuer.encoded))))
                        let issuerKey = Array(issuer.subjectPublicKeyInfo.subjectPublicKey.bytes)
                        certID.writeElement(.octetString, content: Array(HashAlgorithm.sha1.digest(issuerKey)))
                        certID.writeElement(.integer, content: Array(leaf.serialNumber))
                    }
                    if revoked {
                        single.writeElement(.contextSpecific(1, constructed: true)) { info in
                            info.writeElement(.generalizedTime, content: Array(thisUpdate.utf8))
                        }
                    } else {
                        single.writeElement(.contextSpecific(0, constructed: false), content: [])  // good
                    }
                    single.writeElement(.generalizedTime, content: Array(thisUpdate.utf8))
                    single.writeElement(.contextSpecific(0, constructed: true)) { next in
                        next.writeElement(.generalizedTime, content: Array(nextUpdate.utf8))
                    }
                }
            }
        }
        guard let signature = key.sign(data.bytes) else { throw RevocationLimitTests.BuildError() }
        var basic = DERWriter()
        basic.writeElement(.sequence) { basic in
            basic.writeEncoded(data.bytes)
            basic.writeEncoded(TestRSAKey.algorithm)
            basic.writeElement(.bitString, content: [0] + signature)
            basic.writeElement(.contextSpecific(0, constructed: true)) { certs in
                certs.writeElement(.sequence) { list in list.writeEncoded(Array(responder.derEncoded)) }
            }
        }
        var response = DERWriter()
        response.writeElement(.sequence) { response in
            response.writeElement(.enumerated, content: [0])  // successful
            response.writeElement(.contextSpecific(0, constructed: true)) { bytes in
                bytes.writeElement(.sequence) { body in
                    body.writeElement(.objectIdentifier, content: OID.ocspBasic.bytes)
                    body.writeElement(.octetString, content: basic.bytes)
                }
            }
        }
        return response.bytes
    }
}
