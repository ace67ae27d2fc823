import CheckoutRuntime
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A journal file the store refuses is closed once. A class whose initializer throws after
/// every property is set is deinitialised, so a store that closed its descriptor before
/// throwing closed it again in `deinit`: by then another thread may own that number (a parallel
/// test's journal failed with "Bad file descriptor"; in `checkout test --jobs` it could be a
/// provider's socket).
@Suite struct JournalStoreDescriptorTests {
    @Test func aRefusedJournalDoesNotCloseAnotherThreadsFile() {
        // Another thread keeps opening a file and using it until the refusals are done; a
        // double close lands on its descriptor between the two.
        let done = Atomic(false)
        let broken = Atomic(0)
        let finished = DispatchSemaphore(value: 0)
        let other = Thread {
            defer { finished.signal() }
            while !done.load(ordering: .acquiring) {
                let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { continue }
                var info = stat()
                if fstat(fd, &info) != 0 { broken.add(1, ordering: .relaxed) }
                if close(fd) != 0 { broken.add(1, ordering: .relaxed) }
            }
        }
        other.start()
        for _ in 0..<20_000 {
            // A device is refused after it is opened: it is not a regular file.
            #expect(throws: JournalError.self) { try FileJournalStore(path: "/dev/null") }
        }
        done.store(true, ordering: .releasing)
        finished.wait()
        #expect(broken.load(ordering: .relaxed) == 0, "the other thread's descriptor was closed under it")
    }
}
