import CheckoutDomain
import CheckoutFakes
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One transport for the whole test process, as the CLI has one: connections are pooled.
let sharedTransport = CurlTransport(maxConnectionsPerHost: 4)

let testStart = Date(timeIntervalSince1970: 1_800_000_000)

/// An adapter against `fake`, on its own manual clock and seeded randomness.
func adapter(for fake: FakeBlueSnap, clock: ManualClock = ManualClock(start: testStart), password: String? = nil) -> BlueSnapProvider {
    var credentials = fake.credentials
    if let password { credentials = BasicCredentials(username: credentials.username, password: password) }
    return BlueSnapProvider(
        configuration: BlueSnapConfiguration(baseURL: fake.baseURL, credentials: credentials, requestTimeout: .seconds(10)),
        transport: sharedTransport, clock: clock, random: SeededRandom(seed: 7))
}

/// The environment a CLI user would export for the fake.
func environment(for fake: FakeBlueSnap) -> [String: String] {
    ["BS_API_USER": fake.credentials.username, "BS_API_PASSWORD": fake.credentials.password]
}

/// A validated card for a test number (any future expiry, a CVV of the brand's length).
func card(_ number: String) -> ValidatedCard {
    let digits = number.filter(\.isNumber)
    let brand = CardBrand.detect(digits)!
    return ValidatedCard(
        number: digits, cvv: brand == .americanExpress ? "7391" : "739", expiry: CardExpiry(month: 12, year: 2035), brand: brand,
        holderName: nil)
}

let usd = Currency.iso("USD")!

/// The full numbers of SPEC §7's table and the CVVs `card(_:)` uses: none may appear in any output.
let secretsInTests = [
    "4111111111111111", "5555555555554444", "5555555555555557", "378282246310005", "6011111111111117", "30569309025904",
    "3569990010030400", "4000000000001091", "4000000000001133", "4000000000001059", "4000000000001109", "4000000000001117",
    "4000000000000002", "4000000000009995", "4000000000009987", "4000000000000069", "4000000000000127", "4000000000000119",
    "4556761029983886", "4024007101934890", "4000000000004004", "fake-api-password",
]

/// The compiled flow at `flows/NAME.yaml`.
func shippedFlow(_ name: String) -> CompiledFlow {
    FlowCompiler.compile(contentsOf: repositoryRoot.appendingPathComponent("flows/\(name).yaml").path).flow!
}
