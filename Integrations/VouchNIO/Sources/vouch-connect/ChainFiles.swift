import Foundation

/// `--save-chain DIR`: the certificates as the server sent them, one DER file each.
enum ChainFiles {
    /// Writes `certificates` to `directory` (created if missing) as chain-0.der, chain-1.der…;
    /// returns the paths written.
    static func save(_ certificates: [[UInt8]], to directory: String) throws(InputError) -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var paths: [String] = []
            for (index, der) in certificates.enumerated() {
                let path = (directory as NSString).appendingPathComponent("chain-\(index).der")
                try Data(der).write(to: URL(fileURLWithPath: path))
                paths.append(path)
            }
            return paths
        } catch {
            throw InputError(line: "\(directory): cannot write the chain: \((error as NSError).localizedDescription)")
        }
    }
}

/// Prints `line` to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
