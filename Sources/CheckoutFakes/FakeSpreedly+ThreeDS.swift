import CheckoutDomain
import CheckoutProviders
import CheckoutRuntime

extension FakeSpreedly {
    /// The course a 3DS2 authorization takes on the fake's test gateway.
    enum ThreeDSCourse: Equatable {
        /// Done at once with this result (3001, or a frictionless card).
        case frictionless(ThreeDSResult)
        /// Device fingerprint, then authorized without a challenge (3003).
        case fingerprintThenAuthorized
        /// Device fingerprint, then a challenge (3004).
        case fingerprintThenChallenge
        /// A challenge at once (3005).
        case challenge
        /// Device fingerprint, then authentication fails whatever happens (3103).
        case fingerprintThenFailure
        /// A challenge that fails whatever the shopper answers (3104).
        case challengeThenFailure
    }

    /// Spreedly's test gateway picks the 3DS2 course by the amount in cents, not by the card:
    /// docs.spreedly.com/guides/3dsecure2/ ("Test Data for Spreedly 3DS2 Gateway Specific",
    /// "$ Amounts": 3001 full frictionless, 3003 fingerprint with direct authorize, 3004
    /// fingerprint to challenge, 3005 direct challenge, 3103 fingerprint with forced failure,
    /// 3104 challenge with forced failure; "If you try other amounts, you may experience
    /// unexpected behavior"). The fake follows those amounts whatever the card; any other amount
    /// (3002's fallback to 3DS1 included, which is not modelled) takes the card's course from
    /// the sandbox's table (SPEC §7), so the fake keeps matching the sandbox there.
    static func threeDSCourse(amountInCents amount: String, card: SandboxCardBehavior.ThreeDS) -> ThreeDSCourse {
        switch amount {
        case "3001": return .frictionless(.authenticationSucceeded)
        case "3003": return .fingerprintThenAuthorized
        case "3004": return .fingerprintThenChallenge
        case "3005": return .challenge
        case "3103": return .fingerprintThenFailure
        case "3104": return .challengeThenFailure
        default:
            switch card {
            case .frictionless(let r): return .frictionless(r)
            case .challenge: return .challenge
            case .fingerprintThenChallenge: return .fingerprintThenChallenge
            case .fingerprintFrictionless: return .fingerprintThenAuthorized
            }
        }
    }

    /// The first answer to a 3DS2 authorization taking `course`.
    static func startThreeDS(_ tx: inout Tx, course: ThreeDSCourse, _ behavior: SandboxCardBehavior, in s: inout State) {
        tx.course = course
        switch course {
        case .frictionless(let r) where r.proceeds(processFailed3DS: false):
            settle(&tx, behavior, threeDS: r, in: &s)
        case .frictionless(let r):
            tx.state = "failed"
            tx.threeDS = r
        case .challenge, .challengeThenFailure:
            tx.stage = .challenge
        case .fingerprintThenChallenge, .fingerprintThenAuthorized, .fingerprintThenFailure:
            tx.stage = .fingerprint
        }
    }

    /// `complete.json` after the device fingerprint: authorized, failed or a challenge.
    static func afterFingerprint(_ tx: inout Tx, _ behavior: SandboxCardBehavior, in s: inout State) {
        switch tx.course {
        case .fingerprintThenAuthorized:
            settle(&tx, behavior, threeDS: .authenticationSucceeded, in: &s)
        case .fingerprintThenFailure:
            fail(&tx)
        default:
            tx.stage = .challenge
        }
    }

    /// `complete.json` after the shopper answered the challenge with `code`.
    static func afterChallenge(_ tx: inout Tx, code: String, _ behavior: SandboxCardBehavior, in s: inout State) {
        if code == SandboxData.challengeCode && tx.course != .challengeThenFailure {
            settle(&tx, behavior, threeDS: .authenticationSucceeded, in: &s)
        } else {
            fail(&tx)
        }
    }

    static func fail(_ tx: inout Tx) {
        tx.state = "failed"
        tx.stage = nil
        tx.threeDS = .authenticationFailed
    }
}
