import PasscodeTestSupport
import SystemCalls
import Testing

/// `KDGKBLED` for real: on a spare kernel virtual console (the braille lab's ``VirtualConsole``) it reads
/// the lock keys' state, and on a pseudo-terminal it fails, so nothing is guessed.
@Suite("The lock keys' state through KDGKBLED", .serialized)
struct KeyboardLocksConsoleTests {
  @Test("the flags' bits are Num Lock 0x02 and Caps Lock 0x04; Scroll Lock 0x01 is neither")
  func flags() {
    #expect(KeyboardLocks(flags: 0x04) == KeyboardLocks(capsLock: true, numLock: false))
    #expect(KeyboardLocks(flags: 0x02) == KeyboardLocks(capsLock: false, numLock: true))
    #expect(KeyboardLocks(flags: 0x01) == KeyboardLocks(capsLock: false, numLock: false))
  }

  @Test("a pseudo-terminal has no lock state to read")
  func pseudoTerminal() throws {
    let pair = try PseudoTerminalPair(size: WindowSize(columns: 80, rows: 24))
    defer {
      pair.master.closeIgnoringErrors()
      pair.slave.closeIgnoringErrors()
    }
    #expect(pair.slave.keyboardLocks() == nil)
  }

  @Test(
    "a virtual console reads back the Caps Lock and Num Lock it was given",
    .enabled(if: VirtualConsole.unavailableReason == nil, "needs root and a spare kernel console"))
  func virtualConsole() throws {
    let console = try VirtualConsole()
    let descriptor = FileDescriptor(rawValue: console.fileDescriptor)
    let before = try #require(descriptor.keyboardLocks(), "KDGKBLED works on \(console.path)")
    defer { try? descriptor.setKeyboardLocks(before) }
    for locks in [
      KeyboardLocks(capsLock: true, numLock: false), KeyboardLocks(capsLock: false, numLock: true),
      KeyboardLocks(capsLock: true, numLock: true),
    ] {
      try descriptor.setKeyboardLocks(locks)
      #expect(descriptor.keyboardLocks() == locks)
    }
  }
}
