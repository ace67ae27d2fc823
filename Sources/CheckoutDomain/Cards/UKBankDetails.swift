import Foundation

/// The UK sort code and account number a card scan can read from a debit card (Jumio BAM
/// `cardSortCode`, `cardAccountNumber`, with `sortCodeAndAccountNumberRequired`).
///
/// Together they are enough to set up a direct debit, so they are secret like the CVV: held
/// in memory for the tokenize step only. Everything that can print the value — `description`,
/// `debugDescription`, `dump()`, string interpolation — shows neither.
package struct UKBankDetails: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Six digits, without separators. Secret.
    public let sortCode: String
    /// Eight digits. Secret.
    public let accountNumber: String

    /// Checks the fields as read or typed and returns every problem at once.
    ///
    /// Fields `"sortCode"` (six digits, written `12-34-56`, `12 34 56` or `123456`) and
    /// `"accountNumber"` (eight digits). Codes: `required` (empty), `invalid_sort_code`,
    /// `invalid_account_number`. Messages never repeat the value.
    public static func validate(sortCode: String?, accountNumber: String?) -> Result<UKBankDetails, FieldIssues> {
        var issues: [FieldIssue] = []
        let sort = digits(sortCode, separators: true)
        let account = digits(accountNumber, separators: false)
        switch sort {
        case .missing: issues.append(FieldIssue(field: "sortCode", code: "required", message: "Enter the sort code."))
        case .digits(let d) where d.utf8.count == 6: break
        default:
            issues.append(
                FieldIssue(field: "sortCode", code: "invalid_sort_code", message: "The sort code must be 6 digits, as 12-34-56."))
        }
        switch account {
        case .missing: issues.append(FieldIssue(field: "accountNumber", code: "required", message: "Enter the account number."))
        case .digits(let d) where d.utf8.count == 8: break
        default:
            issues.append(
                FieldIssue(field: "accountNumber", code: "invalid_account_number", message: "The account number must be 8 digits."))
        }
        guard issues.isEmpty, case .digits(let s) = sort, case .digits(let a) = account else {
            return .failure(FieldIssues(issues: issues))
        }
        return .success(UKBankDetails(sortCode: s, accountNumber: a))
    }

    private init(sortCode: String, accountNumber: String) {
        self.sortCode = sortCode
        self.accountNumber = accountNumber
    }

    private enum Read {
        case missing, invalid
        case digits(String)
    }

    /// The digits of `text`; with `separators`, `-` and spaces between pairs are allowed.
    private static func digits(_ text: String?, separators: Bool) -> Read {
        let trimmed = text?.trimmingWhitespace(newlines: false) ?? ""
        guard !trimmed.isEmpty else { return .missing }
        var out = ""
        for byte in trimmed.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "-") where separators, UInt8(ascii: " ") where separators: continue
            default: return .invalid
            }
        }
        return .digits(out)
    }

    /// `"UK bank details ••-••-•• ••••••••"`: never the digits.
    public var description: String { "UK bank details ••-••-•• ••••••••" }

    /// Same as `description`.
    public var debugDescription: String { description }

    /// No children, so `dump()` shows nothing secret.
    public var customMirror: Mirror { Mirror(self, children: [:] as KeyValuePairs<String, Any>, displayStyle: .struct) }
}
