import Foundation
import PasscodeTestSupport
import Testing

/// Started with descriptor 0, 1 or 2 closed, `passcode` opens `/dev/null` there before anything else opens a
/// file, so no pipe or file of its own takes the number; a command whose product is standard output refuses to
/// run without one.
@Suite("closed standard descriptors at start")
struct ClosedStandardDescriptorTests {
  @Test("askpass with standard input and output closed asks nothing, writes nothing, and exits 74 in words")
  func askpassWithoutStandardOutput() throws {
    let store = try StoreDirectory()
    let run = try PasscodeRun(
      executable: "/bin/bash", arguments: ["-c", "exec \"$0\" askpass --speech off <&- >&-", PasscodeBinary.path],
      store: store)
    let status = try run.finish()
    #expect(status == .exited(74), "output: \(run.output)")
    #expect(run.output.contains("Could not write the output"), "output: \(run.output)")
    #expect(!run.output.contains("Passphrase"), "it asked for a passphrase it could not deliver: \(run.output)")
  }

  @Test("status with standard output closed fails (74) rather than printing into nothing")
  func statusWithoutStandardOutput() throws {
    let store = try StoreDirectory()
    let run = try PasscodeRun(
      executable: "/bin/bash", arguments: ["-c", "exec \"$0\" status >&-", PasscodeBinary.path], store: store)
    #expect(try run.finish() == .exited(74), "output: \(run.output)")
    #expect(run.output.contains("Could not write the output"), "output: \(run.output)")
  }

  @Test("a prompt started with standard input closed still asks on its terminal, and the code is not written out")
  func checkWithoutStandardInput() throws {
    let store = try StoreDirectory()
    _ = try StoredPasscodeEndToEndTests.setPasscode(in: store)
    let run = try PasscodeRun(
      executable: "/bin/bash",
      arguments: ["-c", "exec \"$0\" check --store \"$1\" --speech off <&-", PasscodeBinary.path, store.path],
      store: store)
    try run.expect("6 digits")
    try run.type(StoredPasscodeEndToEndTests.rightCode)
    try run.expect("Passcode accepted")
    #expect(try run.finish() == .exited(0))
    try StoredPasscodeEndToEndTests.expectNoSecret(in: [run.output], store: store)
  }
}
