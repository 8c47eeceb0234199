import VouchPinning
import VouchTrust

/// `verify --exceptions FILE` (docs/CLI.md): the file read by VouchPinning's
/// ``VouchPinning/TrustExceptionsFile``, which also writes the `exceptions` key of `verify --json`.
enum ExceptionsFile {
    static func load(_ path: String) throws(InputError) -> TrustExceptions {
        let input = try InputFile.read(path)
        do { return try TrustExceptionsFile.read(input.bytes) } catch { throw InputError(file: input.name, message: error.message) }
    }
}
