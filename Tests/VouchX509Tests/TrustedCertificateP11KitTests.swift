import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchX509

/// What p11-kit's `trust extract --format=openssl-bundle` writes: the committed fixtures of
/// `TestVectors/trusted-certificates/` (see its README), and the system's anchors when `trust` is installed.
@Suite struct TrustedCertificateP11KitTests {
    static let fixtures = TestData.projectRoot.appendingPathComponent("TestVectors/trusted-certificates").path

    /// The eight purposes p11-kit knows (`known_usages` in trust/extract-openssl.c), in its order:
    /// serverAuth, clientAuth, codeSigning, emailProtection, ipsecEndSystem, ipsecTunnel, ipsecUser, timeStamping.
    static let knownPurposes = ["1", "2", "3", "4", "5", "6", "7", "8"].map { "1.3.6.1.5.5.7.3." + $0 }
    /// p11-kit's placeholder purpose for an anchor trusted for nothing (common/oid.h).
    static let reservedPurpose = "1.3.6.1.4.1.3319.6.10.16"

    static func read(_ file: String) throws -> [TrustedCertificate] {
        let bytes = try #require(TestData.bytes(fixtures + "/" + file), "missing \(file)")
        return try TrustedCertificate.certificates(inPEM: bytes[...])
    }

    static func commonName(_ certificate: Certificate) -> String { certificate.subject.rfc4514 }

    @Test func blocklistedCertificate() throws {
        let certificates = try Self.read("p11-kit-blocklist.trust.crt")
        try #require(certificates.count == 1)
        let auxiliary = try #require(certificates[0].auxiliary)
        // Distrusted: no trust list at all, every known purpose rejected, the label as alias.
        #expect(!auxiliary.hasTrustList && auxiliary.trusted.isEmpty)
        #expect(auxiliary.rejected.map(\.dotted) == Self.knownPurposes)
        #expect(auxiliary.alias == "Vouch p11-kit Blocklisted")
        #expect(auxiliary.keyIdentifier == nil && auxiliary.otherAlgorithms.isEmpty)
        #expect(Self.commonName(certificates[0].certificate) == "CN=Vouch p11-kit Blocklisted")
    }

    @Test func everyKindOfEntry() throws {
        let certificates = try Self.read("p11-kit-all.trust.crt")
        let known = "[" + Self.knownPurposes.joined(separator: ",") + "]"
        let keyIdentifier = "0414" + (1...20).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(certificates.map { Self.commonName($0.certificate) + ": " + ($0.auxiliary.map(render) ?? "nil") } == [
            // Neither anchor nor blocklisted: an empty trust list, so OpenSSL trusts it for nothing.
            "CN=Vouch p11-kit Untrusted: trust=[] alias=Vouch p11-kit Untrusted",
            // An anchor with nothing stapled (every Debian anchor): the alias only.
            "CN=Vouch p11-kit Anchor: alias=Vouch p11-kit Anchor",
            // Stapled extendedKeyUsage, reject extension and subjectKeyIdentifier (as Fedora's source has).
            "CN=Vouch p11-kit Stapled: trust=[1.3.6.1.5.5.7.3.1,1.3.6.1.5.5.7.3.4] reject=[1.3.6.1.5.5.7.3.3] "
                + "alias=Vouch p11-kit Stapled keyid=\(keyIdentifier)",
            "CN=Vouch p11-kit Blocklisted: reject=\(known) alias=Vouch p11-kit Blocklisted",
        ])
        // p11-kit's keyid is the SKI extension's whole extnValue: an OCTET STRING inside the OCTET STRING.
        // The stapled identifier is 01 02 … 14, not the certificate's own (the hash `openssl req` wrote).
        let stapled = try #require(certificates[2].auxiliary?.keyIdentifier)
        #expect(stapled.count == 22 && stapled.starts(with: [0x04, 0x14]))
        let own = try #require(certificates[2].certificate.extensions[.subjectKeyIdentifier])
        #expect(own.value.count == 22 && !own.value.elementsEqual(stapled))
    }

    static let canExtract = ExternalTool.path("trust") != nil && TestData.exists(TestData.systemBundle)

    @Test("p11-kit's openssl-bundle of the system anchors reads completely",
          .enabled(if: canExtract, "no p11-kit `trust` or no \(TestData.systemBundle): apt-get install p11-kit p11-kit-modules"))
    func systemAnchors() throws {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ExternalTool.check("trust", ["extract", "--format=openssl-bundle", "--filter=ca-anchors", "bundle.trust.crt"], in: directory)
        let text = try ExternalTool.bytes("bundle.trust.crt", in: directory)
        let anchors = try TrustedCertificate.certificates(inPEM: text[...])
        let blocks = try PEM.blocks(in: text[...]).map(\.label)
        #expect(blocks.allSatisfy { $0 == TrustedCertificate.pemLabel })
        #expect(anchors.count == blocks.count)

        // Debian's p11-kit reads its anchors from /etc/ssl/certs/ca-certificates.crt itself, so the
        // two hold the same certificates (p11-kit would drop a duplicate; the bundle has none).
        let system = Set(try TestData.systemCertificates.map { (der) throws in try Certificate(derEncoded: der) })
        if Self.readsSystemBundle {
            #expect(anchors.count == TestData.systemCertificates.count)
            #expect(Set(anchors.map(\.certificate)) == system)
        }

        let known = Set(Self.knownPurposes + [Self.reservedPurpose, "2.5.29.37.0"])
        for (index, anchor) in anchors.enumerated() {
            // Every entry has an aux with the PKCS #11 label as alias; purposes, when there are any,
            // are ones p11-kit staples; an anchor is never written with the blocklist's rejects.
            let auxiliary = try #require(anchor.auxiliary, "anchor \(index) has no trust data")
            #expect(auxiliary.alias?.isEmpty == false, "anchor \(index)")
            #expect(auxiliary.trusted.allSatisfy { known.contains($0.dotted) }, "anchor \(index): \(render(auxiliary))")
            #expect(auxiliary.rejected.count < Self.knownPurposes.count, "anchor \(index): \(render(auxiliary))")
            if Self.readsSystemBundle {
                // Debian staples nothing: no trust list (OpenSSL's default applies), no rejects, no keyid.
                #expect(render(auxiliary) == "alias=" + (auxiliary.alias ?? ""), "anchor \(index)")
            }
        }
    }

    @Test("p11-kit's openssl-bundle of the system blocklist reads",
          .enabled(if: canExtract, "no p11-kit `trust`: apt-get install p11-kit p11-kit-modules"))
    func systemBlocklist() throws {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ExternalTool.check("trust", ["extract", "--format=openssl-bundle", "--filter=blocklist", "blocklist.trust.crt"], in: directory)
        let distrusted = try TrustedCertificate.certificates(inPEM: try ExternalTool.bytes("blocklist.trust.crt", in: directory)[...])
        // Usually empty (Debian ships no blocklist); whatever is there is rejected for all p11-kit knows.
        for entry in distrusted {
            #expect(entry.auxiliary?.hasTrustList == false)
            #expect(entry.auxiliary?.rejected.map(\.dotted).starts(with: Self.knownPurposes) == true)
        }
    }

    /// Whether p11-kit's only trust source is Debian's bundle (no p11-kit source directories with
    /// stapled extensions, as Fedora's /usr/share/pki/ca-trust-source has).
    static var readsSystemBundle: Bool {
        ["/usr/share/pki/ca-trust-source", "/etc/pki/ca-trust/source", "/usr/share/ca-certificates/trust-source",
         "/etc/ca-certificates/trust-source"].allSatisfy { !TestData.exists($0) }
    }
}
