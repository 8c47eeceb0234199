import Foundation
import Testing
import VouchHTTP
import VouchNIO

/// The latency of one small fetch on loopback: VouchHTTP's own client (a new connection each
/// time, `Connection: close`) against ``AsyncHTTPClientTransport`` with and without connection
/// reuse. Not a test: it runs only when `VOUCH_FETCH_BENCHMARK=N` is set, N fetches each (in
/// alternating blocks of 25, after 20 warm-up fetches each), and prints the figures.
///
///     VOUCH_FETCH_BENCHMARK=200 swift test -c release --skip-build --filter FetchLatencyBenchmark
@Suite("fetch latency (VOUCH_FETCH_BENCHMARK=N)", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["VOUCH_FETCH_BENCHMARK"] != nil))
struct FetchLatencyBenchmark {
    @Test("VouchHTTP.HTTPClient vs AsyncHTTPClientTransport, small body, 127.0.0.1")
    func latency() async throws {
        let count = Int(ProcessInfo.processInfo.environment["VOUCH_FETCH_BENCHMARK"] ?? "") ?? 200
        let body = [UInt8](repeating: 0x30, count: 600)  // about a P-256 certificate's DER
        let server = try await FetchTestServer(routes: ["/ca.der": .init(body: body)])
        let request = VouchHTTP.HTTPRequest(url: try HTTPURL("http://ca.fetch.test:\(server.port)/ca.der"))
        let policy = AddressPolicy(allowsLoopback: true)
        let resolver = AsyncHTTPClientTransportTests.resolver
        let vouch = VouchHTTP.HTTPClient(addressPolicy: policy, resolver: resolver)
        let pooled = AsyncHTTPClientTransport(addressPolicy: policy, resolver: resolver)
        let closing = AsyncHTTPClientTransport(addressPolicy: policy, resolver: resolver, reusesConnections: false)
        let transports: [(String, any HTTPTransport)] = [
            ("VouchHTTP.HTTPClient (new connection each)", vouch),
            ("AsyncHTTPClientTransport, reusesConnections", pooled),
            ("AsyncHTTPClientTransport, Connection: close", closing),
        ]
        var samples = Array(repeating: [Double](), count: transports.count)
        var failures = 0
        for transport in transports {
            for _ in 0..<20 { if case .failure = transport.1.fetch(request, timeout: .seconds(3)) { failures += 1 } }
        }
        var done = 0
        while done < count {
            let block = min(25, count - done)
            for (index, transport) in transports.enumerated() {
                for _ in 0..<block {
                    let started = ContinuousClock.now
                    let result = transport.1.fetch(request, timeout: .seconds(3))
                    let elapsed = ContinuousClock.now - started
                    if case .success(let response) = result, response.body.count == body.count {
                        samples[index].append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
                    } else {
                        failures += 1
                    }
                }
            }
            done += block
        }
        try await pooled.shutdown()
        try await closing.shutdown()
        await server.stop()
        print("fetch latency, \(count) fetches each of a \(body.count)-byte body from 127.0.0.1 (by name, hosts file):")
        for (index, transport) in transports.enumerated() {
            let sorted = samples[index].sorted()
            guard !sorted.isEmpty else { continue }
            let median = sorted[sorted.count / 2], p90 = sorted[sorted.count * 9 / 10]
            let mean = sorted.reduce(0, +) / Double(sorted.count)
            let figures = String(format: "median %.3f ms, p90 %.3f ms, mean %.3f ms, min %.3f ms", median, p90, mean, sorted[0])
            print("  \(transport.0): \(figures)")
        }
        #expect(failures == 0)
    }
}
