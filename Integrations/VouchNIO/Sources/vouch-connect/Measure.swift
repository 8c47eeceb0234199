import Foundation
import ArgumentParser
import NIOCore
import NIOPosix
import NIOSSL
import VouchJSON
import VouchNIO
import VouchX509

extension VouchConnect {
    /// `--repeat N [--verification vouch|nio-ssl]` (hidden): N sequential handshakes, each on a new
    /// connection, after one warm-up; prints the mean handshake time and, with Vouch, the mean
    /// decision time. NIO SSL's verification uses --anchors as its trust roots and checks the name.
    func measure(host: String, port: Int, name: String, verifier: VouchVerifier, anchors: [Certificate],
                 group: MultiThreadedEventLoopGroup) throws {
        var configuration: TLSConfiguration
        var chosen: VouchVerifier? = verifier
        if verification == .nioSSL {
            configuration = TLSConfiguration.makeClientConfiguration()
            if !anchors.isEmpty {
                let roots = try anchors.map { try NIOSSLCertificate(bytes: Array($0.derEncoded), format: .der) }
                configuration.trustRoots = .certificates(roots)
            }
            chosen = nil
        } else {
            configuration = VouchVerifier.tlsConfiguration()
        }
        var handshakeTotal: UInt64 = 0, decisionTotal: UInt64 = 0, failed = 0
        for round in 0...`repeat` {
            let outcome = try TLSProbe.handshake(host: host, port: port, serverName: name, verifier: chosen,
                                                 configuration: configuration, group: group).wait()
            if round == 0 { continue }  // warm-up: system store, first context, caches
            if !outcome.isHandshakeCompleted { failed += 1 }
            handshakeTotal &+= outcome.elapsedNanoseconds
            decisionTotal &+= outcome.decision?.elapsedNanoseconds ?? 0
        }
        let handshakeMean = Double(handshakeTotal) / Double(`repeat`) / 1e6
        let decisionMean = Double(decisionTotal) / Double(`repeat`) / 1e6
        if json {
            print(JSONValue.object([
                ("verification", .string(verification.rawValue)), ("handshakes", .int(Int64(`repeat`))),
                ("failed", .int(Int64(failed))), ("handshake_mean_ms", .double(handshakeMean)),
                ("decision_mean_ms", chosen == nil ? .null : .double(decisionMean)),
            ]).serialized)
        } else {
            let decision = chosen == nil ? "" : String(format: ", Vouch decision %.3f ms", decisionMean)
            print("\(verification.rawValue): \(`repeat`) handshakes, \(failed) failed, mean \(String(format: "%.3f", handshakeMean)) ms\(decision)")
        }
        if failed > 0 { throw ExitCode(3) }
    }
}
