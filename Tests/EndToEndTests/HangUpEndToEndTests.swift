import Foundation
import PasscodeTestSupport
import Testing

/// A prompt on a terminal that hangs up ends cleanly with exit status 69, even when the terminal is not
/// the controlling one (no SIGHUP comes then), and nothing it guarded goes ahead.
@Suite("a terminal that hangs up", .serialized)
struct HangUpEndToEndTests {
  typealias Codes = StoredPasscodeEndToEndTests

  @Test(
    "a hang-up of the --tty terminal ends lock, exec and check with status 69; exec runs nothing",
    arguments: [["lock"], ["check"], ["exec", "--", "sh", "-c", "echo command-ran > ran"]])
  func hangUpOfOtherTerminal(arguments: [String]) throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    var prompted: PseudoTerminal? = try PseudoTerminal()
    let path = try #require(prompted?.slavePath)
    var command = arguments
    let options = ["--tty", path, "--store", store.path, "--speech", "off"]
    if let separator = command.firstIndex(of: "--") {
      command.insert(contentsOf: options, at: separator)
    } else {
      command += options
    }
    // The controlling terminal is another one, as with `setsid passcode lock --tty /dev/pts/N`.
    let run = try PasscodeRun(
      executable: "/bin/sh", arguments: ["-c", "cd \"$0\" && exec \"$@\"", store.path, PasscodeBinary.path] + command,
      store: store)
    _ = try prompted?.readUntil("6 digits", timeout: PasscodeRun.patience)
    try prompted?.write("86")
    _ = try prompted?.readUntil("2 of 6 digits entered", timeout: PasscodeRun.patience)
    prompted = nil  // closes the master and this process's slave: the prompt's terminal hangs up
    #expect(try run.finish() == .exited(69))
    #expect(run.output.contains("hung up"), "output: \(run.output)")
    #expect(!FileManager.default.fileExists(atPath: store.child("ran")), "exec ran its command")
  }
}
