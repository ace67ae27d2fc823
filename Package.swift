// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    // An import is internal unless it says `public import` (or `package import`): a module's public API
    // shows only the modules it means to.
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "CheckoutFlow",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "checkout", targets: ["CheckoutCLI"]),
        .executable(name: "checkout-bench", targets: ["CheckoutBench"]),
        .executable(name: "checkout-fuzz", targets: ["CheckoutFuzz"]),
        // `swift build --sanitize=fuzzer --product checkout-libfuzzer` (docs/fuzzing.md).
        .executable(name: "checkout-libfuzzer", targets: ["CheckoutLibFuzzer"]),
        // Embedders: `import CheckoutFlow` — the compiler, the runtime, the providers and the
        // headless front end (docs/embedding.md; the public symbols: api/CheckoutFlow.symbols.txt).
        .library(name: "CheckoutFlow", targets: ["CheckoutFlow"]),
        // Embedders' tests: a front end answering from values, fault injection, the manual clock.
        .library(name: "CheckoutTesting", targets: ["CheckoutTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // libyaml from the system package `libyaml-dev`.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Layer 0: JSON — an ordered value, a strict reader and the writer, for results, traces,
        // journals, diagnostics and the providers' wire formats. No dependencies.
        .target(name: "CheckoutJSON", swiftSettings: swiftSettings),
        // Layer 1: payment domain — cards, addresses, money. No dependencies.
        .target(name: "CheckoutDomain", swiftSettings: swiftSettings),
        // Layer 2: the flow language — YAML syntax tree, diagnostics, model, compiler, pipeline.
        .target(
            name: "CheckoutLanguage",
            dependencies: ["CYAML", "CheckoutJSON", "CheckoutDomain"],
            swiftSettings: swiftSettings
        ),
        // Layer 3: the runtime — pipeline interpreter, the provider contract (`PaymentProvider`,
        // `RequestSigner`), results, traces. No provider's own code.
        .target(
            name: "CheckoutRuntime",
            dependencies: ["CheckoutJSON", "CheckoutDomain", "CheckoutLanguage"],
            swiftSettings: swiftSettings
        ),
        // libcurl, loaded at run time (dlopen) by CheckoutProviders' CurlTransport: not linked, so
        // programs that never talk HTTP do not load it. docs/providers.md.
        .target(name: "CCurlShim", linkerSettings: [.linkedLibrary("dl")]),
        // Layer 3½: the providers — the offline sandbox, real ones over HTTP (the transport,
        // BlueSnap's, Spreedly's and Maxpay's adapters and wire formats), the factory that builds
        // a flow's provider from its settings and the environment.
        .target(
            name: "CheckoutProviders",
            dependencies: ["CheckoutJSON", "CCurlShim", "CheckoutDomain", "CheckoutLanguage", "CheckoutRuntime"],
            swiftSettings: swiftSettings
        ),
        // Fakes of the providers' HTTP APIs on loopback: for tests and benchmarks, and served by
        // `checkout serve` for merchants' own backend tests.
        .target(
            name: "CheckoutFakes",
            dependencies: ["CheckoutJSON", "CheckoutDomain", "CheckoutLanguage", "CheckoutRuntime", "CheckoutProviders"],
            swiftSettings: swiftSettings
        ),
        // Layer 4: front ends. Headless answers files.
        .target(
            name: "CheckoutHeadless",
            dependencies: ["CheckoutDomain", "CheckoutLanguage", "CheckoutRuntime"],
            swiftSettings: swiftSettings
        ),
        // Layer 4: front ends. The text prompt at a terminal (and its line mode for pipes).
        .target(
            name: "CheckoutTerminal",
            dependencies: ["CheckoutDomain", "CheckoutLanguage", "CheckoutRuntime"],
            swiftSettings: swiftSettings
        ),
        // Layer 4: scenario files (`checkout test`): reading, running in-process, JUnit.
        .target(
            name: "CheckoutScenarios",
            dependencies: [
                "CheckoutJSON", "CheckoutDomain", "CheckoutLanguage", "CheckoutRuntime", "CheckoutProviders", "CheckoutHeadless",
            ],
            swiftSettings: swiftSettings
        ),
        // Layer 4: front ends. The language server behind `checkout lsp`: base-protocol framing,
        // the dispatcher, open documents, the compiler's diagnostics as LSP diagnostics.
        .target(
            name: "CheckoutLSP",
            // CheckoutHeadless and CheckoutScenarios: answers files and scenarios files are
            // checked by their own readers, as `checkout run --answers` and `checkout test` do.
            dependencies: ["CheckoutJSON", "CheckoutDomain", "CheckoutLanguage", "CheckoutHeadless", "CheckoutScenarios"],
            swiftSettings: swiftSettings
        ),
        // The umbrella module of the `CheckoutFlow` product: re-exports what an embedder uses.
        .target(
            name: "CheckoutFlow",
            dependencies: [
                "CheckoutJSON", "CheckoutDomain", "CheckoutLanguage", "CheckoutRuntime", "CheckoutProviders", "CheckoutHeadless",
            ],
            swiftSettings: swiftSettings
        ),
        // The `CheckoutTesting` product: for embedders' tests (and this package's own).
        // It names the modules it uses as well as the umbrella: a target that reaches them only
        // through `@_exported` imports was not rebuilt when a protocol in them changed (a stale
        // witness table crashed the tests, 2026-11-25).
        .target(
            name: "CheckoutTesting",
            dependencies: ["CheckoutFlow", "CheckoutDomain", "CheckoutLanguage", "CheckoutRuntime", "CheckoutProviders"],
            swiftSettings: swiftSettings
        ),
        // Layer 5: the `checkout` executable: parses arguments and calls down.
        .executableTarget(
            name: "CheckoutCLI",
            dependencies: [
                "CheckoutJSON", "CheckoutLanguage", "CheckoutRuntime", "CheckoutProviders", "CheckoutHeadless", "CheckoutScenarios",
                "CheckoutTerminal", "CheckoutFakes", "CheckoutLSP", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // Benchmarks: compile throughput against raw libyaml in the same run.
        .executableTarget(
            name: "CheckoutBench",
            dependencies: [
                "CheckoutDomain", "CheckoutLanguage", "CheckoutRuntime", "CheckoutHeadless", "CheckoutScenarios", "CheckoutProviders",
                "CheckoutFakes", "CheckoutJSON", "CheckoutLSP",
            ],
            swiftSettings: swiftSettings
        ),
        // examples/embedding: a program with its own front end, built here so CI compiles and
        // runs it; examples/embedding/Package.swift builds the same file through the library product.
        .executableTarget(
            name: "checkout-embedding-example",
            dependencies: ["CheckoutFlow"],
            path: "examples/embedding/Sources/EmbeddingExample",
            swiftSettings: swiftSettings
        ),
        // The start-up yardstick of `checkout-bench --startup`: a hello-world that links Foundation.
        .executableTarget(name: "hello-foundation", path: "Sources/HelloFoundation", swiftSettings: swiftSettings),
        // Fuzzing: mutated flows through the compiler and the renderers, invariants checked.
        .target(name: "CheckoutFuzzChecks", dependencies: ["CheckoutLanguage"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "CheckoutFuzz",
            dependencies: [
                "CheckoutFuzzChecks", "CheckoutLanguage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "CheckoutLibFuzzer", dependencies: ["CheckoutFuzzChecks"], swiftSettings: swiftSettings),
        .testTarget(name: "CheckoutDomainTests", dependencies: ["CheckoutDomain"], swiftSettings: swiftSettings),
        .testTarget(
            name: "CheckoutLanguageTests",
            dependencies: ["CheckoutJSON", "CheckoutLanguage"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutRuntimeTests",
            dependencies: [
                "CheckoutJSON", "CheckoutLanguage", "CheckoutRuntime", "CheckoutProviders", "CheckoutHeadless", "CheckoutTesting",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutTerminalTests",
            dependencies: [
                "CheckoutDomain", "CheckoutLanguage", "CheckoutRuntime", "CheckoutProviders", "CheckoutTerminal", "CheckoutHeadless",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutScenariosTests",
            dependencies: [
                "CheckoutJSON", "CheckoutLanguage", "CheckoutRuntime", "CheckoutProviders", "CheckoutHeadless", "CheckoutScenarios",
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutProvidersTests",
            dependencies: [
                "CheckoutJSON", "CheckoutDomain", "CheckoutLanguage", "CheckoutRuntime", "CheckoutHeadless", "CheckoutScenarios",
                "CheckoutProviders",
                "CheckoutFakes",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutLSPTests",
            dependencies: ["CheckoutJSON", "CheckoutDomain", "CheckoutLanguage", "CheckoutHeadless", "CheckoutScenarios", "CheckoutLSP"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutEndToEndTests",
            dependencies: ["CheckoutCLI", "checkout-embedding-example", "CheckoutFakes", "CheckoutBench"],
            // The schema test's Python validator.
            exclude: ["Support"],
            swiftSettings: swiftSettings
        ),
    ]
)
