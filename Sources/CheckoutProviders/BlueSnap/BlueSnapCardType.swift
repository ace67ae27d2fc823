public import CheckoutDomain

/// BlueSnap's `ccType` / `cardType` names beside the project's brands. BlueSnap calls Maestro
/// `MAESTR_UK` (BS-iOS 043e660f `BSImageLibrary.ccTypeToImageMapping`, BS-And 9f9761b4
/// `CreditCardTypeResolver`); its other names the project has no brand for (`CARTE_BLEUE`,
/// `CABAL`, `ARGENCARD`, `TARJETASHOPPING`, `CENCOSUD`, `CIRRUS`, …) read as no brand.
extension BlueSnapProvider {
    /// BlueSnap's names that differ from `CardBrand.resultName`.
    nonisolated static let blueSnapNames: [CardBrand: String] = [.maestro: "MAESTR_UK"]

    /// The `ccType` BlueSnap knows for `brand`.
    package nonisolated static func ccType(_ brand: CardBrand) -> String {
        blueSnapNames[brand] ?? brand.resultName
    }

    /// The brand for one of BlueSnap's `ccType` names (either spelling, any case); nil for a
    /// name the project has no brand for.
    nonisolated static func brand(ccType name: String) -> CardBrand? {
        let upper = name.uppercased()
        if let known = blueSnapNames.first(where: { $0.value == upper }) { return known.key }
        return CardBrand(resultName: upper)
    }
}
