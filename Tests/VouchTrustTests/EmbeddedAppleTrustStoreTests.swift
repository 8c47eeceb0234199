import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchTestSupport
@testable import VouchTrust
import VouchTrustData
import VouchX509

/// Apple's trust store compiled into Vouch (Sources/VouchTrustData/AppleTrustStore.swift, made by
/// scripts/generate-apple-trust-store from security_certificates-55349.0.11; SECTRUST.md §17) and
/// VouchTrust's reading of it: what the tag holds, every certificate whole, and
/// ``SystemTrustStore/apple`` anchoring Apple's roots and no other. The comparison with the tag's
/// files is in ``AppleTrustStoreSourceTests``.
@Suite struct EmbeddedAppleTrustStoreTests {
    static let snapshot = AppleTrustStoreSnapshot.embedded

    @Test func versionAndSource() {
        #expect(Self.snapshot.tag == "security_certificates-55349.0.11")
        #expect(Self.snapshot.commit == "686038f6795fcc88f51b86f98f8286dadf678fc1")
        #expect(Self.snapshot.versionNumber == 2025072000)
        #expect(Self.snapshot.mobileAssetContentVersion == 1007)
        #expect(Self.snapshot.assetsVersion == "1.2.2")
        #expect(Self.snapshot.source.contains(Self.snapshot.tag) && Self.snapshot.source.contains(Self.snapshot.commit))
        #expect(Self.snapshot.problems == [])
    }

    /// SECTRUST.md §17.1's counts at the tag.
    @Test func counts() {
        #expect(Self.snapshot.systemRoots.count == 156)
        #expect(Self.snapshot.anchorRecords(of: .system).count == 156)
        #expect(Self.snapshot.anchorRecords(of: .platform).count == 11)
        #expect(Self.snapshot.anchorRecords(of: .custom).count == 121)
        #expect(Self.snapshot.anchorRecords.count == 288)
        #expect(Self.snapshot.evRoots.count == 75)
        #expect(Set(Self.snapshot.evPolicies).count == 33 && Self.snapshot.evPolicies.count == 33)
        #expect(Self.snapshot.removedCertificates.count == 305)
        let folders = Dictionary(grouping: Self.snapshot.removedCertificates, by: \.folder).mapValues(\.count)
        #expect(folders == ["removed": 209, "removed/intermediates": 89, "removed/reissued": 6, "removed/invalid": 1])
        let constrained = Dictionary(grouping: Self.snapshot.constrainedAnchorRecords, by: \.kind).mapValues(\.count)
        #expect(constrained == [.system: 11, .platform: 10, .custom: 10])
    }

    /// §17.3 item 4: the 10 constrained custom anchors serve Apple-internal policies only:
    /// MDLTerminalAuth .108, VerifiedMark .115, RCSEncryption .121, 3PMobileAsset .122, JibeTLS .123.
    @Test func constrainedCustomAnchors() {
        let apple = "1.2.840.113635.100.1."
        let expected = [
            "2071277A5F5E5477F0533ACE6419CDA4E7E88CF4366EE2175EBB794A0243B636": apple + "108",
            "349DFA4058C5E263123B398AE795573C4E1313C83FE68F93556CD5E8031B3C7D": apple + "123",
            "485D11769E244C985170BFC97CF888B540295A555FC017BCE3860B40D715A6C5": apple + "121",
            "504386C9EE8932FECC95FADE427F69C3E2534B7310489E300FEE448E33C46B42": apple + "115",
            "67C03CF2D31E2C073C30EA1B4E869BCAA5BC0EB329251A47C8520EFFFCD45DF1": apple + "121",
            "7831D95A47D42508CD5C9E6264F9096BAC19F04EB9B7C8BDD35FFFC71C189617": apple + "115",
            "849F3E878AC22EDFB3D1EE804C8211D9E7C56A1B5E84B5D32C078A0E32F5CC7B": apple + "121",
            "B296DC3BCF451217D7AD4F84FB8EE25CC92FC659CAFA0EB4A8B5B4DB3D0215C2": apple + "122",
            "C2B6D2709DFB7B0FE5DA9042B40ACD8A454405E47F831AC5076E5812BC158E9E": apple + "121",
            "D947432ABDE7B7FA90FC2E6B59101B1280E0E1C7E4E40FA3C6887FFF57A7F4CF": apple + "123",
        ]
        let custom = Self.snapshot.anchorRecords(of: .custom)
        var found: [String: String] = [:]
        for record in custom where !record.policies.isEmpty {
            #expect(record.policies.count == 1, "\(Self.hex(record.sha256))")
            found[Self.hex(record.sha256).uppercased()] = record.policies.joined(separator: ",")
        }
        #expect(found == expected)
        #expect(custom.filter { $0.policies.isEmpty }.count == 111, "the other 111 anchor nothing")
        // The two GTS roots of custom/ are roots too: a system record without constraints, and a
        // custom one for JibeTLS.
        for gts in ["349DFA4058C5E263123B398AE795573C4E1313C83FE68F93556CD5E8031B3C7D",
                    "D947432ABDE7B7FA90FC2E6B59101B1280E0E1C7E4E40FA3C6887FFF57A7F4CF"] {
            let records = Self.snapshot.anchorRecords.filter { Self.hex($0.sha256).uppercased() == gts }
            #expect(records.map(\.kind) == [.system, .custom])
            #expect(records.map(\.policies) == [[], [apple + "123"]])
            #expect(Self.snapshot.systemRoots.contains { Self.hex(SHA256.digest($0.derEncoded)).uppercased() == gts })
        }
    }

