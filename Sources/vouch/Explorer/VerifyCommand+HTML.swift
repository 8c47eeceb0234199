import VouchTrust
import VouchX509

extension VerifyCommand {
    /// `--html`: evaluates with the trace and prints the explorer page; exit 1 when not trusted.
    func printPage(_ trust: inout Trust, policy: TrustPolicy) throws {
        let (evaluation, events) = trust.evaluateExplaining()
        let loaded = (try? CertificateLoader.load(chain)) ?? []
        var documents: [ExplorerDocument] = evaluation.chain.enumerated().map { index, certificate in
            let isAnchor = evaluation.isAnchored && index == evaluation.chain.count - 1
            let origin = loaded.first { $0.certificate == certificate }?.location ?? (isAnchor ? "trusted anchor" : "found while building")
            return ExplorerDocument(location: "chain[\(index)] from \(origin)", der: certificate.derEncoded)
        }
        for entry in loaded where !evaluation.chain.contains(entry.certificate) {
            guard documents.count < ExplorerLimits.maximumDocuments else { break }
            documents.append(ExplorerDocument(location: "\(entry.location), not in the built chain", der: entry.certificate.derEncoded))
        }
        let rows = ExplorerTrust.rows(policy: policy, profile: trustOptions.profile,
                                      revocation: !crl.isEmpty, responseRequired: requireRevocationResponse)
        let trustData = ExplorerTrust.json(evaluation, events: events, rows: rows, policy: policyText)
        print(ExplorerPage.render(
            title: "vouch verify " + chain.joined(separator: " "),
            subtitle: "SecTrust's verdict, every check on every certificate of the built chain, how the path was built, and the bytes of each certificate.",
            documents: documents, omitted: 0, trust: trustData, problems: []), terminator: "")
        if !evaluation.isTrusted { throw ExitStatus.notTrusted }
    }

    /// `--html` on input that cannot be evaluated: the page of the files, with the reason on top.
    func printUnevaluatedPage(_ error: InputError) throws {
        let (documents, omitted, problems) = ExplorerInput.documents(chain)
        print(ExplorerPage.render(
            title: "vouch verify " + chain.joined(separator: " "),
            subtitle: "Not evaluated: the input has a problem, shown below with its offset.",
            documents: documents, omitted: omitted, trust: nil, problems: ["not evaluated: " + error.line] + problems),
              terminator: "")
    }

    /// The policy as the page names it: `ssl-server, host example.com, profile apple`.
    private var policyText: String {
        policyArguments.policy.rawValue + (policyArguments.host.map { ", host " + $0 } ?? "") + ", profile " + trustOptions.profile.description
    }
}
