import PasscodeCommandLine
import Testing

@Suite("Exit codes")
struct ExitCodeTests {
  @Test("the documented exit statuses keep their numbers")
  func stableNumbers() {
    let expected: [(ExitCode, Int32)] = [
      (.accepted, 0), (.wrongNoTriesLeft, 1), (.cancelled, 2), (.timedOut, 3), (.lockedOut, 4), (.usage, 64),
      (.noPasscodeSet, 66), (.noTerminal, 69), (.storageError, 74), (.protocolError, 76), (.permissionDenied, 77),
      (.cannotExecute, 126), (.commandNotFound, 127),
    ]
    for (code, number) in expected { #expect(code.rawValue == number) }
    #expect(Set(expected.map(\.0)).count == expected.count)
    #expect(ExitCode(rawValue: 64) == .usage)
  }
}
