import Testing

/// `vouch speed`'s real chains (issue 39): each operation checks, before it is timed, that its
/// chain is trusted (else it fails naming the operation), so one untimed run of each proves
/// that the embedded certificates, anchors, hostnames and dates still make trusted chains.
@Suite("speed")
struct SpeedCommandTests {
    static let realChains = ["le_rsa", "le_ecdsa", "digicert_rsa", "gts"]

    @Test("every real chain is trusted cold, warm and against the system store", arguments: realChains)
    func realChain(_ name: String) throws {
        let operations = ["chain_\(name)", "chain_\(name)_warm", "chain_\(name)_system"]
        let run = try VouchProcess.run(["speed"] + operations + ["--exactly", "1"])
        #expect(run.status == 0, "\(operations): \(run.standardError)")
        #expect(run.standardError.isEmpty)
    }
}
