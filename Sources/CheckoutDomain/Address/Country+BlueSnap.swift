extension Country {
    /// BlueSnap's state codes where they are not ISO 3166-2's, by country: BlueSnap's SDKs
    /// (`BSCountryManager.COUNTRY_STATES`, `state_strings.xml`) code nine Brazilian states XA–XI,
    /// because their ISO codes are also US or Canadian codes. Row #21 of the provider contract.
    static let blueSnapStateCodes: [String: [String: String]] = [
        "BR": [
            "MA": "XA", "MS": "XB", "MT": "XC", "SC": "XD", "PA": "XE", "PE": "XF", "PR": "XG", "AL": "XH",
            "AP": "XI",
        ]
    ]

    /// Codes BlueSnap still lists beside the current one: Canada's `NF`, Newfoundland's code
    /// before 2002, now `NL`. Read, never sent.
    static let blueSnapFormerStateCodes: [String: [String: String]] = ["CA": ["NF": "NL"]]

    /// The code BlueSnap uses for the ISO 3166-2 state `state` of `country` (`MA` in BR → `XA`);
    /// `state` itself where BlueSnap uses the ISO code.
    public static func blueSnapState(_ state: String, country: String) -> String {
        blueSnapStateCodes[country]?[state] ?? state
    }

    /// The ISO 3166-2 code of a state code BlueSnap answered for `country` (`XA` in BR → `MA`,
    /// `NF` in CA → `NL`); `state` itself for every other code.
    public static func state(fromBlueSnap state: String, country: String) -> String {
        if let iso = blueSnapStateCodes[country]?.first(where: { $0.value == state })?.key { return iso }
        return blueSnapFormerStateCodes[country]?[state] ?? state
    }
}
