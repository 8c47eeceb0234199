import Testing
import VouchTrust
import VouchX509

/// One row of a hostname table: a SAN (or none), the hostname the client asked for, which public
/// suffix list is in force, and Apple's answer.
struct HostnameCase: Sendable, CustomTestStringConvertible {
    /// Which public suffix list the row uses.
    enum Suffixes: Sendable {
        /// ``InlineSuffixes`` (deterministic, always there).
        case inline
        /// No list: wildcards fail open, as Apple does without CFNetwork's test.
        case none
    }

    let note: String
    let san: [SANEntry]?
    var commonName = "Vouch hostname test"
    let hostname: String
    var suffixes = Suffixes.inline
    let matches: Bool

    var testDescription: String { "\(note): \(hostname.debugDescription) → \(matches ? "match" : "−67602")" }

    /// Runs the row through ``HostnameMatching``.
    func check() throws {
        let certificate = try TestCertificate.make(san: san, commonName: commonName)
        let inline = try #require(InlineSuffixes.list)
        let list: PublicSuffixList? = suffixes == .inline ? inline : nil
        #expect(HostnameMatching.matches(hostname, certificate: certificate, publicSuffixes: list) == matches)
    }
}
