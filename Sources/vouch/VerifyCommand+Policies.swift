import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// `verify`'s policy flags (docs/CLI.md; SECTRUST.md §18): which SecPolicy, its arguments, the
/// pins and options set on it from outside.
extension VerifyCommand {
    enum Policy: String, CaseIterable {
        case basic, sslServer = "ssl-server", sslClient = "ssl-client", smime, codeSigning = "code-signing", timestamping, eap
        case eapClient = "eap-client", ipsec, ocspSigner = "ocsp-signer", appStoreReceipt = "app-store-receipt"
        case applePayIssuerEncryption = "apple-pay-issuer-encryption", applePayToken = "apple-pay-token", passbook
        case appleID = "apple-id"

        /// The names, for messages and help.
        static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
    }

    /// What the policy flags say, read and checked before anything is loaded.
    struct PolicyArguments {
        var policy: Policy = .sslServer
        var host: String?
        var email: String?
        var keyUsage: Set<KeyUsage.Usage>?
        var names: [String] = []
        var teamID: String?
        /// `--sha256-pin leaf:…`, `nil` when none was given (an empty `leaf:` gives `[]`).
        var leafPins: [[UInt8]]?
        var caPins: [[UInt8]]?
        var pinningRequired = false
        var ctRequired = false
        var nonTLSCTRequired = false

        init(_ arguments: ParsedArguments) throws(UsageError) {
            // A JWS is what App Store signed data is: its chain is judged as a receipt's by default.
            let defaultPolicy: Policy = arguments.value("jws") != nil ? .appStoreReceipt : .sslServer
            policy = try arguments.value("policy", expected: Policy.names, Policy.init(rawValue:)) ?? defaultPolicy
            host = arguments.value("host")
            email = arguments.value("email")
            names = arguments.values("name")
            teamID = arguments.value("team-id")
            if let text = arguments.value("key-usage") {
                var usages: Set<KeyUsage.Usage> = []
                for name in text.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let usage = KeyUsage.Usage.allCases.first(where: { $0.name == name }) else {
                        throw UsageError("--key-usage: unknown usage '\(name)' (expected \(KeyUsage.Usage.allCases.map(\.name).joined(separator: ", ")))")
                    }
                    usages.insert(usage)
                }
                keyUsage = usages
            }
            for text in arguments.values("sha256-pin") {
                let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0] == "leaf" || parts[0] == "ca" else {
                    throw UsageError("--sha256-pin: expected leaf:PIN or ca:PIN, got '\(text)'")
                }
                var pins: [[UInt8]] = []
                if !parts[1].isEmpty {
                    guard let digest = Base64.decode(String(parts[1])), digest.count == 32 else {
                        throw UsageError("--sha256-pin: '\(parts[1])' is not the base64 of a 32-byte SHA-256 (as 'vouch pin' prints it, without sha256/)")
                    }
                    pins = [digest]
                }
                if parts[0] == "leaf" { leafPins = (leafPins ?? []) + pins } else { caPins = (caPins ?? []) + pins }
            }
            for text in arguments.values("policy-option") {
                let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value: Bool
                switch parts.count == 2 ? String(parts[1]) : "true" {
                case "true": value = true
                case "false": value = false
                case let other: throw UsageError("--policy-option \(parts[0]): expected true or false, got '\(other)'")
                }
                switch parts[0] {
                case "PinningRequired": pinningRequired = value
                case "CTRequired": ctRequired = value
                case "NonTlsCTRequired": nonTLSCTRequired = value
                default:
                    throw UsageError("--policy-option: unknown option '\(parts[0])' (expected PinningRequired, CTRequired, NonTlsCTRequired)")
                }
            }
            try check()
        }

        /// Refuses an argument the policy does not take, and a Passbook policy without its two.
        func check() throws(UsageError) {
            func refuse(_ flag: String, unless allowed: [Policy]) throws(UsageError) {
                guard allowed.contains(policy) else {
                    throw UsageError("--\(flag) does not apply to --policy \(policy.rawValue) (it applies to \(allowed.map(\.rawValue).joined(separator: ", ")))")
                }
            }
            if email != nil { try refuse("email", unless: [.smime]) }
            if keyUsage != nil { try refuse("key-usage", unless: [.smime, .sslServer, .sslClient]) }
            if !names.isEmpty { try refuse("name", unless: [.eap, .eapClient, .passbook]) }
            if teamID != nil { try refuse("team-id", unless: [.passbook]) }
            // BasicX509 has always taken (and ignored) --host: scripts pass it.
            if host != nil { try refuse("host", unless: [.sslServer, .sslClient, .ipsec, .basic]) }
            if policy == .smime { _ = try smimeUsage() }
            if policy == .passbook && (names.count != 1 || teamID == nil) {
                throw UsageError("--policy passbook needs --name CARD-ISSUER (once) and --team-id ID, as SecPolicyCreatePassbookCardSigner does")
            }
        }

        /// The SecPolicy the flags make, with the pins and options set on it.
        func trustPolicy() throws(UsageError) -> TrustPolicy {
            var made: TrustPolicy
            switch policy {
            case .basic: made = .basicX509
            case .sslServer, .sslClient: made = .ssl(server: policy == .sslServer, hostname: host, keyUsage: keyUsage ?? [])
            case .smime: made = .smime(try smimeUsage(), email: email)
            case .codeSigning: made = .codeSigning
            case .timestamping: made = .timeStamping
            case .eap, .eapClient: made = .eap(server: policy == .eap, trustedServerNames: names.isEmpty ? nil : names)
            case .ipsec: made = .ipsec(server: true, hostname: host)
            case .ocspSigner: made = .ocspSigner
            case .appStoreReceipt: made = .macAppStoreReceipt
            case .applePayIssuerEncryption: made = .applePayIssuerEncryption
            case .applePayToken: made = .applePayPaymentToken
            case .passbook: made = .passbookSigning(cardIssuer: names.first ?? "", teamIdentifier: teamID ?? "")
            case .appleID: made = .appleIDValidation
            }
            if let leafPins { made.options.leafSPKISHA256 = leafPins }
            if let caPins { made.options.caSPKISHA256 = caPins }
            return made
        }

        /// `--key-usage` read as `SecPolicyCreateSMIME`'s usage: digitalSignature signs,
        /// keyEncipherment and dataEncipherment encrypt, keyAgreement exchanges keys; without it,
        /// signing and any encryption (`SecPolicyCreateWithProperties`'s choice).
        func smimeUsage() throws(UsageError) -> TrustPolicy.SMIMEUsage {
            guard let keyUsage else { return [.sign, .anyEncrypt] }
            var usage: TrustPolicy.SMIMEUsage = []
            for item in keyUsage {
                switch item {
                case .digitalSignature: usage.insert(.sign)
                case .keyEncipherment: usage.insert(.keyEncrypt)
                case .dataEncipherment: usage.insert(.dataEncrypt)
                case .keyAgreement: usage.insert(.keyExchangeBoth)
                default: throw UsageError("--key-usage \(item.name): not an S/MIME usage (digitalSignature, keyEncipherment, dataEncipherment, keyAgreement)")
                }
            }
            return usage
        }

        /// Sets the options that go on every policy (`--policy-option`).
        func applyOptions(to policies: inout [TrustPolicy]) {
            for index in policies.indices {
                if pinningRequired { policies[index].options.pinningRequired = true }
                if ctRequired { policies[index].options.ctRequired = true }
                if nonTLSCTRequired { policies[index].options.nonTlsCTRequired = true }
            }
        }
    }
}
