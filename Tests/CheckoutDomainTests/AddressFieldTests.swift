import CheckoutDomain
import Foundation
import Testing

/// `AddressField` is the one list of address keys: each field reads and writes its own
/// property of `Address`, and its raw value is the key that property has in results.
@Suite struct AddressFieldTests {
    @Test(arguments: AddressField.allCases)
    func eachFieldWritesOnlyItsOwnProperty(_ field: AddressField) throws {
        var a = Address()
        a[field] = "x"
        #expect(a[field] == "x")
        for other in AddressField.allCases where other != field { #expect(a[other] == nil, "\(field) also wrote \(other)") }
        let json = try String(decoding: JSONEncoder().encode(a), as: UTF8.self)
        #expect(json == "{\"\(field.rawValue)\":\"x\"}")
    }

    @Test func theListsKeepTheirOrder() {
        #expect(
            AddressField.allCases.map(\.rawValue) == ["name", "email", "address", "city", "zip", "country", "state", "phone", "birthday"])
        #expect(AddressField.withoutBirthday == Array(AddressField.allCases.dropLast()))
        #expect(AddressField.shipping.map(\.rawValue) == ["name", "address", "city", "zip", "country", "state", "phone"])
        #expect(AddressField.allCases.sorted() == AddressField.allCases)
    }
}
