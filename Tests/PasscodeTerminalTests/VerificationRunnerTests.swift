import Dispatch
import LockedSecretStorage
import PasscodeEngine
import Synchronization
import SystemCalls
import Testing

@testable import PasscodeTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Verification runner")
struct VerificationRunnerTests {
  @Test("the verifier reads the whole code even if the prompt ends meanwhile; the runner wipes it after")
  func wipesAfterTheVerifierReturns() throws {
    let runner = try VerificationRunner()
    let storage = WipedSecretBuffer(capacity: 4)
    _ = Array("2580".utf8).withUnsafeBytes { storage.append(contentsOf: $0) }
    let release = DispatchSemaphore(value: 0)
    let seen = Mutex<[UInt8]>([])
    runner.start(storage) { secret in
      release.wait()
      seen.withLock { $0 = secret.withUnsafeBytes { Array($0) } }
      return .accepted
    }
    // The prompt is cancelled here: the engine leaves the storage alone while verifying.
    release.signal()
    var ready = pollfd(fd: runner.readEnd.rawValue, events: Int16(POLLIN), revents: 0)
    #expect(poll(&ready, 1, 30_000) == 1, "the verifier answers")
    #expect(runner.takeAnswer() != nil)
    #expect(seen.withLock { $0 } == Array("2580".utf8))
    #expect(storage.count == 0, "wiped once the verifier returned")
  }
}
