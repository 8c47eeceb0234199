import FuzzSupport
import VouchDER

#if canImport(Glibc)
import Glibc
#endif

/// Differential fuzzing: each input is parsed by Vouch and by swift-certificates 1.21.1, and the
/// answers compared (accept or reject; for inputs both accept, the fields in `Comparison.swift`).
/// A divergence that no row of `IntendedDifferences.swift` explains is printed as
/// `vouch-fuzz: divergence: …` and the process aborts, so libFuzzer keeps the input as a crash.
/// With `VOUCH_FUZZ_DIVERGENCES=DIR` (triage) it goes on instead: the first input of each kind
/// of divergence is printed and written to DIR/divergence-N.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size) { bytes in
        let input = firstElement(of: bytes)
        guard let divergence = Differential.compare(input) else { return }
        if let row = IntendedDifference.explaining(divergence) {
            Statistics.count(row)
            return
        }
        if let folder = getenv("VOUCH_FUZZ_DIVERGENCES").map({ String(cString: $0) }) {
            Triage.keep(divergence, in: folder)
            return
        }
        report("vouch-fuzz: divergence: \(divergence)\n")
        abort()
    }
}

/// Triage: one input per kind of divergence, so that one run shows every kind it meets.
enum Triage {
    nonisolated(unsafe) static var kinds: Set<String> = []

    static func keep(_ divergence: Divergence, in folder: String) {
        let kind: String
        switch divergence.kind {
        // Reasons, not `\(error.kind)`: printing a type by reflection caches its name in the
        // runtime, which LeakSanitizer reports as a leak.
        case .vouchRejects(let error): kind = "Vouch rejects: " + (error.description.split(separator: ":", maxSplits: 1).last.map(String.init) ?? "")
        case .otherRejects(let part, _): kind = "swift-certificates rejects: \(part.map { "\($0)" } ?? "no part alone")"
        case .field(let field, _, _): kind = "field \(field.rawValue)"
        }
        guard kinds.insert(kind).inserted else { return }
        let path = "\(folder)/divergence-\(kinds.count)"
        if let file = fopen(path, "wb") {
            _ = divergence.bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
        }
        report("vouch-fuzz: triage \(path): \(divergence)\n")
    }
}

/// The input up to the end of its first DER element when its header reads (row `trailing-bytes`:
/// Vouch, like Apple's `SecCertificateCreateWithData`, ignores bytes after the certificate;
/// swift-certificates rejects them), else the whole input.
func firstElement(of bytes: [UInt8]) -> [UInt8] {
    var reader = DERReader(bytes)
    guard let element = try? reader.readElement() else { return bytes }
    return Array(element.encoded)
}

func report(_ text: String) {
    let octets = Array(text.utf8)
    _ = octets.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// How often each intended difference was seen, printed every `interval` inputs that diverged
/// (`vouch-fuzz: intended …`), so a run's log tells which rows it exercised.
enum Statistics {
    nonisolated(unsafe) static var seen: [String: Int] = [:]
    nonisolated(unsafe) static var total = 0
    static let interval = 100_000

    static func count(_ row: IntendedDifference) {
        seen[row.id, default: 0] += 1
        total += 1
        guard total % interval == 0 else { return }
        let counts = seen.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        report("vouch-fuzz: intended \(total): \(counts)\n")
    }
}
