import CheckoutFuzzChecks
import CheckoutLanguage
import Foundation

/// libFuzzer's entry point: the same checks as `checkout-fuzz`, with libFuzzer's
/// coverage-guided mutations. Checks one input; a broken invariant that is not a known issue
/// aborts, which libFuzzer reports as a crash and saves as `crash-<sha1>`.
///
/// Built with `swift build --sanitize=fuzzer --product checkout-libfuzzer`; see docs/fuzzing.md.
@_cdecl("LLVMFuzzerTestOneInput")
public func checkOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let check = CaseCheck(bytes, limits: .default, recompile: false)
    if let problem = check.newProblems.first {
        FileHandle.standardError.write(Data("checkout-libfuzzer: \(problem)\n".utf8))
        abort()
    }
    return 0
}

/// Without `--sanitize=fuzzer`, this file runs as a script and this line says how to build the
/// real program. With it, SwiftPM compiles the target as a library (no top-level code: the
/// global is never read, so never initialized) and libFuzzer supplies `main`.
private let builtWithoutLibFuzzer: Void = {
    let hint = "checkout-libfuzzer: built without libFuzzer; use swift build --sanitize=fuzzer --product checkout-libfuzzer\n"
    FileHandle.standardError.write(Data(hint.utf8))
    exit(2)
}()
