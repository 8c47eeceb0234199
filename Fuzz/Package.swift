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
    ],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(name: "FuzzDERWalk", dependencies: ["FuzzSupport", .product(name: "VouchDER", package: "Vouch")]),
        .executableTarget(name: "FuzzPEM", dependencies: ["FuzzSupport", .product(name: "VouchDER", package: "Vouch")]),
        .executableTarget(
            name: "FuzzCertificate",
            dependencies: ["FuzzSupport", .product(name: "VouchDER", package: "Vouch"), .product(name: "VouchX509", package: "Vouch")]
        ),
        .executableTarget(
            name: "FuzzSignature",
            dependencies: [
                "FuzzSupport", .product(name: "VouchDER", package: "Vouch"), .product(name: "VouchX509", package: "Vouch"),
                .product(name: "VouchCrypto", package: "Vouch"),
            ]
        ),
        .executableTarget(
            name: "FuzzTrust",
            dependencies: [
                "FuzzSupport", .product(name: "VouchDER", package: "Vouch"), .product(name: "VouchX509", package: "Vouch"),
                .product(name: "VouchTrust", package: "Vouch"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
