// swift-tools-version:6.1
//
// VouchNIO: Vouch deciding trust on real TLS connections made with SwiftNIO SSL. A separate package
// so that the core (../..) stays free of NIO and BoringSSL: only this package pulls them in.
import PackageDescription

let package = Package(
    name: "VouchNIO",
    products: [
        .library(name: "VouchNIO", targets: ["VouchNIO"]),
        .executable(name: "vouch-connect", targets: ["vouch-connect"]),
    ],
    dependencies: [
        .package(name: "Vouch", path: "../.."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(
            name: "VouchNIO",
            dependencies: [
                .product(name: "VouchTrust", package: "Vouch"),
                .product(name: "VouchPinning", package: "Vouch"),
                .product(name: "VouchX509", package: "Vouch"),
                .product(name: "VouchHTTP", package: "Vouch"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .executableTarget(
            name: "vouch-connect",
            dependencies: [
                "VouchNIO",
                .product(name: "VouchDER", package: "Vouch"),
                .product(name: "VouchX509", package: "Vouch"),
                .product(name: "VouchCrypto", package: "Vouch"),
                .product(name: "VouchTrust", package: "Vouch"),
                .product(name: "VouchPinning", package: "Vouch"),
                .product(name: "VouchJSON", package: "Vouch"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "VouchNIOTests",
            dependencies: [
                "VouchNIO", "vouch-connect",
                .product(name: "VouchDER", package: "Vouch"),
                .product(name: "VouchHTTP", package: "Vouch"),
                .product(name: "VouchX509", package: "Vouch"),
                .product(name: "VouchTrust", package: "Vouch"),
                .product(name: "VouchPinning", package: "Vouch"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
