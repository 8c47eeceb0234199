// The worst cost of one evaluation (issue 38 item 3): times every case that
// `scripts/make-worst-cost.py` wrote, each as a peer's bytes would be paid for: PEM parsed, the
// stapled OCSP response parsed, the SCTs set, the evaluation run. CPU time of this thread, so
// that other work on a shared machine does not count; the first run of each case (which loads
// Apple's store and the like once per process) is left out of the figures and shown apart.
//
//     swift run -c release --package-path Benchmarks WorstCost DIR [--runs N] [--only CASE]
import Foundation
import VouchDER
import VouchTrust
import VouchX509

struct Case {
    let name: String
    let description: String
    let chain: [UInt8]
    let anchors: [UInt8]
    let ocsp: [UInt8]?
    let scts: [[UInt8]]
    let log: [UInt8]?
    let host: String?
    let at: Int64
    let certificates: Int
    let certificateBytes: Int
}

func readCase(_ folder: URL) throws -> Case {
    func bytes(_ file: String) -> [UInt8]? { (try? Data(contentsOf: folder.appendingPathComponent(file))).map { Array($0) } }
    let meta = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("case.json"))) as? [String: Any] ?? [:]
    var scts: [[UInt8]] = []
    if let list = bytes("scts.bin") {
        var index = 0
        while index + 2 <= list.count {
            let length = Int(list[index]) << 8 | Int(list[index + 1])
            scts.append(Array(list[(index + 2)..<min(list.count, index + 2 + length)]))
            index += 2 + length
        }
    }
    return Case(
        name: folder.lastPathComponent, description: meta["description"] as? String ?? "",
        chain: bytes("chain.pem") ?? [], anchors: bytes("anchors.pem") ?? [], ocsp: bytes("ocsp.der"), scts: scts,
        log: bytes("log.der"), host: meta["host"] as? String, at: (meta["at"] as? NSNumber)?.int64Value ?? 0,
        certificates: meta["certificates"] as? Int ?? 0, certificateBytes: meta["certificate_bytes"] as? Int ?? 0)
}

/// One evaluation of `item`, from its bytes.
func evaluate(_ item: Case) -> TrustEvaluation? {
    guard let chain = try? PEM.certificates(in: item.chain[...]).map({ try Certificate(derEncoded: $0) }),
        let anchors = try? PEM.certificates(in: item.anchors[...]).map({ try Certificate(derEncoded: $0) }),
        var trust = try? Trust(certificates: chain, policies: [item.host.map { .ssl(server: true, hostname: $0) } ?? .basicX509])
    else { return nil }
    trust.setAnchorCertificates(anchors)
    let date = DERTime(secondsSince1970: item.at)
    trust.setVerifyDate(date)
    trust.setCurrentTime(date)
    if let ocsp = item.ocsp { trust.setOCSPResponses([ocsp]) }
    if !item.scts.isEmpty { trust.setSignedCertificateTimestamps(item.scts) }
    if let log = item.log, let entry = CertificateTransparencyLog(key: log) {
        trust.setTrustedLogs(CertificateTransparencyLogList(logs: [entry]))
    }
    return trust.evaluate()
}

func threadSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: WorstCost DIR [--runs N] [--only CASE]")
    exit(2)
}
let runs = max(1, arguments.firstIndex(of: "--runs").flatMap { Int(arguments[min($0 + 1, arguments.count - 1)]) } ?? 21)
let only = arguments.firstIndex(of: "--only").map { arguments[min($0 + 1, arguments.count - 1)] }
let root = URL(fileURLWithPath: arguments[1])
let folders = ((try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? [])
    .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("case.json").path) }
    .filter { only == nil || $0.lastPathComponent == only }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
print("| case | input | result | first run | min | median | max (\(runs) runs, ms of CPU) |")
print("|---|---|---|---:|---:|---:|---:|")
var worst = (name: "", median: 0.0)
for folder in folders {
    guard let item = try? readCase(folder) else { continue }
    var start = threadSeconds()
    let evaluation = evaluate(item)
    let first = (threadSeconds() - start) * 1000
    var times: [Double] = []
    for _ in 0..<runs {
        start = threadSeconds()
        _ = evaluate(item)
        times.append((threadSeconds() - start) * 1000)
    }
    times.sort()
    let median = times[times.count / 2]
    if median > worst.median { worst = (item.name, median) }
    let result = evaluation.map { evaluation in
        let failures = evaluation.failures.prefix(3).map { "\($0.check.rawValue)@\($0.index)" }.joined(separator: ", ")
        return "\(evaluation.result) \(failures)"
    } ?? "input refused"
    let input = "\(item.certificates) certificates (\(item.certificateBytes) B)"
        + (item.ocsp.map { ", OCSP \($0.count) B" } ?? "") + (item.scts.isEmpty ? "" : ", \(item.scts.count) SCTs")
    print(String(format: "| `%@` | %@ | %@ | %.2f | %.2f | %.2f | %.2f |",
        item.name, input, result, first, times.first ?? 0, median, times.last ?? 0))
}
print("\nworst median: \(worst.name), \(String(format: "%.2f", worst.median)) ms")
