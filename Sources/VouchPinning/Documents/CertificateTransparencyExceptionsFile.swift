import VouchDER
import VouchJSON
import VouchTrust

/// CT exceptions as a file (`vouch verify --ct-exceptions FILE`; SECTRUST.md §18.3):
/// `{"domains": ["example.com", ".example.org"], "certificates": ["<base64 SHA-256 of an SPKI>"]}`,
/// either key optional. What `SecTrustStoreSetCTExceptions` takes, in the CLI's JSON, with
/// trustd's refusals: a top-level domain, and a digest that is not 32 bytes.
public enum CertificateTransparencyExceptionsFile {
    /// Reads the JSON document `bytes`.
    ///
    /// - Throws: ``TrustExceptionsFileError`` naming the offset of what is wrong.
    public static func read(_ bytes: [UInt8]) throws(TrustExceptionsFileError) -> CertificateTransparencyExceptions {
        let node: JSONNode
        do { node = try JSONReader.parse(bytes) } catch { throw TrustExceptionsFileError("\(error)") }
        guard case .object(let members) = node.value else {
            throw TrustExceptionsFileError("offset \(node.offset): expected an object with \"domains\" and \"certificates\"")
        }
        var exceptions = CertificateTransparencyExceptions()
        for member in members {
            guard member.name == "domains" || member.name == "certificates" else {
                throw TrustExceptionsFileError("offset \(member.node.offset): unknown key \(member.name) (expected domains, certificates)")
            }
            guard case .array(let elements) = member.node.value else {
                throw TrustExceptionsFileError("offset \(member.node.offset): \(member.name): expected an array")
            }
            for element in elements {
                guard case .string(let text) = element.value else {
                    throw TrustExceptionsFileError("offset \(element.offset): expected a string, found \(element.value.typeName)")
                }
                switch member.name {
                case "domains":
                    guard !CertificateTransparencyExceptions.isTopLevelDomain(text) else {
                        throw TrustExceptionsFileError("offset \(element.offset): \(text): a top-level domain, which trustd refuses")
                    }
                    exceptions.domains.append(text)
                case "certificates":
                    guard let digest = Base64.decode(text), digest.count == 32 else {
                        throw TrustExceptionsFileError("offset \(element.offset): not the base64 of a 32-byte SHA-256")
                    }
                    exceptions.keys.append(digest)
                default:
                    break
                }
            }
        }
        return exceptions
    }
}
