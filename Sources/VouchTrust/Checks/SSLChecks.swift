import VouchDER
import VouchX509

/// The checks `SecPolicyCreateSSL` adds (SECTRUST.md §4.4): hostname and EKU for both sides; key
/// sizes, the SHA-1 ban and the validity-period maximums for servers only.
enum SSLChecks {
    /// EKUs that satisfy the server EKU rule: anyExtendedKeyUsage, serverAuth, and the two SGCs.
    static let serverPurposes: [OID] = [.anyExtendedKeyUsage, .serverAuth, .microsoftServerGatedCrypto, .netscapeServerGatedCrypto]

    /// How many of `hostnames` the leaf does not match (one SSLHostname failure each).
    static func hostnameMismatches(_ leaf: CertificateFacts, hostnames: some Collection<String>, profile: ValidationProfile) -> Int {
        guard !hostnames.isEmpty else { return 0 }
        // The strict profile's wildcards stop at the list's private suffixes too (*.s3.amazonaws.com).
        let suffixes = profile.usesPrivatePublicSuffixes ? PublicSuffixList.current.includingPrivateDomains : PublicSuffixList.current
        return hostnames.count {
            !HostnameMatching.matches($0, subjectAlternativeNames: leaf.subjectAlternativeNames, publicSuffixes: suffixes)
        }
    }

    static func run(_ context: PathContext, into failures: inout [TrustFailure]) {
        let path = context.facts
        let leaf = path[0]
        let mismatches = context.hostnameMismatches ?? hostnameMismatches(leaf, hostnames: context.hostnames, profile: context.profile)
        for _ in 0..<mismatches {
            failures.append(TrustFailure(index: 0, check: .sslHostname))
        }
        if context.hasSSLClient, let usage = leaf.extendedKeyUsage,
            !usage.contains(.anyExtendedKeyUsage) && !usage.contains(.clientAuth)
        {
            failures.append(TrustFailure(index: 0, check: .extendedKeyUsage))
        }
        guard context.hasSSLServer else { return }
        if let usage = leaf.extendedKeyUsage, !serverPurposes.contains(where: usage.contains) {
            failures.append(TrustFailure(index: 0, check: .extendedKeyUsage))
        }
        for index in path.indices.dropFirst() where index < context.topIndex {
            if let usage = path[index].extendedKeyUsage, !usage.purposes.isEmpty, !serverPurposes.contains(where: usage.contains) {
                failures.append(TrustFailure(index: index, check: .extendedKeyUsage))
            }
        }
        if failsServerAuthEKU(context) { failures.append(TrustFailure(index: 0, check: .serverAuthEKU)) }
        keySizeAndHashFailures(context, keySize: true, hash: true, into: &failures)
        let leafUserAnchored = context.isLeafUserAnchored
        // SystemTrustValidityPeriod has no user-anchor exemption in Apple's code
        // (SecPolicyCheckSystemTrustValidityPeriod, and SecPolicyCheckValidityPeriodMaximums
        // checks system trust before its exemption): only the other-trust maximum is skipped.
        if context.isSystemRooted && failsSystemTrustValidityPeriod(leaf) {
            failures.append(TrustFailure(index: 0, check: .systemTrustValidityPeriod))
        }
        guard !leafUserAnchored else { return }
        let period = leaf.notAfter - leaf.notBefore
        if leaf.notBefore >= AppleDates.iOS13Rules && period > AppleDates.maximum825DayPeriod {
            failures.append(TrustFailure(index: 0, check: .otherTrustValidityPeriod))
        }
    }

    /// Apple's StrongKeySize (`KeySize` {RSA 2048, EC 256}, no EdDSA) when `keySize`, and
    /// NoWeakHash (`SignatureHashAlgorithms` without MD2/MD4/MD5/SHA-1, self-signed certificates
    /// excepted) when `hash`. A leaf the user or admin settings anchor is spared the key sizes;
    /// a user-anchored top of an anchored path its hash (SECTRUST.md §15.3.7).
    static func keySizeAndHashFailures(_ context: PathContext, keySize: Bool, hash: Bool, into failures: inout [TrustFailure]) {
        let path = context.facts
        let leafUserAnchored = context.isLeafUserAnchored
        let topHashExempt = context.isAnchored && context.isTopUserAnchored
        for index in path.indices {
            let certificate = path[index]
            if keySize && !leafUserAnchored && certificate.failsSSLKeyMinimum {
                failures.append(TrustFailure(index: index, check: .keySize))
            }
            if hash && !context.isSelfSigned[index] && (certificate.usesMDHash || certificate.usesSHA1)
                && !(topHashExempt && index == context.topIndex)
            {
                failures.append(TrustFailure(index: index, check: .signatureHashAlgorithms))
            }
        }
    }

    /// Whether the answer for `path` depends on its root being a system root: whether a rule kept
    /// for system-rooted chains (the validity maximums, the strict serverAuth EKU) fails it. Only
    /// then must the path builder find out, which under exclusive anchors means reading the store.
    static func dependsOnSystemRoot(_ path: [CertificateFacts], policies: [TrustPolicy]) -> Bool {
        guard policies.contains(where: \.isSSLServer), let leaf = path.first else { return false }
        return failsSystemTrustValidityPeriod(leaf) || failsSystemServerAuthEKU(path, topIndex: path.count - 1)
    }

    /// SystemTrustValidityPeriod's maximums (Apple's `check_system_trust_ssl_validity_maximums`):
    /// 825 days and an hour for a leaf issued from 2018-03-01, 398 days from 2020-09-01.
    static func failsSystemTrustValidityPeriod(_ leaf: CertificateFacts) -> Bool {
        let notBefore = leaf.notBefore
        let period = leaf.notAfter - notBefore
        return (notBefore >= AppleDates.systemTrust825Days && period > AppleDates.maximum825DayPeriod)
            || (notBefore >= AppleDates.systemTrust398Days && period > AppleDates.maximum398DayPeriod)
    }

    /// The system-rooted ServerAuthEKU rule: serverAuth itself in the leaf, and serverAuth or
    /// anyEKU in every intermediate (below `topIndex`) that has a non-empty EKU.
    static func failsSystemServerAuthEKU(_ path: [CertificateFacts], topIndex: Int) -> Bool {
        if path[0].extendedKeyUsage?.contains(.serverAuth) != true { return true }
        return path.indices.dropFirst().contains { index in
            index < topIndex
                && path[index].extendedKeyUsage.map {
                    !$0.purposes.isEmpty && !$0.contains(.serverAuth) && !$0.contains(.anyExtendedKeyUsage)
                } == true
        }
    }

    /// ServerAuthEKU: system-rooted chains need serverAuth itself in the leaf and serverAuth or
    /// anyEKU in every intermediate that has an EKU; other chains need serverAuth in a leaf issued
    /// after 2019-06-30T23:00:00Z (strictly after).
    static func failsServerAuthEKU(_ context: PathContext) -> Bool {
        if context.isSystemRooted { return failsSystemServerAuthEKU(context.facts, topIndex: context.topIndex) }
        // A root the user or admin settings anchor is spared the date-gated rule (§15.3.7).
        if context.isTopUserAnchored { return false }
        guard context.facts[0].notBefore > AppleDates.iOS13Rules else { return false }
        return context.facts[0].extendedKeyUsage?.contains(.serverAuth) != true
    }
}
