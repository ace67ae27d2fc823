import CheckoutDomain
import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// What `MaxpayProvider` puts on the wire, held to Maxpay's own SDKs (provider-contract rows
/// #1, #7, #12, #26): the country in ISO 3166-1 alpha-3, the date of birth signed and sent as
/// `date_of_birth`, `api_version` a number, an `acs_url` without `pareq` still a challenge, and
/// an answer without `code` read by its `status`.
@Suite struct MaxpayWireTests {
    /// `countryList` of maxpay/payment-sdk-ios `MaxpayPaymentSdk/Types/Fields/PAYCountryField/
    /// PAYCountryField.swift` at f48df007 (2021-10-12), in its order: the alpha-3 codes the iOS
    /// SDK's country field accepts.
    static let maxpayIOSCountryList = """
        ABW AFG AGO AIA ALA ALB AND ANT ARE ARG ARM ASM ATA ATF ATG AUS
        AUT AZE BDI BEL BEN BFA BGD BGR BHR BHS BIH BLM BLR BLZ BMU BOL
        BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR COD COG
        COK COL COM CPV CRI CUB CXR CYM CYP CZE DEU DJI DMA DNK DOM DZA
        ECU EGY ERI ESH ESP EST ETH FIN FJI FLK FRA FRO FSM GAB GBR GEO
        GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY HKG
        HMD HND HRV HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA JAM
        JEY JOR JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY LCA
        LIE LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA MDG MDV MEX MHL MKD
        MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM NCL
        NER NFK NGA NIC NIU NLD NOR NPL NRU NZL OMN PAK PAN PCN PER PHL
        PLW PNG POL PRI PRK PRT PRY PSE PYF QAT REU ROU RUS RWA SAU SDN
        SEN SGP SGS SHN SJM SLB SLE SLV SMR SOM SPM SRB STP SUR SVK SVN
        SWE SWZ SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON TTO TUN TUR
        TUV TWN TZA UGA UKR UMI URY USA UZB VAT VCT VEN VGB VIR VNM VUT
        WLF WSM YEM ZAF ZMB ZWE
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    @Test func everyCountryIsSentInAlpha3AsMaxpaysSDKsAcceptIt() {
        let sdk = Set(Self.maxpayIOSCountryList)
        #expect(sdk.count == 246)
        var sent: [String: String] = [:]
        for code in Country.allCodes {
            let alpha3 = Country.alpha3(of: code)
            #expect(alpha3?.count == 3 && alpha3?.allSatisfy { $0.isASCII && $0.isUppercase } == true, "\(code) → \(alpha3 ?? "nil")")
            if let alpha3 { sent[code] = alpha3 }
        }
        #expect(sent.count == Country.allCodes.count && Set(sent.values).count == sent.count, "one alpha-3 per country, none shared")
        // The SDK's list predates 2010-2011: Bonaire (BES), Curaçao (CUW), South Sudan (SSD) and
        // Sint Maarten (SXM) are missing, and it still has the Netherlands Antilles (ANT).
        #expect(Set(sent.values).subtracting(sdk) == ["BES", "CUW", "SSD", "SXM"])
        #expect(sdk.subtracting(sent.values) == ["ANT"])
        // ISO 3166-1 pairs that differ from a guess (first letters, or alpha-2 plus a letter).
        let iso = ["DE": "DEU", "GB": "GBR", "US": "USA", "CH": "CHE", "ES": "ESP", "IE": "IRL", "KR": "KOR", "AT": "AUT", "RS": "SRB"]
        for (alpha2, alpha3) in iso { #expect(Country.alpha3(of: alpha2) == alpha3) }
        #expect(Country.alpha3(of: "XK") == nil && Country.alpha3(of: "de") == nil)
    }

    static let billing = Address(
        name: "Anna Schmidt", email: "anna@example.com", address: "Unter den Linden 1", city: "Berlin", zip: "10117", country: "DE",
        birthday: "1990-04-01")

    func charge(billing: Address?) -> ChargeRequest {
        let card = TokenizedCard(token: "t", brand: .visa, last4: "1111", issuingCountry: "", expiry: CardExpiry(month: 3, year: 2031))
        return ChargeRequest(
            kind: .sale, card: card, amount: Money(amount: Decimal(string: "49.9")!, currency: Currency.iso("EUR")!),
            idempotencyKey: "order-1", threeDSResult: nil)
    }

    @Test func theBillingCountryIsSignedInAlpha3AndTheDateOfBirthAsDateOfBirth() {
        let fields = MaxpayFields.of(charge(billing: Self.billing), billing: Self.billing, threeDS: false)
        #expect(fields["country"] == "DEU")
        // iOS `PAYTransactionRequest.CodingKeys.birthday = "date_of_birth"`; Android `SalePayment`
        // signs and sends `date_of_birth` (YYYY-MM-DD) too.
        #expect(fields["date_of_birth"] == "1990-04-01")
        #expect(fields["first_name"] == "Anna" && fields["last_name"] == "Schmidt" && fields["user_email"] == "anna@example.com")
    }

    @Test func theShoppersIPIsSignedAsUserIPAndTheOrderReferenceIsNotSent() {
        var request = charge(billing: Self.billing)
        request.customerIP = "203.0.113.7"
        request.orderId = "ORD-1"
        request.metadata = ["cart": "17"]
        let fields = MaxpayFields.of(request, billing: Self.billing, threeDS: false)
        // iOS `PAYTransactionRequest.ip` (CodingKey `user_ip`); Android `PaymentDto.userIp`.
        #expect(fields["user_ip"] == "203.0.113.7")
        // Maxpay's request has no order-reference or metadata field (provider-contract §3).
        #expect(!fields.values.contains("ORD-1") && !fields.values.contains("17"))
    }

    func provider(_ transport: ScriptedMaxpayTransport) -> MaxpayProvider {
        MaxpayProvider(
            configuration: MaxpayConfiguration(baseURL: URL(string: "http://127.0.0.1:9/")!, publicKey: "pk_test_42"),
            transport: transport, clock: ManualClock(start: Date(timeIntervalSince1970: 1_795_000_000)), random: SeededRandom(seed: 3))
    }

    /// A signed charge through `p`, 3-D Secure inside it when `threeDS`.
    func signedCharge(_ p: MaxpayProvider, threeDS: Bool = false) async throws -> ChargeRequest {
        let token = try await p.createToken()
        let tokenized = try await p.tokenize(.new(MaxpayAdapterTests.card), token: token)
        var request = charge(billing: nil)
        request.card = tokenized
        request.threeDSRequested = threeDS
        request.customerIP = "203.0.113.7"
        let fields = MaxpayFields.of(request, billing: Self.billing, threeDS: threeDS)
        request.signed = SignedFields(fields: fields, signature: MaxpaySignature.sign(fields, privateKey: "secret-key"))
        return request
    }

    @Test func apiVersionIsSentAsANumberAsBothSDKsSendIt() async throws {
        // iOS `PAYTransactionRequest.apiVersion: Int`; Android `PaymentDto.apiVersion: Int`.
        let transport = ScriptedMaxpayTransport { _, _ in
            MaxpayAdapterTests.json(
                200, #"{"status":"success","code":0,"message":"ok","reference":"r-1","transaction_unique_id":"order-1"}"#)
        }
        let p = provider(transport)
        _ = try await p.charge(try await signedCharge(p))
        let body = try #require(JSONParser.parse(transport.requests.first?.body ?? Data()))
        #expect(body["api_version"] == .number("1"))
        #expect(body["country"] == .string("DEU") && body["date_of_birth"] == .string("1990-04-01"))
    }

    @Test func anAcsURLWithoutPareqStillAsksForTheShopper() async throws {
        // Android `ThreeDSFragment.kt` opens such an `acs_url` as it is: the transaction is not
        // final until the shopper has been there.
        let transport = ScriptedMaxpayTransport { _, _ in
            MaxpayAdapterTests.json(
                200,
                #"{"status":"success","code":0,"message":"3DS","reference":"r-9","transaction_unique_id":"order-1","acs_url":"http://127.0.0.1:9/acs/r-9"}"#
            )
        }
        let p = provider(transport)
        let progress = try await p.startCharge(try await signedCharge(p, threeDS: true))
        guard case .challengeRequired = progress else {
            Issue.record("an acs_url without pareq was taken as final: \(progress)")
            return
        }
    }

    @Test(arguments: [
        (#"{"status":"success","message":"ok","reference":"r-2","transaction_unique_id":"order-1"}"#, "approved"),
        (#"{"status":"decline","message":"Do not honor","reference":"r-3","transaction_unique_id":"order-1"}"#, "declined card_declined"),
        (#"{"status":"error","message":"Bad request","transaction_unique_id":"order-1"}"#, "error rejected"),
    ])
    func anAnswerWithoutACodeIsReadByItsStatus(body: String, expected: String) async throws {
        // Android `BaseResponse`: `code` and `message` are optional.
        let transport = ScriptedMaxpayTransport { _, _ in MaxpayAdapterTests.json(200, body) }
        let p = provider(transport)
        let request = try await signedCharge(p)
        let got: String
        do {
            switch try await p.charge(request) {
            case .approved: got = "approved"
            case .declined(let code, _): got = "declined \(code)"
            }
        } catch let error as ProviderError {
            got = "error \(error.code.rawValue)"
        }
        #expect(got == expected)
        #expect(transport.requests.count == 1, "a definite answer is not asked again")
    }

    @Test func namesTheShopperDidNotGiveGoAsABlankAsAndroidSendsThem() {
        // Android `MainViewModel.prepareForPayment`: `firstName ?: " "`, `lastName ?: " "`; iOS
        // makes both non-optional. A one-word name keeps its first part.
        let none = MaxpayFields.of(charge(billing: nil), billing: nil, threeDS: false)
        #expect(none["first_name"] == " " && none["last_name"] == " ")
        var one = Self.billing
        one.name = "山田"
        let single = MaxpayFields.of(charge(billing: one), billing: one, threeDS: false)
        #expect(single["first_name"] == "山田" && single["last_name"] == " ")
    }

    @Test func theMerchantsPagesAreSignedIntoEvery3DSChargeAndNoOther() {
        // iOS `PAYSignatureInfo` (`redirect_url`, `callback_url`), Android
        // `PaymentDto.generateDataForSignature`: both signed with a SALE3D.
        let pages = MaxpayReturnURLs(
            redirect: URL(string: "https://shop.example/3ds/return")!, callback: URL(string: "https://shop.example/maxpay/callback")!)
        let sale3d = MaxpayFields.of(charge(billing: Self.billing), billing: Self.billing, threeDS: true, returnURLs: pages)
        #expect(sale3d["transaction_type"] == "SALE3D")
        #expect(sale3d["redirect_url"] == "https://shop.example/3ds/return")
        #expect(sale3d["callback_url"] == "https://shop.example/maxpay/callback")
        let sale = MaxpayFields.of(charge(billing: Self.billing), billing: Self.billing, threeDS: false, returnURLs: pages)
        #expect(sale["redirect_url"] == nil && sale["callback_url"] == nil)
        // The signer the runtime uses signs the adapter's pages, not the defaults.
        let p = MaxpayProvider(
            configuration: MaxpayConfiguration(baseURL: URL(string: "http://127.0.0.1:9/")!, publicKey: "pk", returnURLs: pages),
            transport: ScriptedMaxpayTransport { _, _ in MaxpayAdapterTests.json(500, "") }, clock: ManualClock(start: Date()),
            random: SeededRandom(seed: 1))
        let signed = p.requestSigner?.signedFields(of: charge(billing: Self.billing), billing: Self.billing, threeDS: true)
        #expect(signed?["redirect_url"] == "https://shop.example/3ds/return")
    }

    @Test func theChallengeFormPostsTheRedirectPageAsTermUrl() async throws {
        // Android `ThreeDSFragment`: `TermUrl` is the merchant's redirect URL.
        let transport = ScriptedMaxpayTransport { request, _ in
            if request.url.path.hasPrefix("/acs") { return HTTPResponse(status: 200, body: Data("<html></html>".utf8)) }
            return MaxpayAdapterTests.json(
                200,
                #"{"status":"success","code":0,"message":"3DS","reference":"r-9","transaction_unique_id":"order-1","acs_url":"http://127.0.0.1:9/acs/r-9","pareq":"P"}"#
            )
        }
        let p = provider(transport)
        guard case .challengeRequired(let session) = try await p.startCharge(try await signedCharge(p, threeDS: true)) else {
            Issue.record("no challenge")
            return
        }
        _ = try? await p.completeChallenge(session, response: .cancel)
        let form = String(decoding: try #require(transport.requests.first { $0.url.path.hasPrefix("/acs") }?.body), as: UTF8.self)
        #expect(form.contains("TermUrl=https%3A%2F%2Fcheckout.invalid%2Fmaxpay%2Freturn"), "\(form)")
    }

    /// Issue 19: the flow's `provider.returnURLs` travel on the charge request and win over
    /// the adapter's placeholders, in the signed fields and in the challenge's `TermUrl`.
    @Test func theFlowsPagesWinOverThePlaceholders() async throws {
        let pages = ReturnURLs(
            redirect: URL(string: "https://shop.example.com/3ds-return")!, callback: URL(string: "https://shop.example.com/3ds-callback")!)
        var plain = charge(billing: Self.billing)
        plain.returnURLs = pages
        let fields = MaxpaySigner().signedFields(of: plain, billing: Self.billing, threeDS: true)
        #expect(fields["redirect_url"] == "https://shop.example.com/3ds-return")
        #expect(fields["callback_url"] == "https://shop.example.com/3ds-callback")
        let transport = ScriptedMaxpayTransport { request, _ in
            if request.url.path.hasPrefix("/acs") { return HTTPResponse(status: 200, body: Data("<html></html>".utf8)) }
            return MaxpayAdapterTests.json(
                200,
                #"{"status":"success","code":0,"message":"3DS","reference":"r-9","transaction_unique_id":"order-1","acs_url":"http://127.0.0.1:9/acs/r-9","pareq":"P"}"#
            )
        }
        let p = provider(transport)
        var request = try await signedCharge(p, threeDS: true)
        request.returnURLs = pages
        guard case .challengeRequired(let session) = try await p.startCharge(request) else {
            Issue.record("no challenge")
            return
        }
        _ = try? await p.completeChallenge(session, response: .cancel)
        let form = String(decoding: try #require(transport.requests.first { $0.url.path.hasPrefix("/acs") }?.body), as: UTF8.self)
        #expect(form.contains("TermUrl=https%3A%2F%2Fshop.example.com%2F3ds-return"), "\(form)")
    }

    @Test(arguments: [
        ("ip", "user_ip"), ("email", "user_email"), ("country", "country"), ("holder", "card_holder"),
    ])
    func aChargeWithoutWhatBothSDKsRequireIsRefusedBeforeTheCardIsSent(missing: String, field: String) async throws {
        // iOS `PAYTransactionRequest` and Android `PaymentDto` make these non-optional.
        let transport = ScriptedMaxpayTransport { _, _ in MaxpayAdapterTests.json(200, #"{"status":"success","code":0}"#) }
        let p = provider(transport)
        let token = try await p.createToken()
        var card = MaxpayAdapterTests.card
        if missing == "holder" {
            card = ValidatedCard(number: card.number, cvv: card.cvv, expiry: card.expiry, brand: card.brand, holderName: nil)
        }
        var request = charge(billing: nil)
        request.card = try await p.tokenize(.new(card), token: token)
        if missing != "ip" { request.customerIP = "203.0.113.7" }
        var billing = Self.billing
        if missing == "email" { billing.email = nil }
        if missing == "country" { billing.country = nil }
        let fields = MaxpayFields.of(request, billing: billing, threeDS: false)
        request.signed = SignedFields(fields: fields, signature: MaxpaySignature.sign(fields, privateKey: "secret-key"))
        await #expect {
            _ = try await p.charge(request)
        } throws: { error in
            guard let e = error as? ProviderError else { return false }
            return e.code == .rejected && e.message.contains("(\(field))")
        }
        #expect(transport.requests.isEmpty, "the card never left for a request Maxpay refuses")
    }
}
