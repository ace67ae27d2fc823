// swift-tools-version: 6.1
// A program that embeds CheckoutFlow the way an app or a server would: through the
// `CheckoutFlow` library product. `swift run --package-path examples/embedding shop`.
import PackageDescription

let package = Package(
    name: "EmbeddingExample",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "CheckoutFlow", path: "../..")],
    targets: [
        .executableTarget(
            name: "shop",
            dependencies: [.product(name: "CheckoutFlow", package: "CheckoutFlow")],
            path: "Sources/EmbeddingExample"
        )
    ]
)
