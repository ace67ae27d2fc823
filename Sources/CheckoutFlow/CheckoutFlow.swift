// The umbrella module of the `CheckoutFlow` library product: `import CheckoutFlow` is all an
// embedder writes. It re-exports the modules an app or a server uses to compile a flow, run it
// (headless, or with a front end of its own), read the result and choose a provider; their
// public symbols are listed in api/CheckoutFlow.symbols.txt and documented in docs/embedding.md.
// The terminal front end, scenario files and the CLI are not part of the product.

@_exported public import CheckoutDomain
@_exported public import CheckoutHeadless
@_exported public import CheckoutJSON
@_exported public import CheckoutLanguage
@_exported public import CheckoutProviders
@_exported public import CheckoutRuntime
