import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// The policy object (AFSECURITYPOLICY.md §1) and the consequences of §2 the seed suite leaves
/// implicit, on AFNetworking's seed certificates.
@Suite("SecurityPolicy")
struct SecurityPolicyTests {
    static let httpbin = "certs/HTTPBin.org/"
    static let chain = (0...3).map { "certs/HTTPBin.org/HTTPBinOrgServerTrustChain/httpbin_\($0).cer" }

    static func bytes(_ file: String) throws -> [UInt8] { try SeedSuites.bytes(SeedSuites.afnetworking, file) }

    @Test("defaults: no pinning, nothing pinned, invalid certificates refused, domain validated")
    func defaults() {
        let policy = SecurityPolicy.default
        #expect(policy.pinningMode == .none)
        #expect(policy.pinnedCertificates.isEmpty && policy.pinnedPublicKeys.isEmpty)
        #expect(!policy.allowInvalidCertificates)
        #expect(policy.validatesDomainName)
        #expect(SecurityPolicy(pinningMode: .publicKey).pinnedCertificates.isEmpty)
    }

    @Test("pinned public keys follow the pinned certificates; identical DER is one entry; junk is skipped")
    func pinnedPublicKeys() throws {
        let leaf = try Self.bytes(Self.httpbin + "httpbinorg_02182021.cer")
        let sameLeaf = try Self.bytes(Self.chain[0])
        var policy = SecurityPolicy(pinningMode: .publicKey, pinnedCertificates: [leaf, sameLeaf, [0x30, 0x03, 0x02, 0x01, 0x00], []])
        #expect(policy.pinnedCertificates.count == 3)
        #expect(policy.pinnedPublicKeys.count == 1)
        let certificate = try Certificate(derEncoded: leaf)
        #expect(policy.pinnedPublicKeys.first == PublicKey(certificate.subjectPublicKeyInfo))
        policy.pinnedCertificates = try [Self.bytes(Self.chain[1]), Self.bytes(Self.chain[2])]
        #expect(policy.pinnedPublicKeys.count == 2)
        #expect(!policy.pinnedPublicKeys.contains { $0 == PublicKey(certificate.subjectPublicKeyInfo) })
    }

