// The start-up yardstick for `checkout-bench --startup`: the smallest Swift program that really
// links and uses Foundation. `checkout validate` of one small flow is held to at most 1.5× its
// start-up, measured in the same run.
import Foundation

let now = Date()
print(String(format: "hello, Foundation: %.3f s since 1970", now.timeIntervalSince1970))
