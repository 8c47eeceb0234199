import Foundation
import VouchDER
import VouchX509

/// A problem with an input file: the one line the command prints before exiting with 2.
struct InputError: Error {
    let line: String
}

/// Reads certificate files as `vouch` does: a DER certificate, or every certificate PEM block.
enum CertificateFiles {
    /// The largest file read (a bound for a mistaken argument such as a disk image).
    static let maximumSize = 64 << 20

    static func load(_ paths: [String]) throws(InputError) -> [Certificate] {
        var certificates: [Certificate] = []
        for path in paths { certificates += try load(path) }
        return certificates
    }

    static func load(_ path: String) throws(InputError) -> [Certificate] {
        let bytes: [UInt8]
        do {
            let url = URL(fileURLWithPath: path)
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            guard size <= maximumSize else { throw InputError(line: "\(path): larger than \(maximumSize >> 20) MiB") }
            bytes = Array(try Data(contentsOf: url))
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(line: "\(path): cannot read: \((error as NSError).localizedDescription)")
        }
        let documents: [DERDocument]
        do {
            documents = try DERDocument.documents(in: bytes[...])
        } catch {
            throw InputError(line: "\(path): PEM \(error)")
        }
        var certificates: [Certificate] = []
        for document in documents where document.label == nil || PEM.certificateLabels.contains(document.label ?? "") {
            do {
                certificates.append(try Certificate(derEncoded: document.der))
            } catch {
                let location = document.label == nil ? path : "\(path): PEM block \(document.index + 1)"
                throw InputError(line: "\(location): \(error)")
            }
        }
        guard !certificates.isEmpty else { throw InputError(line: "\(path): no certificate found") }
        return certificates
    }
}
