// The `CheckoutTesting` library product: what an embedder's own tests use beside
// `CheckoutFlow` — a front end answering from values (`ScriptedFrontend`), fault injection
// around any provider (`FaultInjectingProvider`), and, from the runtime, the manual clock
// (`ManualClock`), seeded randomness (`SeededRandom`) and an in-memory trace (`MemoryTraceSink`).
// Its public symbols are listed in api/CheckoutTesting.symbols.txt.

@_exported public import CheckoutFlow