    @Test("certificates(inDirectory:) reads *.cer/*.der/*.crt/*.pem, DER as is and PEM decoded, nothing else")
    func certificatesInDirectory() throws {
        let seed = SecurityPolicy.certificates(inDirectory: SeedSuites.afnetworking + "/" + Self.httpbin)
        #expect(seed.count == 4)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-pinning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let leaf = try Self.bytes(Self.chain[0]), intermediate = try Self.bytes(Self.chain[1])
        let root = try Self.bytes(Self.chain[2])
        try Data(leaf).write(to: directory.appendingPathComponent("a.der"))
        try Data((PEM.encode(intermediate) + PEM.encode(root)).utf8).write(to: directory.appendingPathComponent("b.PEM"))
        try Data([1, 2, 3]).write(to: directory.appendingPathComponent("c.crt"))
        try Data(try Self.bytes(Self.chain[3])).write(to: directory.appendingPathComponent("d.txt"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("e.cer"), withIntermediateDirectories: true)
        #expect(SecurityPolicy.certificates(inDirectory: directory.path) == [leaf, intermediate, root, [1, 2, 3]])
        #expect(SecurityPolicy.certificates(inDirectory: directory.path + "/missing").isEmpty)
    }

    /// One consequence of §2: a policy, the HTTPBin chain (or another), a domain and the answer.
    struct Consequence: CustomTestStringConvertible, Sendable {
        let name: String
        let mode: PinningMode
        let pinned: [String]
        var allowInvalid = false
        var validatesDomainName = true
        var certificates = SecurityPolicyTests.chain
        let domain: String?
        var date = "2020-06-01T00:00:00Z"
        let allowed: Bool
        /// The length of the chain the answer rests on, when it matters.
        var chainLength: Int? = nil
        var testDescription: String { name }
    }

    static let consequences: [Consequence] = [
        Consequence(name: "public-key mode with invalid certificates allowed never checks the hostname",
                    mode: .publicKey, pinned: [httpbin + "httpbinorg_02182021.cer"], allowInvalid: true,
                    domain: "apple.com", allowed: true),
        Consequence(name: "public-key mode with invalid certificates allowed accepts an expired chain",
                    mode: .publicKey, pinned: [httpbin + "httpbinorg_02182021.cer"], allowInvalid: true,
                    domain: "httpbin.org", date: "2024-01-01T00:00:00Z", allowed: true),
        Consequence(name: "certificate mode: a pinned intermediate is the anchor and the chain stops there",
                    mode: .certificate, pinned: [httpbin + "Amazon.cer"], domain: "httpbin.org", allowed: true, chainLength: 2),
        Consequence(name: "certificate mode: a pinned cross-signed root is the anchor and the chain stops there",
                    mode: .certificate, pinned: [httpbin + "Amazon Root CA 1.cer"], domain: "httpbin.org", allowed: true,
                    chainLength: 3),
        Consequence(name: "certificate mode: a pinned self-signed leaf is a valid anchor",
                    mode: .certificate, pinned: ["certs/SelfSigned/AltName.cer"], allowInvalid: true,
                    certificates: ["certs/SelfSigned/AltName.cer"], domain: "foobar.com", allowed: true, chainLength: 1),
        Consequence(name: "certificate mode with invalid certificates allowed still checks the hostname in step 5",
                    mode: .certificate, pinned: [httpbin + "httpbinorg_02182021.cer"], allowInvalid: true,
                    domain: "apple.com", allowed: false),
        Consequence(name: "certificate mode with invalid certificates allowed still checks the dates in step 5",
                    mode: .certificate, pinned: [httpbin + "Amazon.cer"], allowInvalid: true,
                    domain: "httpbin.org", date: "2024-01-01T00:00:00Z", allowed: false),
        Consequence(name: "certificate mode: a pinned certificate unrelated to the chain refuses it",
                    mode: .certificate, pinned: ["certs/SelfSigned/foobar.com.cer"], domain: "httpbin.org", allowed: false),
        Consequence(name: "public-key mode: a pinned certificate unrelated to the chain refuses it",
                    mode: .publicKey, pinned: ["certs/SelfSigned/foobar.com.cer"], domain: "httpbin.org", allowed: false),
        Consequence(name: "step 1: a nil domain skips the self-signed rule", mode: .none, pinned: [], allowInvalid: true,
                    certificates: ["certs/SelfSigned/NoDomains.cer"], domain: nil, allowed: true),
        Consequence(name: "no domain validation: BasicX509, any hostname", mode: .none, pinned: [], validatesDomainName: false,
                    domain: "apple.com", allowed: true),
        Consequence(name: "certificate mode: a pinned certificate appended to what the server sent is not in the built chain",
                    mode: .certificate, pinned: ["certs/SelfSigned/foobar.com.cer"],
                    certificates: chain + ["certs/SelfSigned/foobar.com.cer"], domain: "httpbin.org", allowed: false),
        Consequence(name: "public-key mode: a pinned key appended to what the server sent is not in the built chain",
                    mode: .publicKey, pinned: ["certs/SelfSigned/foobar.com.cer"],
                    certificates: chain + ["certs/SelfSigned/foobar.com.cer"], domain: "httpbin.org", allowed: false,
                    chainLength: 3),
        Consequence(name: "public-key mode: the appended certificate does not stop the real pin from matching",
                    mode: .publicKey, pinned: [httpbin + "httpbinorg_02182021.cer"],
                    certificates: chain + ["certs/SelfSigned/foobar.com.cer"], domain: "httpbin.org", allowed: true),
    ]

    @Test("consequences of §2", arguments: consequences)
    func consequence(_ row: Consequence) throws {
        var policy = SecurityPolicy(pinningMode: row.mode, pinnedCertificates: Set(try row.pinned.map(Self.bytes)))
        policy.allowInvalidCertificates = row.allowInvalid
        policy.validatesDomainName = row.validatesDomainName
        var trust = try Trust(certificates: row.certificates.map { try Certificate(derEncoded: Self.bytes($0)) })
        trust.setVerifyDate(try #require(DERTime(rfc3339: row.date)))
        let decision = policy.decide(&trust, forDomain: row.domain)
        #expect(decision.isAllowed == row.allowed, "\(decision.steps)")
        #expect(policy.evaluateServerTrust(&trust, forDomain: row.domain) == row.allowed)
        if let length = row.chainLength { #expect(trust.lastEvaluation?.chain.count == length) }
    }

    @Test("step 1 answers without evaluating; the caller's anchors and date carry through")
    func callerSettingsCarryThrough() throws {
        var policy = SecurityPolicy.default
        policy.allowInvalidCertificates = true
        var trust = try Trust(certificates: [Certificate(derEncoded: Self.bytes("certs/SelfSigned/foobar.com.cer"))])
        #expect(!policy.evaluateServerTrust(&trust, forDomain: "foobar.com"))
        #expect(trust.lastEvaluation == nil)

        var server = try Trust(certificates: Self.chain.map { try Certificate(derEncoded: Self.bytes($0)) })
        server.setVerifyDate(try #require(DERTime(rfc3339: "2020-06-01T00:00:00Z")))
        server.setAnchorCertificates([])
        #expect(!SecurityPolicy.default.evaluateServerTrust(&server, forDomain: "httpbin.org"))
        server.setAnchorCertificates(nil)
        #expect(SecurityPolicy.default.evaluateServerTrust(&server, forDomain: "httpbin.org"))
        #expect(server.policies == [.ssl(server: true, hostname: "httpbin.org")])
    }

    /// `der` with the bytes of `range` replaced by `replacement`, every enclosing length re-encoded
    /// (the test's own minimal TLV rewriter: definite lengths only, as DER has).
    static func rewrite(_ der: ArraySlice<UInt8>, replacing range: Range<Int>, with replacement: [UInt8]) -> [UInt8] {
        if der.startIndex == range.lowerBound && der.endIndex == range.upperBound { return replacement }
        var out: [UInt8] = []
        var index = der.startIndex
        while index < der.endIndex {
            let tag = der[index]
            var lengthIndex = index + 1
            var length = Int(der[lengthIndex])
            if length & 0x80 != 0 {
                let octets = length & 0x7f
                length = der[(lengthIndex + 1)...(lengthIndex + octets)].reduce(0) { $0 << 8 | Int($1) }
                lengthIndex += octets
            }
            let content = der[(lengthIndex + 1)..<(lengthIndex + 1 + length)]
            let end = content.endIndex
            if index == range.lowerBound && end == range.upperBound {
                out += replacement
            } else if tag & 0x20 != 0 && content.startIndex <= range.lowerBound && range.upperBound <= end {
                let body = rewrite(content, replacing: range, with: replacement)
                out.append(tag)
                out += Self.length(body.count)
                out += body
            } else {
                out += der[index..<end]
            }
            index = end
        }
        return out
    }

    static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var octets: [UInt8] = []
        var rest = count
        while rest > 0 { octets.insert(UInt8(rest & 0xff), at: 0); rest >>= 8 }
        return [0x80 | UInt8(octets.count)] + octets
    }

    @Test("public-key mode compares key material: the same RSA key with its AlgorithmIdentifier's NULL left out still matches")
    func keyEqualityAcrossEncodings() throws {
        let pinned = try Self.bytes("certs/SelfSigned/foobar.com.cer")
        let certificate = try Certificate(derEncoded: pinned)
        let spki = certificate.subjectPublicKeyInfo.encoded
        let withNull: [UInt8] = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00]
        let start = try #require(spki.indices.first { Array(spki[$0...].prefix(withNull.count)) == withNull })
        let withoutNull = [0x30, 0x0b] + Array(withNull[2..<13])
        let reencoded = Self.rewrite(pinned[...], replacing: start..<(start + withNull.count), with: withoutNull)
        let variant = try Certificate(derEncoded: reencoded)
        #expect(variant.subjectPublicKeyInfo.encoded.count == spki.count - 2)
        #expect(PublicKey(variant.subjectPublicKeyInfo) == PublicKey(certificate.subjectPublicKeyInfo))
        #expect(SPKIPin(variant) != SPKIPin(certificate), "sha256/ pins hash the SPKI bytes, so they differ")

        var policy = SecurityPolicy(pinningMode: .publicKey, pinnedCertificates: [pinned])
        policy.allowInvalidCertificates = true  // the variant's signature no longer verifies
        policy.validatesDomainName = false
        var trust = try Trust(certificates: [variant])
        #expect(policy.evaluateServerTrust(&trust, forDomain: "foobar.com"))
        policy.pinningMode = .certificate
        var again = try Trust(certificates: [variant])
        #expect(!policy.evaluateServerTrust(&again, forDomain: "foobar.com"), "certificate mode compares DER")
    }
}
