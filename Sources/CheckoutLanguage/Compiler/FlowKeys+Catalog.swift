extension FlowKeys {
    /// Every key table, under its name here (`FlowKeys.address` is `address`).
    ///
    /// Generated output that writes a table once and refers to it by name, such as the
    /// `definitions` of `checkout schema`, takes the name from this list. A table missing from
    /// it still works: it is named after the first key whose value it shapes.
    public static let tables: [(name: String, keys: [KeySpec])] = [
        ("topLevel", topLevel), ("provider", provider), ("signature", signature), ("taxService", taxService), ("request", request),
        ("price", price),
        ("prefill", prefill),
        ("address", address), ("fraud", fraud), ("currencies", currencies), ("theme", theme), ("colorPair", colorPair), ("font", font),
        ("fields", fields), ("available", available), ("customField", customField), ("cards", cards), ("screen", screen), ("step", step),
        ("routes", routes), ("retry", retry),
    ]
}