    /// The 11 Apple Platform roots: platform records, all of them roots too; constraints.json's
    /// `system` list names exactly them (BasicX509 .2 in each, SSL server .3.1 in two), its
    /// `platform` list ten of them. One OID is written with a leading space and kept so: trustd
    /// compares strings, so it matches no policy.
    @Test func platformAnchors() {
        let platform = Self.snapshot.anchorRecords(of: .platform)
        let systemConstrained = Self.snapshot.anchorRecords(of: .system).filter { !$0.policies.isEmpty }
        #expect(Set(platform.map(\.sha256)) == Set(systemConstrained.map(\.sha256)))
        #expect(platform.allSatisfy { record in Self.snapshot.systemRoots.contains { $0 == record.certificate } })
        #expect(platform.allSatisfy { $0.certificate.subject.commonNames.first?.hasPrefix("Apple Platform") == true })
        #expect(systemConstrained.allSatisfy { $0.policies.contains("1.2.840.113635.100.1.2") })
        #expect(systemConstrained.filter { $0.policies.contains("1.2.840.113635.100.1.3.1") }.count == 2)
        #expect(platform.filter { $0.policies.isEmpty }.map { Self.hex($0.sha256) }
                == ["5fbd45b0303b6247e410328864b795bf91f44856be6cbd8d1949ff60a6f51908"])
        let spaced = platform.filter { $0.policies.contains(" 1.2.840.113635.100.1.18") }
        #expect(spaced.map { Self.hex($0.sha256) } == ["fa760b953dfd935ca420ba9baa5f07067fad4449b5554b9418cbdd12e0a56eda"])
        #expect(spaced.first?.policies.contains("1.2.840.113635.100.1.18") == false)
    }

    /// Every line of the generated table, decoded here apart from VouchTrust's reader: its
    /// certificate parses and its SHA-256 is the one recorded; the records VouchTrust made carry
    /// the same digests.
    @Test func everyCertificateParsesAndHasItsRecordedDigest() throws {
        let lines = AppleTrustStore.certificates.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }.split(separator: "\n")
        #expect(lines.count == AppleTrustStore.certificateCount)
        #expect(lines.count == 275)
        for (number, line) in lines.enumerated() {
            let fields = line.split(separator: " ")
            try #require(fields.count == 3, "line \(number + 1)")
            let der = try #require(Base64.decode(String(fields[2])), "line \(number + 1)")
            let certificate = try Certificate(derEncoded: der)
            #expect(Self.hex(SHA256.digest(certificate.derEncoded)) == fields[0].lowercased(), "line \(number + 1)")
            #expect((number < AppleTrustStore.rootCount) == fields[1].split(separator: ",").contains("roots"), "the roots come first")
        }
        for record in Self.snapshot.anchorRecords {
            #expect(Array(SHA256.digest(record.certificate.derEncoded)) == record.sha256)
        }
        for root in Self.snapshot.evRoots {
            #expect(Array(SHA256.digest(root.certificate.derEncoded)) == root.sha256)
        }
        // File-name order: the files are named by their SHA-256.
        for kind in AppleTrustStoreSnapshot.AnchorRecord.Kind.allCases {
            let digests = Self.snapshot.anchorRecords(of: kind).map { Self.hex($0.sha256) }
            #expect(digests == digests.sorted(), "\(kind)")
        }
    }

    /// Apple's own roots are system roots; SecIsAppleTrustAnchor's table (Facts/AppleAnchors)
    /// names them by SHA-256.
    @Test(arguments: [
        ("Apple Root CA", "b0b1730ecbc7ff4505142c49f1295e6eda6bcaed7e2c68c5be91b5a11001f024"),
        ("Apple Root CA - G2", "c2b9b042dd57830e7d117dac55ac8ae19407d38e41d88f3215bc3a890444a050"),
        ("Apple Root CA - G3", "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179"),
    ])
    func appleRootsAreSystemRoots(_ name: String, _ digest: String) throws {
        let root = try #require(Self.snapshot.systemRoots.first { Self.hex(SHA256.digest($0.derEncoded)) == digest }, "\(name)")
        #expect(root.subject.commonNames == [name])
        #expect(AppleAnchors.neverExpiring.contains(digest))
        #expect(SystemTrustStore.apple.contains(root))
        #expect(Self.snapshot.removal(of: root) == nil)
        #expect(Self.snapshot.evRoot(for: root) == nil)
    }

    /// EV: 75 roots, every one a system root, each listing the CA/Browser Forum's 2.23.140.1.1.
    @Test func evRoots() throws {
        for root in Self.snapshot.evRoots {
            #expect(Self.snapshot.systemRoots.contains(root.certificate))
            #expect(root.policies.contains("2.23.140.1.1"))
            #expect(Self.snapshot.evRoot(for: root.certificate)?.sha256 == root.sha256)
        }
        let entrust = try #require(Self.snapshot.evRoots.first {
            Self.hex($0.sha256) == "02ed0eb28c14da45165c566791700d6451d7fb56f0b2ab1d3b8eb070e56edff5"
        })
        #expect(entrust.policies == ["2.23.140.1.1", "2.16.840.1.114028.10.1.2"])
    }

    /// Removed certificates are known by SHA-256 alone. One of them, Apple's Developer ID
    /// Certification Authority (an intermediate), is in removed/intermediates and in roots/ both.
    @Test func removedCertificates() throws {
        for removed in Self.snapshot.removedCertificates {
            #expect(removed.sha256.count == 32 && !removed.subject.isEmpty)
        }
        let inBoth = Self.snapshot.systemRoots.compactMap { root in Self.snapshot.removal(of: root).map { (root, $0) } }
        #expect(inBoth.count == 1)
        let (root, removal) = try #require(inBoth.first)
        #expect(removal.folder == "removed/intermediates")
        #expect(removal.subject == root.subject.rfc4514)
        #expect(root.subject.commonNames == ["Developer ID Certification Authority"])
    }

    /// The log list and the pinning database, byte for byte.
    @Test func embeddedTexts() {
        let logList = Self.snapshot.certificateTransparencyLogList
        #expect(logList.count == 114_039)
        #expect(Self.hex(SHA256.digest(logList)) == Self.snapshot.certificateTransparencyLogListSHA256)
        #expect(String(decoding: logList, as: UTF8.self).contains(#""version": "375""#))
        let pinning = Self.snapshot.pinningPropertyList
        #expect(pinning.count == 89_048)
        #expect(Self.hex(SHA256.digest(pinning)) == Self.snapshot.pinningPropertyListSHA256)
        #expect(String(decoding: pinning, as: UTF8.self).hasSuffix("</plist>\n"))
    }

    /// `SystemTrustStore.apple`: Apple's 156 roots, named by the tag, no trust settings; an Apple
    /// root alone is trusted under BasicX509 with it and not with an empty store.
    @Test func appleStoreAnchorsAnAppleRoot() throws {
        let store = SystemTrustStore.apple
        #expect(store.certificates.count == 156)
        #expect(store.certificates.elementsEqual(Self.snapshot.systemRoots) { $0 == $1 })
        #expect(store.sources.count == 1 && store.sources.first?.contains("security_certificates-55349.0.11") == true)
        #expect(store.problems.isEmpty)
        #expect(store.trustSettings.isEmpty)
        let root = try #require(Self.snapshot.systemRoots.first { $0.subject.commonNames == ["Apple Root CA - G3"] })
        var trusted = try Trust(certificates: [root], policies: [.basicX509], systemStore: store)
        trusted.setVerifyDate(AppleFidelityTests.time(2030, 1, 1))
        let evaluation = trusted.evaluate()
        #expect(evaluation.failures == [])
        #expect(evaluation.result == .unspecified)
        var untrusted = try Trust(certificates: [root], policies: [.basicX509], systemStore: SystemTrustStore(certificates: []))
        untrusted.setVerifyDate(AppleFidelityTests.time(2030, 1, 1))
        #expect(untrusted.evaluate().failures.map(\.description) == ["AnchorTrusted@0"])
    }

    /// The distribution's bundle, when this machine has it.
    static let bundle: [Certificate]? = FileManager.default.contents(atPath: "/etc/ssl/certs/ca-certificates.crt").map { data in
        ((try? PEM.certificates(in: [UInt8](data)[...])) ?? []).compactMap { try? Certificate(derEncoded: $0) }
    }

    /// A root only the distribution trusts: the first of the bundle that Apple's store lacks and
    /// that BasicX509 trusts when it is a system root, with a date inside its validity.
    static let distributionOnlyRoot: (root: Certificate, date: DERTime)? = bundle?.lazy
        .filter { !SystemTrustStore.apple.contains($0) }
        .compactMap { root -> (root: Certificate, date: DERTime)? in
            let date = middle(of: root)
            guard var trust = try? Trust(certificates: [root], policies: [.basicX509], systemStore: SystemTrustStore(certificates: [root])) else { return nil }
            trust.setVerifyDate(date)
            return trust.evaluate().failures.isEmpty ? (root, date) : nil
        }.first

    /// A root in the distribution's bundle and not in Apple's store is a system root with a store
    /// of its own and not with `SystemTrustStore.apple`.
    @Test(.enabled(if: bundle != nil, "no /etc/ssl/certs/ca-certificates.crt on this machine: the distribution-only root is not tested"))
    func appleStoreRefusesADistributionOnlyRoot() throws {
        let (root, date) = try #require(Self.distributionOnlyRoot, "every root of the bundle is Apple's, or none passes BasicX509 alone")
        var trust = try Trust(certificates: [root], policies: [.basicX509], systemStore: .apple)
        trust.setVerifyDate(date)
        #expect(trust.evaluate().failures.map(\.description) == ["AnchorTrusted@0"], "\(root.subject)")
    }

    /// An Apple root this machine's store lacks, when there is one.
    static let appleOnlyRoot = snapshot.systemRoots.first { !SystemTrustStore.shared.contains($0) }

    /// The default is unchanged: `Trust` without a store takes this machine's (``SystemTrustStore/shared``),
    /// so an Apple root that store lacks is not trusted, though `SystemTrustStore.apple` anchors it.
    @Test(.enabled(if: appleOnlyRoot != nil, "this machine's store holds every Apple root: the default cannot be told from Apple's here"))
    func defaultStoreIsStillTheMachines() throws {
        let root = try #require(Self.appleOnlyRoot)
        var byDefault = try Trust(certificates: [root], policies: [.basicX509])
        byDefault.setVerifyDate(Self.middle(of: root))
        #expect(byDefault.evaluate().failures.map(\.description) == ["AnchorTrusted@0"], "\(root.subject)")
        var apple = try Trust(certificates: [root], policies: [.basicX509], systemStore: .apple)
        apple.setVerifyDate(Self.middle(of: root))
        #expect(apple.evaluate().failures == [], "\(root.subject)")
    }

    /// The middle of a certificate's validity.
    static func middle(of certificate: Certificate) -> DERTime {
        DERTime(secondsSince1970: certificate.validity.notBefore.secondsSince1970 / 2 + certificate.validity.notAfter.secondsSince1970 / 2)
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
