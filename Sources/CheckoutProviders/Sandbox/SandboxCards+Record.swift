package import CheckoutDomain
import CheckoutRuntime

/// A test card's behaviour as flat fields for the run journal (`PaymentProvider.tokenRecord`),
/// so a run resumed in a new process charges the card as the killed one would have. The
/// fields name the behaviour (a decline code, a 3-D Secure course), never the card number.
extension SandboxCardBehavior {
    /// The behaviour as journal fields.
    package var record: [String: String] {
        var f = ["issuingCountry": issuingCountry, "threeDS": threeDS.recordText, "charge": charge.recordText]
        if rejectsEveryToken { f["rejectsEveryToken"] = "true" }
        if transientFailures > 0 { f["transientFailures"] = String(transientFailures) }
        if transientOperations != [.charge] {
            f["transientOperations"] = Self.failingOperations.filter(transientOperations.contains).map(\.rawValue).joined(separator: ",")
        }
        if latency > .zero { f["latencyMs"] = String(latency.milliseconds) }
        f["captureDecline"] = captureDecline
        f["refundDecline"] = refundDecline
        return f
    }

    /// The behaviour `record` wrote; nil when the fields are not one (an older journal).
    package init?(record f: [String: String]) {
        guard let country = f["issuingCountry"], let threeDS = f["threeDS"].flatMap(ThreeDS.init(recordText:)),
            let charge = f["charge"].flatMap(Charge.init(recordText:))
        else { return nil }
        self.init(
            issuingCountry: country, rejectsEveryToken: f["rejectsEveryToken"] == "true", threeDS: threeDS, charge: charge,
            transientFailures: f["transientFailures"].flatMap(Int.init) ?? 0, captureDecline: f["captureDecline"],
            refundDecline: f["refundDecline"])
        if let ms = f["latencyMs"].flatMap(Int.init) { latency = .milliseconds(ms) }
        if let names = f["transientOperations"] {
            transientOperations = Set(names.split(separator: ",").compactMap { ProviderCall.Operation(rawValue: String($0)) })
        }
    }
}

extension SandboxCardBehavior.ThreeDS {
    /// The course as a journal field: a 3-D Secure result, or `challenge`, `fingerprintThenChallenge`,
    /// `fingerprintFrictionless` (the words fixtures' `threeDS` takes, too).
    package var recordText: String {
        switch self {
        case .frictionless(let result): result.rawValue
        case .challenge: "challenge"
        case .fingerprintThenChallenge: "fingerprintThenChallenge"
        case .fingerprintFrictionless: "fingerprintFrictionless"
        }
    }

    /// The course `recordText` wrote; nil for any other text.
    package init?(recordText text: String) {
        switch text {
        case "challenge": self = .challenge
        case "fingerprintThenChallenge": self = .fingerprintThenChallenge
        case "fingerprintFrictionless": self = .fingerprintFrictionless
        default:
            guard let result = ThreeDSResult(rawValue: text) else { return nil }
            self = .frictionless(result)
        }
    }
}

extension SandboxCardBehavior.Charge {
    /// The course as a journal field: `approve`, `decline:CODE` or `transientOnce`.
    package var recordText: String {
        switch self {
        case .approve: "approve"
        case .decline(let code): "decline:" + code
        case .transientOnce: "transientOnce"
        }
    }

    /// The course `recordText` wrote; nil for any other text.
    package init?(recordText text: String) {
        switch text {
        case "approve": self = .approve
        case "transientOnce": self = .transientOnce
        default:
            guard text.hasPrefix("decline:") else { return nil }
            self = .decline(String(text.dropFirst("decline:".count)))
        }
    }
}
