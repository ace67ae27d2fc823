import Foundation
import Testing

@testable import CheckoutDomain

/// The generated table (`PhoneNumber+Metadata.swift`, scripts/generate-phone-metadata.py) as
/// libphonenumber has it.
@Suite("Phone metadata")
struct PhoneMetadataTests {
    @Test("every row of the table is read")
    func everyRow() {
        let rows = PhoneNumber.metadataTable.split(separator: ";").filter { !$0.allSatisfy(\.isWhitespace) }
        #expect(rows.count == 245)
        #expect(PhoneNumber.metadata.count == rows.count)
        #expect(PhoneNumber.metadata.values.allSatisfy { !$0.lengths.isEmpty && $0.lengths.allSatisfy { (1...17).contains($0) } })
        #expect(PhoneNumber.metadata.values.allSatisfy { Int($0.callingCode) != nil && $0.callingCode.count <= 3 })
    }

    @Test("libphonenumber's facts for a few countries")
    func facts() {
        let us = PhoneNumber.metadata["US"]
        #expect(us == PhoneNumber.Region(callingCode: "1", nationalPrefix: "1", lengths: [10]))
        #expect(PhoneNumber.metadata["GB"] == PhoneNumber.Region(callingCode: "44", nationalPrefix: "0", lengths: [7, 9, 10]))
        #expect(PhoneNumber.metadata["DE"] == PhoneNumber.Region(callingCode: "49", nationalPrefix: "0", lengths: Set(4...15)))
        #expect(PhoneNumber.metadata["IT"]?.nationalPrefix == nil)
        #expect(PhoneNumber.metadata["HU"]?.nationalPrefix == "06")
        #expect(PhoneNumber.metadata["001"] == nil)
    }

    @Test("every assigned country has a row but the seven libphonenumber has no numbers for")
    func coverage() {
        let missing = Country.allCodes.filter { PhoneNumber.metadata[$0] == nil }
        #expect(missing == ["AQ", "BV", "GS", "HM", "PN", "TF", "UM"])
    }
}
