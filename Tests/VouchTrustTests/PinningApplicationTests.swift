import Testing
import VouchCrypto
import VouchDER
import VouchX509
@testable import VouchTrust

/// Apple's pinning database applied to evaluations as trustd's `SecPathBuilderAddPinningPolicies`
/// applies it (SECTRUST.md §17.5): the example chain (TestVectors/example: RSA root → P-256
/// intermediate "O=Vouch Example, C=US" → leaf for example.com and www.example.com) cannot end at
/// Apple's roots, so each test gives the evaluation its own database and "Apple" anchors
/// (``TrustRequest/pinningDatabase``).
@Suite struct PinningApplicationTests {
    static func certificate(_ name: String) throws -> Certificate {
        try Certificate(derEncoded: try #require(FileSystem.read("TestVectors/example/\(name).der")))
    }

    /// A pinning list of entries, each `(policyName, suffix, labelRegex, [rule dictionary body])`.
    static func database(_ entries: [(name: String, suffix: String, label: String, rules: [String])]) -> ApplePinningDatabase {
        let body = entries.map { entry in
            """
            <dict><key>policyName</key><string>\(entry.name)</string>
            <key>domains</key><array><dict><key>suffix</key><string>\(entry.suffix)</string>
            <key>labelRegex</key><string>\(entry.label)</string></dict></array>
            <key>rules</key><array>\(entry.rules.map { "<dict>\($0)</dict>" }.joined())</array></dict>
            """
        }.joined()
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><integer>1</integer>\(body)</array></plist>
            """
        return ApplePinningDatabase(propertyList: Array(text.utf8))
    }

    /// One rule for www.example.com (policy name "VouchPin").
    static func pinned(_ rules: String...) -> ApplePinningDatabase {
        database([("VouchPin", "example.com", "^www$", rules)])
    }

    /// Evaluates the example chain at 2026-06-01 under its root, with `database` and `appleAnchors`.
    static func evaluate(
        host: String = "www.example.com", policy: TrustPolicy? = nil, database: ApplePinningDatabase?,
        appleAnchors: [Certificate] = [], policyName: String? = nil
    ) throws -> TrustEvaluation {
        let leaf = try certificate("leaf"), intermediate = try certificate("intermediate"), root = try certificate("root")
        var request = TrustRequest(
            certificates: [leaf, intermediate], policies: [policy ?? .ssl(server: true, hostname: host)],
            systemStore: SystemTrustStore(certificates: []))
        request.anchors = [root]
        request.anchorsOnly = true
        request.pinningPolicyName = policyName
        if let database {
            request.pinningDatabase = database
            request.appleAnchors = appleAnchors
        }
        var events: [TrustEvent]? = nil
        return TrustEvaluator.evaluate(request, at: 1_780_272_000, events: &events)
    }

    static func failures(_ evaluation: TrustEvaluation) -> [String] { evaluation.failures.map(\.description) }

    static let anchorApple = "<key>AnchorApple</key><dict/>"
    static func chainLength(_ length: Int) -> String { "<key>ChainLength</key><integer>\(length)</integer>" }
    static func anchorSHA256(_ digest: [UInt8]) -> String {
        "<key>AnchorSHA256</key><array><data>\(Base64.encode(digest))</data></array>"
    }

    @Test("a host no rule matches is evaluated as before")
    func unmatchedHost() throws {
        let database = Self.pinned(Self.anchorApple)
        let evaluation = try Self.evaluate(host: "example.com", database: database)
        #expect(evaluation.isTrusted && evaluation.failures.isEmpty)
        #expect(PinningPolicySets.lookUp(policies: [.ssl(server: true, hostname: "example.com")], pinningPolicyName: nil, database: database) == nil)
        #expect(PinningPolicySets.lookUp(policies: [.basicX509], pinningPolicyName: "VouchPin", database: database) == nil)
    }

    @Test("AnchorApple: a chain to another root fails at 0 with errSecInvalidRoot; to an Apple anchor it passes")
    func anchorApple() throws {
        let failed = try Self.evaluate(database: Self.pinned(Self.anchorApple))
        #expect(!failed.isTrusted && failed.result == .recoverableTrustFailure)
        #expect(Self.failures(failed) == ["AnchorApple@0"])
        #expect(failed.status == .invalidRoot && failed.status.code == -67612)
        #expect(TrustCheck.anchorApple.subtype == .pinning && TrustCheck.anchorApple.resultClass == .recoverable)
        let passed = try Self.evaluate(database: Self.pinned(Self.anchorApple), appleAnchors: [try Self.certificate("root")])
        #expect(passed.isTrusted)
    }

    @Test("ChainLength: three certificates pass 3 and fail 2 (errSecPathLengthConstraintExceeded)")
    func chainLength() throws {
        #expect(try Self.evaluate(database: Self.pinned(Self.chainLength(3))).isTrusted)
        let failed = try Self.evaluate(database: Self.pinned(Self.chainLength(2)))
        #expect(Self.failures(failed) == ["ChainLength@0"] && failed.status == .pathLengthConstraintExceeded)
    }

    @Test("AnchorSHA256: the root's digest passes; another fails at the top with errSecInvalidRoot")
    func anchorSHA256() throws {
        let root = HashAlgorithm.sha256.digest(try Self.certificate("root").derEncoded)
        #expect(try Self.evaluate(database: Self.pinned(Self.anchorSHA256(root))).isTrusted)
        let other = HashAlgorithm.sha256.digest(try Self.certificate("intermediate").derEncoded)
        let failed = try Self.evaluate(database: Self.pinned(Self.anchorSHA256(other)))
        #expect(Self.failures(failed) == ["AnchorSHA256@2"] && failed.status == .invalidRoot)
    }

    @Test("marker OIDs: a leaf or intermediate without the marker fails at 0 with errSecMissingRequiredExtension")
    func markers() throws {
        let leaf = try Self.evaluate(database: Self.pinned("<key>CheckLeafMarkerOid</key><string>1.2.840.113635.100.6.27.11.2</string>"))
        #expect(Self.failures(leaf) == ["LeafMarkerOid@0"] && leaf.status == .missingRequiredExtension)
        let intermediate = try Self.evaluate(database: Self.pinned("<key>CheckIntermediateMarkerOid</key><string>1.2.840.113635.100.6.2.12</string>"))
        #expect(Self.failures(intermediate) == ["IntermediateMarkerOid@0"] && intermediate.status.code == -67880)
        let production = try Self.evaluate(database: Self.pinned(
            "<key>CheckLeafMarkersProdAndQA</key><dict><key>ProdMarker</key><string>1.2.3.4</string></dict>"))
        #expect(Self.failures(production) == ["LeafMarkersProdAndQA@0"])
    }

    @Test("organizations and country: the example intermediate is O=Vouch Example, C=US")
    func names() throws {
        let passing = "<key>CheckIntermediateOrganization</key><string>Vouch Example</string>"
            + "<key>CheckIntermediateCountry</key><string>US</string><key>SubjectOrganization</key><string>Vouch Example</string>"
        #expect(try Self.evaluate(database: Self.pinned(passing)).isTrusted)
        let failing = "<key>CheckIntermediateOrganization</key><string>Apple Inc.</string>"
            + "<key>CheckIntermediateCountry</key><string>GB</string><key>SubjectOrganization</key><string>Apple Inc.</string>"
        let failed = try Self.evaluate(database: Self.pinned(failing))
        #expect(Self.failures(failed) == ["SubjectOrganization@0", "IntermediateOrganization@1", "IntermediateCountry@1"])
        #expect(failed.status == .invalidSubjectName)
    }

    @Test("CertificatePolicy: no certificate of the example chain asserts EV; errSecInvalidPolicyIdentifiers")
    func certificatePolicy() throws {
        let failed = try Self.evaluate(database: Self.pinned("<key>CertificatePolicy</key><string>2.23.140.1.1</string>"))
        #expect(Self.failures(failed) == ["CertificatePolicy@0"] && failed.status == .invalidPolicyIdentifiers)
    }

    @Test("Revocation adds no failure without a response: the soft failure")
    func revocation() throws {
        #expect(try Self.evaluate(database: Self.pinned("<key>Revocation</key><string>AnyRevocationMethod</string>")).isTrusted)
    }

    @Test("the policy name is asked first (SecTrustSetPinningPolicyName); sslServer never matches by name")
    func policyName() throws {
        let database = Self.database([
            ("VouchPin", "elsewhere.test", "^nothing$", [Self.anchorApple]),
            ("sslServer", "elsewhere.test", "^nothing$", [Self.chainLength(2)]),
        ])
        #expect(try Self.evaluate(database: database).isTrusted, "the hostname matches no row")
        let named = try Self.evaluate(database: database, policyName: "VouchPin")
        #expect(Self.failures(named) == ["AnchorApple@0"])
        #expect(try Self.evaluate(database: database, policyName: "sslServer").isTrusted)
        #expect(database.rules(forPolicyName: "sslServer") == nil)
    }

    @Test("an SSL client policy is replaced by SSL server at its hostname; basic is never pinned")
    func replacedPolicy() throws {
        let sets = try #require(PinningPolicySets.lookUp(
            policies: [.ssl(server: false, hostname: "www.example.com")], pinningPolicyName: nil, database: Self.pinned(Self.anchorApple)))
        #expect(sets.sets.map(\.policies) == [[.ssl(server: true, hostname: "www.example.com")]])
        #expect(sets.policyName == "VouchPin")
        #expect(try Self.evaluate(policy: .basicX509, database: Self.pinned(Self.anchorApple)).isTrusted)
    }

    @Test("alternatives: a later rule that passes wins; when none passes the first rule's failures are reported")
    func alternatives() throws {
        let passes = try Self.evaluate(database: Self.pinned(Self.anchorApple, Self.chainLength(3)))
        #expect(passes.isTrusted && passes.failures.isEmpty)
        let fails = try Self.evaluate(database: Self.pinned(Self.chainLength(2), Self.anchorApple))
        #expect(Self.failures(fails) == ["ChainLength@0"])
    }

    @Test("the facade: setPinningPolicyName keeps the name and invalidates the result")
    func facade() throws {
        var trust = try Trust(
            certificates: [try Self.certificate("leaf")], policies: [.ssl(server: true, hostname: "example.com")],
            systemStore: SystemTrustStore(certificates: []))
        _ = trust.evaluate()
        #expect(trust.lastEvaluation != nil && trust.pinningPolicyName == nil)
        trust.setPinningPolicyName("VouchPin")
        #expect(trust.lastEvaluation == nil && trust.pinningPolicyName == "VouchPin")
    }

    @Test("under a store that is not Apple's the embedded database is not applied")
    func otherStores() throws {
        let evaluation = try Self.evaluate(host: "p01-content.icloud.com", database: nil)
        #expect(Self.failures(evaluation) == ["SSLHostname@0"])
    }

    /// Marker extensions on generated certificates (`SecCertificateHasMarkerExtension`).
    @Test("markers: NULL for an OID alone; strings, data and integers for a dictionary; any of an array")
    func markerForms() throws {
        let marker = try #require(OID(dotted: "1.2.840.113635.100.6.27.11.2"))
        let null = try EVTestCertificate.make(EVParts(otherExtensions: [(marker, [0x05, 0x00])]))
        let text = try EVTestCertificate.make(EVParts(otherExtensions: [(marker, [0x0C, 0x02, 0x6F, 0x6B])]))
        let number = try EVTestCertificate.make(EVParts(otherExtensions: [(marker, [0x02, 0x01, 0x07])]))
        let none = try EVTestCertificate.make(EVParts())
        let present = ApplePinningDatabase.MarkerRequirement.extensionPresent(oid: marker.dotted)
        #expect(PinningChecks.hasMarker(present, null))
        #expect(!PinningChecks.hasMarker(present, text) && !PinningChecks.hasMarker(present, none))
        #expect(PinningChecks.hasMarker(.extensionValues([marker.dotted: .string("ok")]), text))
        #expect(!PinningChecks.hasMarker(.extensionValues([marker.dotted: .string("OK")]), text))
        #expect(PinningChecks.hasMarker(.extensionValues([marker.dotted: .integer(7)]), number))
        #expect(PinningChecks.hasMarker(.extensionValues([marker.dotted: .string("7")]), number))
        #expect(PinningChecks.hasMarker(.encodedExtensionPresent(oid: Array(marker.bytes)), null))
        #expect(PinningChecks.hasMarker(.anyOf([.extensionPresent(oid: "1.2.3"), present]), null))
        // On a path: the leaf marker on the leaf, the intermediate marker on a middle certificate only.
        let leafFacts = CertificateFacts(null), middle = CertificateFacts(null), top = CertificateFacts(none)
        let context = PathContext(
            facts: [leafFacts, middle, top], isAnchored: true, isSystemRooted: false, isSelfSigned: [false, false, false],
            policies: [.ssl(server: true, hostname: "x.test")], verifyTime: 0)
        let rule = ApplePinningDatabase.Rule(options: [
            "CheckLeafMarkerOid": .string(marker.dotted), "CheckIntermediateMarkerOid": .string(marker.dotted),
        ])
        var failures: [TrustFailure] = []
        PinningChecks.run(context, rule: rule, isAppleAnchor: { _ in false }, into: &failures)
        #expect(failures.isEmpty)
        let onTopOnly = PathContext(
            facts: [CertificateFacts(none), CertificateFacts(none), CertificateFacts(null)], isAnchored: true,
            isSystemRooted: false, isSelfSigned: [false, false, false], policies: [], verifyTime: 0)
        PinningChecks.run(onTopOnly, rule: rule, isAppleAnchor: { _ in false }, into: &failures)
        #expect(failures.map(\.description) == ["LeafMarkerOid@0", "IntermediateMarkerOid@0"])
    }
}

/// The set lookup that spares a host the embedded list does not name from decoding the list.
@Suite struct PinningPrefilterTests {
    @Test("every policy name and suffix of the embedded list may match; example.com and a dotless name do not")
    func noFalseNegatives() throws {
        let database = ApplePinningDatabase.embedded
        #expect(ApplePinningDatabase.embeddedKeys != nil)
        for entry in database.entries {
            #expect(ApplePinningDatabase.embeddedMayMatch(policyName: entry.policyName, hostname: "localhost"), "\(entry.policyName)")
            for domain in entry.domains {
                #expect(ApplePinningDatabase.embeddedMayMatch(policyName: nil, hostname: "x." + domain.suffix + "."), "\(domain.suffix)")
            }
        }
        #expect(ApplePinningDatabase.embeddedMayMatch(policyName: "D&U", hostname: "localhost"))
        #expect(!ApplePinningDatabase.embeddedMayMatch(policyName: "sslServer", hostname: "www.example.com"))
        #expect(!ApplePinningDatabase.embeddedMayMatch(policyName: nil, hostname: "icloud"))
        #expect(ApplePinningDatabase.embeddedMayMatch(policyName: nil, hostname: "p01-content.icloud.com"))
    }

    @Test("the generated table of names and suffixes is exactly the decoded list's")
    func tableMatchesTheList() throws {
        let database = ApplePinningDatabase.embedded
        var names: Set<[UInt8]> = [], suffixes: Set<[UInt8]> = []
        for entry in database.entries {
            names.insert(Array(entry.policyName.utf8))
            for domain in entry.domains { suffixes.insert(Array(domain.suffix.utf8)) }
        }
        let keys = try #require(ApplePinningDatabase.embeddedKeys)
        #expect(keys.names.map { Array($0) } == names.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(keys.suffixes.map { Array($0) } == suffixes.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(ApplePinningDatabase.contains(keys.suffixes, Array("icloud.com".utf8)[...]))
        #expect(!ApplePinningDatabase.contains(keys.suffixes, Array("example.com".utf8)[...]))
        #expect(!ApplePinningDatabase.contains(keys.names, Array("icloud.com".utf8)[...]))
    }
}
