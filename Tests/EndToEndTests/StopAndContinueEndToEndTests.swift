import Foundation
import PasscodeTestSupport
import Testing

/// An interactive bash with job control on a run's terminal, as in the repro: it runs `passcode` as a
/// foreground job in a process group of its own, takes the terminal (and its own settings) back when the job
/// stops, and continues it with `fg`. Without such a shell, a stopped job's process group is orphaned and
/// the kernel drops SIGTTIN and SIGTTOU.
private final class JobControlShell {
  static let prompt = "shell-ready$ "
  let run: PasscodeRun
  private let store: StoreDirectory
  private var passcode: pid_t?

  init(store: StoreDirectory) throws {
    self.store = store
    run = try PasscodeRun(
      executable: "/bin/bash", arguments: ["--norc", "--noprofile", "-i"], store: store,
      environment: ["PS1": Self.prompt, "HISTFILE": "/dev/null", "BINARY": PasscodeBinary.path])
    try run.expect(Self.prompt)
  }

  deinit {
    if let passcode { LabProcessTable.kill([passcode]) }
  }

  /// Types `passcode SUBCOMMAND` at the shell (the store is `~`, so no path with digits is echoed), waits for
  /// its first words, then types the right code's first two digits.
  func start(_ subcommand: String, until text: String) throws {
    try run.type("\"$BINARY\" \(subcommand) --store ~ --speech off\n")
    try run.expect(text)
    passcode = LabProcessTable.processes(withArguments: [subcommand, "--store", store.path]).first
    try run.type("86")
    try run.expect("2 of 6 digits entered")
  }

  /// Types a digit once raw mode is back, and checks that it is read (`progress` comes) and not echoed.
  func typeUnechoed(_ digit: String, expecting progress: String) throws {
    try #require(try run.terminal.isRaw(), "raw mode was not entered again")
    try run.type(digit)
    let echoed = try run.expect(progress)
    #expect(!echoed.contains(digit), "the digit was echoed: \(echoed)")
  }

  /// Types the rest of the right code, and leaves the shell once it was accepted; nothing secret was shown.
  func finish(typing rest: String) throws {
    try run.type(rest)
    try run.expect("Passcode accepted")
    try run.expect(Self.prompt)
    try run.type("exit\n")
    #expect(try run.finish() == .exited(0))
    try StoredPasscodeEndToEndTests.expectNoSecret(in: [run.output], store: store)
  }

  /// Sends a signal to the `passcode` job, from outside, as `kill` in another terminal does.
  func signal(_ number: Int32) throws {
    let passcode = try #require(passcode, "no passcode process")
    #expect(kill(passcode, number) == 0)
  }

  /// Stops the job with a signal, waits for the shell to take the terminal back, then types `fg`.
  func stopAndContinue(with number: Int32) throws {
    try signal(number)
    try run.expect("Stopped")
    try run.expect(Self.prompt)
    // Before running `fg`, the shell puts back its own settings (echo and line input on), as bash does.
    try run.type("fg\n")
  }
}

/// A prompt stopped from outside (`kill -TTIN`, `-TTOU`, `-STOP`) and continued with `fg` after the shell took
/// the terminal back: raw mode comes back, so nothing typed is echoed and every key is read; `lock` ignores
/// SIGTTIN and SIGTTOU, and after SIGSTOP comes back locked.
@Suite("Stop and continue under a job-control shell, end to end", .serialized)
struct StopAndContinueEndToEndTests {
  typealias Codes = StoredPasscodeEndToEndTests

  @Test(
    "check stopped by SIGTTIN, SIGTTOU or SIGSTOP, then fg: raw again, a typed digit is read and not echoed",
    arguments: [SIGTTIN, SIGTTOU, SIGSTOP])
  func checkComesBackRaw(signal: Int32) throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let shell = try JobControlShell(store: store)
    try shell.start("check", until: "Enter Passcode, 6 digits")
    try shell.stopAndContinue(with: signal)
    try shell.run.expect("2 of 6 digits entered")
    try shell.typeUnechoed("0", expecting: "3 of 6 digits entered")
    try shell.finish(typing: "317")
  }

  @Test("lock ignores SIGTTIN and SIGTTOU as it ignores SIGTSTP: it keeps the terminal and reads on")
  func lockIgnoresBackgroundStops() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let shell = try JobControlShell(store: store)
    try shell.start("lock", until: "Terminal Locked, 6 digits")
    for number in [SIGTTIN, SIGTTOU, SIGTSTP] { try shell.signal(number) }
    try shell.run.type("0")
    let between = try shell.run.expect("3 of 6 digits entered")
    #expect(!between.contains("Stopped"))
    try shell.finish(typing: "317")
  }

  @Test("lock stopped by SIGSTOP, then fg: says it is locked again, in raw mode, with the entry cleared")
  func lockRelocksAfterStop() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let shell = try JobControlShell(store: store)
    try shell.start("lock", until: "Terminal Locked, 6 digits")
    try shell.stopAndContinue(with: SIGSTOP)
    try shell.run.expect("Locked again after a stop, entry cleared")
    try shell.typeUnechoed("8", expecting: "1 of 6 digits entered")
    try shell.finish(typing: "60317")
  }
}
