import PasscodeCommandLine
import Testing

/// One row of a table-driven parse test: a command line and the invocation it must give.
struct ParseCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var programName = "passcode"
  var environment: [String: String] = [:]
  var expected: Invocation

  init(
    _ arguments: [String], programName: String = "passcode", environment: [String: String] = [:],
    _ expected: Invocation
  ) {
    self.arguments = arguments
    self.programName = programName
    self.environment = environment
    self.expected = expected
  }

  var testDescription: String {
    let environmentText = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value) " }.joined()
    return environmentText + ([programName] + arguments).joined(separator: " ")
  }
}
