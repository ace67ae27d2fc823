import CheckoutLanguage
import Testing

/// `CHECKOUT_YAML_FAST_PATH=0` turns the YAML fast path off (for measuring it); anything else,
/// or nothing, leaves it on.
@Suite struct FastPathSwitchTests {
    @Test func onlyZeroTurnsTheFastPathOff() {
        #expect(!YAMLParser.fastPathIsOn(environment: ["CHECKOUT_YAML_FAST_PATH": "0"]))
        #expect(YAMLParser.fastPathIsOn(environment: [:]))
        #expect(YAMLParser.fastPathIsOn(environment: ["CHECKOUT_YAML_FAST_PATH": "1"]))
        #expect(YAMLParser.fastPathIsOn(environment: ["CHECKOUT_YAML_FAST_PATH": ""]))
    }
}
