// swift-tools-version:6.1
//
// Vouch's libFuzzer targets: one executable per entry point, each a few lines. Not part of the
// root package, its tests or CI; build and run them with scripts/run (see README.md).
//   swift build -c release --sanitize=fuzzer --sanitize=address \
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
import PackageDescription

let package = Package(
    name: "VouchFuzz",
    dependencies: [
        .package(name: "Vouch", path: ".."),
        // The independent parser of FuzzDifferential; never a dependency of the root package.
        .package(url: "https://github.com/apple/swift-certificates", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", exact: "1.7.4"),
        // swift-certificates 1.21.1 accepts swift-crypto 3.12.3 up to 6; the newest copy here is 4.5.2.
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
    ],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(name: "FuzzDERWalk", dependencies: ["FuzzSupport", .product(name: "VouchDER", package: "Vouch")]),
        .executableTarget(name: "FuzzPEM", dependencies: ["FuzzSupport", .product(name: "VouchDER", package: "Vouch")]),
        .executableTarget(
            name: "FuzzHTTPResponse", dependencies: ["FuzzSupport", .product(name: "VouchHTTP", package: "Vouch")], exclude: ["Seeds"]
        ),
        .executableTarget(
            name: "FuzzPropertyList",
            dependencies: [
                "FuzzSupport", .product(name: "VouchPropertyList", package: "Vouch"), .product(name: "VouchPinning", package: "Vouch"),
                .product(name: "VouchTrust", package: "Vouch"),
            ]
        ),
        .executableTarget(
            name: "FuzzCertificate",
            dependencies: ["FuzzSupport", .product(name: "VouchDER", package: "Vouch"), .product(name: "VouchX509", package: "Vouch")]
        ),
        .executableTarget(name: "FuzzCMS", dependencies: ["FuzzSupport", .product(name: "VouchX509", package: "Vouch")]),
        .executableTarget(
            name: "FuzzSignature",
            dependencies: [
                "FuzzSupport", .product(name: "VouchDER", package: "Vouch"), .product(name: "VouchX509", package: "Vouch"),
                .product(name: "VouchCrypto", package: "Vouch"),
            ]
        ),
        .target(
            name: "FuzzTrustInput",
            dependencies: [
                .product(name: "VouchDER", package: "Vouch"), .product(name: "VouchX509", package: "Vouch"),
                .product(name: "VouchTrust", package: "Vouch"),
            ]
        ),
        .executableTarget(name: "FuzzTrust", dependencies: ["FuzzSupport", "FuzzTrustInput"]),
        // FuzzTrust's inputs, made by a structure-aware mutator that re-signs with a fixed P-256 key.
        .executableTarget(
            name: "FuzzTrustStructured",
            dependencies: ["FuzzSupport", "FuzzTrustInput", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .executableTarget(
            name: "FuzzDifferential",
            dependencies: [
                "FuzzSupport", .product(name: "VouchDER", package: "Vouch"), .product(name: "VouchX509", package: "Vouch"),
                .product(name: "X509", package: "swift-certificates"), .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
