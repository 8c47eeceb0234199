// swift-tools-version:6.1
//
// Vouch: a pure-Swift X.509 engine for Linux. Each library module is a layer that only looks down:
// VouchDER → VouchX509 → VouchCrypto → VouchTrust → VouchPinning (VouchJSON and VouchPropertyList
// sit beside VouchX509, on VouchDER at most; VouchHTTP, the small HTTP/1.1 client fetches go
// through, depends on nothing). The C is libgmp (CGMP) and one kernel of our own,
// CVouchMontgomery: Montgomery multiplication with MULX/ADX for VouchCrypto's RSA verification on
// x86-64 CPUs that have them (libgmp's path everywhere else).
// Generated tables live apart from the engine's code, in VouchTrustData, which VouchTrust reads.
import PackageDescription

let package = Package(
    name: "Vouch",
    products: [
        .library(name: "VouchDER", targets: ["VouchDER"]),
        .library(name: "VouchX509", targets: ["VouchX509"]),
        .library(name: "VouchCrypto", targets: ["VouchCrypto"]),
        .library(name: "VouchTrust", targets: ["VouchTrust"]),
        .library(name: "VouchPinning", targets: ["VouchPinning"]),
        .library(name: "VouchJSON", targets: ["VouchJSON"]),
        .library(name: "VouchPropertyList", targets: ["VouchPropertyList"]),
        .library(name: "VouchHTTP", targets: ["VouchHTTP"]),
        .executable(name: "vouch", targets: ["vouch"]),
    ],
    // One dependency, and it links nothing: swift-docc-plugin is a command plugin that only
    // `scripts/docs` runs (`swift package generate-documentation`). `vouch` parses its own arguments
    // (Sources/vouch/CommandLine), so that the static binary carries neither swift-argument-parser nor
    // the FoundationEssentials it links.
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGMP",
            pkgConfig: "gmp",
            providers: [.apt(["libgmp-dev"])]
        ),
        // MULX/ADCX/ADOX Montgomery multiplication and squaring (its header says why, and the
        // bounds its callers check); VouchCrypto's BigNum alone calls it.
        .target(name: "CVouchMontgomery"),
        .target(name: "VouchDER"),
        .target(name: "VouchJSON"),
        // XML property lists (macOS trust-settings exports); depends on nothing.
        .target(name: "VouchPropertyList", dependencies: ["VouchDER"]),
        .target(name: "VouchX509", dependencies: ["VouchDER"]),
        .target(name: "VouchCrypto", dependencies: ["VouchDER", "VouchX509", "CGMP", "CVouchMontgomery"]),
        // Generated tables (the Public Suffix List, Apple's trust store), each written by a script from named inputs and
        // never edited by hand; Sources/VouchTrustData/README.md lists them. Depends on nothing.
        // Not a product: its symbols are `package`, read by VouchTrust alone, and SwiftPM links a
        // target into every product whose targets depend on it, so VouchTrust's product (and every
        // other that holds VouchTrust) carries it without a public module of its own.
        .target(name: "VouchTrustData", exclude: ["README.md"]),
        // Sources/VouchTrust/README.md draws the module's rooms and the flow through them.
        // VouchJSON reads Apple's CT log list, VouchPropertyList its pinning database (both on
        // VouchDER alone or nothing, below VouchTrust).
        .target(name: "VouchTrust", dependencies: ["VouchX509", "VouchCrypto", "VouchJSON", "VouchPropertyList", "VouchTrustData", "VouchHTTP"],
                exclude: ["README.md"]),
        // A small HTTP/1.1 client for http: URLs (caIssuers, OCSP) on Glibc sockets, with its own
        // resolver (no NSS in the static binary); depends on nothing.
        .target(name: "VouchHTTP"),
        .target(name: "VouchPinning", dependencies: ["VouchTrust", "VouchCrypto", "VouchJSON", "VouchPropertyList", "VouchHTTP"]),
        .executableTarget(
            name: "vouch",
            dependencies: [
                "VouchDER", "VouchX509", "VouchCrypto", "VouchTrust", "VouchPinning", "VouchJSON", "VouchPropertyList", "VouchHTTP",
            ]
        ),
        // What an embedder pays: a whole program on VouchTrust alone (README, scripts/static).
        .executableTarget(name: "verify-chain", dependencies: ["VouchTrust"], path: "Examples/VerifyChain"),
        .target(name: "VouchTestSupport", dependencies: ["VouchDER"], path: "Tests/VouchTestSupport"),
        .testTarget(name: "VouchDERTests", dependencies: ["VouchDER", "VouchTestSupport"]),
        .testTarget(name: "VouchX509Tests", dependencies: ["VouchX509", "VouchTestSupport"]),
        .testTarget(name: "VouchCryptoTests", dependencies: ["VouchCrypto", "VouchTestSupport"]),
        .testTarget(name: "VouchTrustTests", dependencies: ["VouchTrust", "VouchTrustData", "VouchPropertyList", "VouchTestSupport"]),
        .testTarget(name: "VouchPinningTests", dependencies: ["VouchPinning", "VouchTestSupport"]),
        .testTarget(name: "VouchJSONTests", dependencies: ["VouchJSON", "VouchTestSupport"]),
        .testTarget(name: "VouchHTTPTests", dependencies: ["VouchHTTP", "VouchTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "VouchPropertyListTests", dependencies: ["VouchPropertyList", "VouchJSON"]),
        .testTarget(name: "VouchCLITests", dependencies: ["vouch", "VouchTestSupport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
