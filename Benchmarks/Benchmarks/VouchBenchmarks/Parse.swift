import Benchmark
import VouchX509
import X509

/// Parsing: the whole system bundle (one iteration parses every certificate in it) and one real
/// TLS leaf. Both libraries decode every field and keep extensions as raw values until asked.
func parseBenchmarks() {
    let bundle = Fixtures.systemBundle
    if !bundle.isEmpty {
        for der in bundle {
            guard (try? VouchX509.Certificate(derEncoded: der)) != nil else { fatalError("Vouch does not parse a bundle certificate") }
        }
        // swift-certificates rejects a few roots Vouch (and Apple) accept: both parse the ones
        // swift-certificates accepts, so that both do the same work.
        let common = bundle.filter { (try? X509.Certificate(derEncoded: $0)) != nil }
        if common.count != bundle.count {
            print("note: swift-certificates rejects \(bundle.count - common.count) of the \(bundle.count) bundle certificates; both parse the other \(common.count)")
        }
        let name = "parse system bundle, \(common.count) certificates"
        Benchmark("\(name) [Vouch]") { benchmark in
            for der in common { blackHole(try? VouchX509.Certificate(derEncoded: der)) }
        }
        Benchmark("\(name) [swift-certificates]") { benchmark in
            for der in common { blackHole(try? X509.Certificate(derEncoded: der)) }
        }
    }

    let leaf = Fixtures.realLeaf
    guard (try? VouchX509.Certificate(derEncoded: leaf)) != nil, (try? X509.Certificate(derEncoded: leaf)) != nil else {
        fatalError("the cryptography.io leaf does not parse")
    }
    Benchmark("parse TLS leaf cryptography.io [Vouch]", configuration: fastConfiguration()) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? VouchX509.Certificate(derEncoded: leaf)) }
    }
    Benchmark("parse TLS leaf cryptography.io [swift-certificates]", configuration: fastConfiguration()) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? X509.Certificate(derEncoded: leaf)) }
    }
    let exampleLeaf = Fixtures.exampleLeaf
    Benchmark("parse P-256 leaf example.com [Vouch]", configuration: fastConfiguration()) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? VouchX509.Certificate(derEncoded: exampleLeaf)) }
    }
    Benchmark("parse P-256 leaf example.com [swift-certificates]", configuration: fastConfiguration()) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? X509.Certificate(derEncoded: exampleLeaf)) }
    }
}
