import PasscodeCommandLine
import Testing

/// Other clients start pinentries with options of their own: `pinentry` ignores what it does not know.
@Suite("pinentry ignores options it does not know")
struct PinentryUnknownOptionsTests {
  private func invocation(_ arguments: [String], programName: String = "pinentry-passcode") throws -> Invocation? {
    guard
      case let .run(invocation) = try CommandLineParser.parse(
        arguments: arguments, programName: programName, environment: [:])
    else { return nil }
    return invocation
  }

  @Test("an unknown option, with its value, is ignored and recorded; the known ones still apply")
  func ignoredAndRecorded() throws {
    let parsed = try invocation(["--grab", "--ttyname", "/dev/pts/3", "--window-role=password", "--depth", "42", "-x"])
    #expect(parsed?.subcommand == .pinentry)
    #expect(parsed?.options.tty == "/dev/pts/3")
    #expect(parsed?.ignoredOptions == ["--grab", "--window-role", "--depth", "-x"])
  }

  @Test("passcode pinentry ignores them too; every other subcommand still refuses them")
  func onlyUnderPinentry() throws {
    #expect(try invocation(["pinentry", "--grab"], programName: "passcode")?.ignoredOptions == ["--grab"])
    #expect(throws: UsageError.self) { try invocation(["check", "--grab"], programName: "passcode") }
  }
}
