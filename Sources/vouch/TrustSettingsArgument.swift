import VouchPinning
import VouchTrust
import VouchX509

/// `--trust-settings [user:|admin:]FILE` (docs/CLI.md; SECTRUST.md §15.1): the domain prefix, then
/// the file read by VouchPinning's ``VouchPinning/TrustSettingsDocument``, so that a program
/// embedding Vouch reads exactly what `vouch` reads.
enum TrustSettingsArgument {
    static func load(
        _ argument: String, known: [Certificate], system: () -> [Certificate], into settings: inout TrustSettings,
        warnings: inout [String]
    ) throws(InputError) {
        var domain = TrustSettingsDomain.user
        var path = argument
        if argument.hasPrefix("user:") { path = String(argument.dropFirst(5)) }
        if argument.hasPrefix("admin:") { domain = .admin; path = String(argument.dropFirst(6)) }
        let input = try InputFile.read(path)
        do {
            let skipped = try TrustSettingsDocument.read(input.bytes, into: &settings, domain: domain, known: known, system: system)
            warnings += skipped.map { "\(input.name): \($0)" }
        } catch {
            throw InputError(file: input.name, message: error.message)
        }
    }
}
