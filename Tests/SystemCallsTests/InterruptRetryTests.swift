import Glibc
import Synchronization
import Testing

@testable import SystemCalls

/// How many times the test's `SIGUSR1` handler ran.
private let handledSignals = Atomic<Int>(0)

/// A thread that reads one byte from a pipe, so a test can interrupt its `read` with a real signal.
private final class BlockedReader: @unchecked Sendable {
  let pipe: Pipe
  let retries: Bool
  let threadIdentifier = Atomic<Int32>(0)
  let outcome = Mutex<Result<Int, Errno>?>(nil)
  var thread = pthread_t()

  init(retries: Bool) throws {
    pipe = try Pipe()
    self.retries = retries
  }

  /// Starts the thread with `SIGUSR1` unblocked.
  func start() {
    let box = Unmanaged.passRetained(self)
    pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        let reader = Unmanaged<BlockedReader>.fromOpaque(raw).takeRetainedValue()
        try? SignalSet([.user1]).unblockInThread()
        reader.threadIdentifier.store(ProcessIdentifier.currentThread.rawValue, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 0
        let result = Result { () throws(Errno) -> Int in
          try withUnsafeMutableBytes(of: &byte) { (raw) throws(Errno) -> Int in
            try reader.pipe.readEnd.read(into: raw, retryOnInterrupt: reader.retries)
          }
        }
        reader.outcome.withLock { $0 = result }
        return nil
      }, box.toOpaque())
  }

  /// Waits until the thread sleeps inside `read` (system call 0 on x86-64), then sends it `SIGUSR1`.
  func interruptOnceBlocked() throws {
    while threadIdentifier.load(ordering: .sequentiallyConsistent) == 0 { sleep(for: .milliseconds(1)) }
    let path = "/proc/self/task/\(threadIdentifier.load(ordering: .sequentiallyConsistent))/syscall"
    for _ in 0..<10_000 {
      let file = try FileDescriptor.open(path, .readOnly)
      let text = String(decoding: try file.readToEnd(), as: UTF8.self)
      file.closeIgnoringErrors()
      if text.hasPrefix("0 ") { break }
      sleep(for: .milliseconds(1))
    }
    pthread_kill(thread, SIGUSR1)
  }

  func finish() -> Result<Int, Errno>? {
    pthread_join(thread, nil)
    pipe.close()
    return outcome.withLock { $0 }
  }
}

@Suite("Interrupted calls", .serialized)
struct InterruptRetryTests {
  init() throws {
    try SignalAction.handler { _ in handledSignals.add(1, ordering: .sequentiallyConsistent) }.install(for: .user1)
  }

  @Test("a read that a real signal interrupts is retried and still returns the byte written later")
  func readIsRetriedAfterASignal() throws {
    let before = handledSignals.load(ordering: .sequentiallyConsistent)
    let reader = try BlockedReader(retries: true)
    reader.start()
    try reader.interruptOnceBlocked()
    while handledSignals.load(ordering: .sequentiallyConsistent) == before { sleep(for: .milliseconds(1)) }
    try reader.pipe.writeEnd.writeAll([42])
    let outcome = reader.finish()
    #expect(try outcome?.get() == 1)
  }

  @Test("without the retry the same signal surfaces as Errno.interrupted")
  func readWithoutRetryReportsTheInterruption() throws {
    let reader = try BlockedReader(retries: false)
    reader.start()
    try reader.interruptOnceBlocked()
    let outcome = reader.finish()
    #expect(throws: Errno.interrupted) { try outcome?.get() }
  }

  @Test("a failed call throws the errno it left, with the system's message")
  func failureCarriesErrno() {
    #expect(throws: Errno.noSuchFileOrDirectory) {
      try FileDescriptor.open("/nonexistent/passcode-system-calls", .readOnly)
    }
    #expect(Errno.noSuchFileOrDirectory.description == "No such file or directory")
  }
}
