import Testing
import VouchTrust
import VouchX509

/// The constrained-anchor table decided per policy as trustd decides it (SECTRUST.md §17.3):
/// `SecPolicy.list`'s anchor stores and `anchorRecordsPermitttedForPolicy:policyId:`.
@Suite("Apple's constrained anchors per policy")
struct AppleAnchorStoreTests {
    static let snapshot = AppleTrustStoreSnapshot.embedded
    static let basic = "1.2.840.113635.100.1.2", sslServer = "1.2.840.113635.100.1.3.1", sslClient = "1.2.840.113635.100.1.3.2"

    @Test("SecPolicy.list's anchor stores: S for BasicX509, SSL and the unlisted, C for constrained policies, A for Apple's")
    func anchorStores() {
        #expect(AppleTrustStoreSnapshot.anchorStore(forPolicy: Self.basic) == .system)
        #expect(AppleTrustStoreSnapshot.anchorStore(forPolicy: Self.sslServer) == .system)
        #expect(AppleTrustStoreSnapshot.anchorStore(forPolicy: "1.2.840.113635.100.1.3") == .system)
        #expect(AppleTrustStoreSnapshot.anchorStore(forPolicy: "1.2.840.113635.100.1.108") == .constrained)
        #expect(AppleTrustStoreSnapshot.anchorStore(forPolicy: "1.2.840.113635.100.1.115") == .constrained)
        #expect(AppleTrustStoreSnapshot.anchorStore(forPolicy: "1.2.840.113635.100.1.19") == .apple)
        #expect(AppleTrustStoreSnapshot.anchorStore(forPolicy: "1.2.840.113635.100.1.66") == .system)
        #expect(AppleTrustStoreSnapshot.anchorStore(forPolicy: "2.5.29.32.0") == .system)
        #expect(AppleTrustStoreSnapshot.anchorStore(forPolicy: "1.2.840.113635.100.1.") == .system)
    }

    @Test("for BasicX509 and SSL the table permits only records of certificates/roots: it adds no anchor (§17.3 item 4)")
    func noAnchorAddedForTheEvaluatedPolicies() {
        let roots = Set(Self.snapshot.systemRoots)
        for policy in [Self.basic, Self.sslServer, Self.sslClient] {
            for record in Self.snapshot.anchorRecords {
                for permitted in Self.snapshot.permittedAnchorRecords(for: record.certificate, policy: policy) {
                    #expect(permitted.kind == .system && roots.contains(permitted.certificate))
                }
            }
        }
        // Each of the 156 roots is permitted for BasicX509 (its system record lists no OID, or
        // the platform roots' lists are read only after certificates/roots answered).
        let unpermitted = Self.snapshot.systemRoots.filter { Self.snapshot.permittedAnchorRecords(for: $0, policy: Self.basic).isEmpty }
        #expect(unpermitted.allSatisfy { root in Self.snapshot.anchorRecords.contains { $0.kind == .platform && $0.certificate == root } })
    }

    @Test("a constrained custom anchor only for its own Apple policy; the platform records only for policies of Apple's anchor store")
    func customAndPlatform() throws {
        let verifiedMark = try #require(Self.snapshot.anchorRecords(of: .custom).first { $0.policies == ["1.2.840.113635.100.1.115"] })
        #expect(Self.snapshot.permittedAnchorRecords(for: verifiedMark.certificate, policy: "1.2.840.113635.100.1.115").map(\.kind) == [.custom])
        #expect(Self.snapshot.permittedAnchorRecords(for: verifiedMark.certificate, policy: Self.basic).isEmpty)
        #expect(Self.snapshot.permittedAnchorRecords(for: verifiedMark.certificate, policy: "1.2.840.113635.100.1.108").isEmpty)
        let platform = try #require(Self.snapshot.anchorRecords(of: .platform).first { $0.policies.isEmpty })
        #expect(Self.snapshot.permittedAnchorRecords(for: platform.certificate, policy: "1.2.840.113635.100.1.19").contains { $0.kind == .platform })
        #expect(!Self.snapshot.permittedAnchorRecords(for: platform.certificate, policy: Self.basic).contains { $0.kind == .platform })
        // The 111 custom anchors without OIDs anchor nothing, whatever the policy.
        let bare = Self.snapshot.anchorRecords(of: .custom).filter(\.policies.isEmpty)
        #expect(bare.count == 111)
        for record in bare.prefix(5) {
            #expect(!Self.snapshot.permittedAnchorRecords(for: record.certificate, policy: "1.2.840.113635.100.1.108").contains { $0.kind == .custom })
        }
    }

    @Test("the embedded CT log list: 49 trusted logs; current within 60 days of the store's date, on either side")
    func transparencyWindow() throws {
        #expect(Self.snapshot.certificateTransparencyLogs.logs.count == 49)
        let date = try #require(Self.snapshot.versionDate)
        let staleness = AppleTrustStoreSnapshot.certificateTransparencyStaleness
        #expect(Self.snapshot.isCertificateTransparencyLogListCurrent(at: date))
        #expect(Self.snapshot.isCertificateTransparencyLogListCurrent(at: date + staleness - 1))
        #expect(!Self.snapshot.isCertificateTransparencyLogListCurrent(at: date + staleness))
        #expect(Self.snapshot.isCertificateTransparencyLogListCurrent(at: date - staleness + 1))
        #expect(!Self.snapshot.isCertificateTransparencyLogListCurrent(at: date - staleness))
        #expect(!Self.snapshot.isCertificateTransparencyLogListCurrent(at: .min) && !Self.snapshot.isCertificateTransparencyLogListCurrent(at: .max))
    }
}
