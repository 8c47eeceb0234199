import Foundation

/// Reads the CAVS `.rsp` files of FIPS 186 ECDSA (SigVer, PKV): `[P-256,SHA-384]` section headers
/// and `Name = value` lines, a record ending at its `Result` line.
struct ECDSAFIPSVectors {
    /// One record with the section it sits in.
    struct Record {
        /// The header's parts, e.g. `["P-256", "SHA-384"]` or `["P-256"]`.
        let section: [String]
        /// The record's fields (`Msg`, `Qx`, `Qy`, `R`, `S`, `Result`), values trimmed.
        let fields: [String: String]
        /// Whether `Result` starts with `P` (pass).
        var passes: Bool { fields["Result"]?.hasPrefix("P") ?? false }
    }

    let records: [Record]

    /// Parses the file at `path`; `nil` when it cannot be read.
    init?(path: String) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var records: [Record] = []
        var section: [String] = []
        var fields: [String: String] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                section = line.dropFirst().dropLast().split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                fields = [:]
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            fields[name] = value
            if name == "Result" {
                records.append(Record(section: section, fields: fields))
                fields = [:]
            }
        }
        self.records = records
    }

    /// Big-endian bytes of a hex number from a `.rsp` file (odd lengths allowed), left-padded
    /// with zeros to `length`; `nil` when it needs more than `length` bytes.
    static func bytes(_ hex: String, length: Int) -> [UInt8]? {
        let even = hex.count % 2 == 1 ? "0" + hex : hex
        guard var bytes = CryptoTestData.hex(even) else { return nil }
        while bytes.count > length, bytes.first == 0 { bytes.removeFirst() }
        guard bytes.count <= length else { return nil }
        return [UInt8](repeating: 0, count: length - bytes.count) + bytes
    }
}
