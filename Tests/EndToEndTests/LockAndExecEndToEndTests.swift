import Foundation
import PasscodeTestSupport
import Testing

/// `lock` and `exec`, and the grace period between them, end to end.
@Suite("Lock, exec and grace, end to end", .serialized)
struct LockAndExecEndToEndTests {
  typealias Codes = StoredPasscodeEndToEndTests

  @Test("lock ignores Ctrl-C, Ctrl-Z, Ctrl-\\ and SIGINT, SIGTSTP, SIGQUIT; only the right code ends it")
  func lockIgnoresInterruptions() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let run = try PasscodeRun("lock", store: store)
    try run.expect("Terminal Locked, 6 digits")
    try run.type("\u{03}")
    try run.type("\u{1a}")
    try run.type("\u{1c}")
    for signal in [SIGINT, SIGTSTP, SIGQUIT] { try run.process.signal(signal) }
    try run.type(Codes.wrongCode)
    try run.expect("Wrong passcode")
    try run.enter(Codes.rightCode, after: "Ready")
    try run.expect("Passcode accepted")
    #expect(try run.finish() == .exited(0))
    try Codes.expectNoSecret(in: [run.output], store: store)
  }

  @Test("exec passes through the command's exit status")
  func execPassesStatus() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let run = try PasscodeRun("exec", store: store, ["--", "sh", "-c", "echo command-ran; exit 7"])
    try run.enter(Codes.rightCode, after: "Enter Passcode, 6 digits")
    try run.expect("command-ran")
    #expect(try run.finish() == .exited(7))
  }

  @Test("exec restores the terminal (canonical mode, echo on) before the command starts")
  func execRestoresTerminal() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let run = try PasscodeRun("exec", store: store, ["--", "sh", "-c", "stty -a; echo settings-shown"])
    try run.enter(Codes.rightCode, after: "Enter Passcode, 6 digits")
    let settings = try run.expect("settings-shown")
    #expect(try run.finish() == .exited(0))
    #expect(settings.contains("icanon"))
    #expect(!settings.contains("-icanon"))
    #expect(!settings.contains("-echo "))
  }

  @Test("exec keeps the signals its caller ignored (trap '' HUP INT QUIT PIPE) and blocks none")
  func execKeepsIgnoredSignals() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let script =
      "trap '' HUP INT QUIT PIPE; exec '\(PasscodeBinary.path)' exec --store '\(store.path)' --speech off"
      + " -- sh -c 'grep -E \"^Sig(Blk|Ign):\" /proc/self/status; echo status-shown'"
    let run = try PasscodeRun(executable: "/bin/sh", arguments: ["-c", script], store: store)
    try run.enter(Codes.rightCode, after: "Enter Passcode, 6 digits")
    let shown = try run.expect("status-shown")
    #expect(try run.finish() == .exited(0))
    func mask(_ name: String) -> UInt64? {
      let line = shown.split(whereSeparator: \.isNewline).first { $0.hasPrefix(name + ":") }
      return line.flatMap { UInt64($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16) }
    }
    // Bits 0 to 30 are the standard signals 1 to 31: SIGHUP 1, SIGINT 2, SIGQUIT 3 and SIGPIPE 13.
    let standardSignals: UInt64 = 0x7fff_ffff
    #expect(mask("SigIgn").map { $0 & standardSignals } == 0x1007, "\(shown)")
    #expect(mask("SigBlk").map { $0 & standardSignals } == 0, "\(shown)")
  }

  @Test("exec gives 127 for a missing command and 126 for one that cannot run, before asking for the code")
  func execCannotRun() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let missing = try PasscodeRun("exec", store: store, ["--", "passcode-no-such-command-here"])
    #expect(try missing.finish() == .exited(127))
    #expect(missing.output.contains("command not found"))
    #expect(!missing.output.contains("Enter Passcode"), "nothing is asked for a command that cannot run")

    try store.write("#!/bin/sh\nexit 0\n", to: "not-executable", mode: 0o600)
    let refused = try PasscodeRun("exec", store: store, ["--", store.child("not-executable")])
    #expect(try refused.finish() == .exited(126))
    #expect(!refused.output.contains("Enter Passcode"))

    let found = try PasscodeRun("exec", store: store, ["--", "sh", "-c", "exit 5"])
    try found.enter(Codes.rightCode, after: "Enter Passcode, 6 digits")
    #expect(try found.finish() == .exited(5), "a command on PATH is still run after the right code")
  }

  @Test("a wrong code does not run the command")
  func execWrongCodeDoesNotRun() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let run = try PasscodeRun("exec", store: store, ["--", "sh", "-c", "echo must-not-run"])
    try run.enter(Codes.wrongCode, after: "Enter Passcode, 6 digits")
    try run.expect("Ready")
    try run.type("\u{1b}")
    #expect(try run.finish() == .exited(2))
    #expect(!run.output.contains("must-not-run"))
  }

  @Test("a second exec within the grace period does not ask; one after lock asks again")
  func graceThenLock() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    func passcode(_ arguments: String) -> String {
      "'\(PasscodeBinary.path)' \(arguments) --store '\(store.path)' --speech off"
    }
    let script = [
      passcode("exec --grace 60") + " -- echo first-ran",
      passcode("exec --grace 60") + " -- echo second-ran",
      passcode("lock"),
      passcode("exec --grace 60") + " -- echo third-ran",
      "echo all-done",
    ].joined(separator: "; ")
    let run = try PasscodeRun(executable: "/bin/sh", arguments: ["-c", script], store: store)
    try run.enter(Codes.rightCode, after: "Enter Passcode, 6 digits")
    try run.expect("first-ran")
    let between = try run.expect("second-ran")
    #expect(!between.contains("Enter Passcode"))
    try run.enter(Codes.rightCode, after: "Terminal Locked, 6 digits")
    try run.enter(Codes.rightCode, after: "Enter Passcode, 6 digits")
    try run.expect("third-ran")
    try run.expect("all-done")
    #expect(try run.finish() == .exited(0))
    try Codes.expectNoSecret(in: [run.output], store: store)
  }

  @Test("a stamp counts only within the grace in force now, not the longer one it was recorded with")
  func graceIsCappedByCurrentValue() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let passcode = graceCommand(store)
    // The stamp is made to look an hour old, as if `check --grace 86400` had passed an hour ago.
    let script = [
      passcode("check --grace 86400"),
      "sed -i 's/^recorded .*/recorded 0/' '\(store.path)'/grace-pts*",
      passcode("exec --grace 60") + " -- echo second-ran",
    ].joined(separator: "; ")
    let run = try PasscodeRun(executable: "/bin/sh", arguments: ["-c", script], store: store)
    try run.enter(Codes.rightCode, after: "Enter Passcode, 6 digits")
    try run.expect("Passcode accepted")
    try run.enter(Codes.rightCode, after: "Enter Passcode, 6 digits")
    try run.expect("second-ran")
    #expect(try run.finish() == .exited(0))
  }

  @Test("status after the largest grace there is says, in words and in JSON, that a grace is left")
  func statusAfterLargestGrace() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let passcode = graceCommand(store)
    let status = "'\(PasscodeBinary.path)' status --store '\(store.path)'"
    let script = [
      passcode("check --grace \(Int64.max)"),
      status + "; echo \"status-exit-$?.\"",
      status + " --json; echo \"json-exit-$?.\"",
    ].joined(separator: "; ")
    let run = try PasscodeRun(executable: "/bin/sh", arguments: ["-c", script], store: store)
    try run.enter(Codes.rightCode, after: "Enter Passcode, 6 digits")
    try run.expect("Passcode accepted")
    let words = try run.expect("status-exit-")
    #expect(try run.expect(".") == "0.", "status exits 0: \(words)")
    let grace = words.split(whereSeparator: \.isNewline).first { $0.hasPrefix("Grace: ") }
    #expect(grace?.contains("hours") == true && grace?.hasSuffix("remaining on this terminal") == true, "\(words)")
    let json = try run.expect("json-exit-")
    #expect(try run.expect(".") == "0.", "status --json exits 0: \(json)")
    let field = "\"grace_remaining_seconds\":"
    let seconds = json.components(separatedBy: field).dropFirst().first?.prefix { $0.isNumber }
    #expect(seconds.flatMap { Int64($0) }.map { $0 > 86400 * 365 } == true, "\(json)")
    #expect(try run.finish() == .exited(0))
    // The JSON's count of seconds is a long run of digits, so only the codes themselves are looked for.
    #expect(!run.output.contains(Codes.rightCode) && !run.output.contains(Codes.wrongCode))
  }

  @Test(
    "set, remove and a wrong code void every grace stamp",
    arguments: ["set", "wrong", "remove"])
  func stampsAreVoided(event: String) throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let passcode = graceCommand(store)
    let middle =
      switch event {
      case "set": passcode("set")
      case "remove": passcode("remove") + "; " + passcode("set")
      default: passcode("check")
      }
    let script = [
      passcode("exec --grace 60") + " -- echo first-ran", middle, passcode("exec --grace 60") + " -- echo second-ran",
    ].joined(separator: "; ")
    let run = try PasscodeRun(executable: "/bin/sh", arguments: ["-c", script], store: store)
    try run.enter(Codes.rightCode, after: "Enter Passcode, 6 digits")
    try run.expect("first-ran")
    var code = Codes.rightCode
    switch event {
    case "set":
      code = "305928"
      try run.enter(Codes.rightCode, after: "Current Passcode, 6 digits")
      try run.enter(code, after: "New Passcode, 6 digits")
      try run.enter(code, after: "Enter the same passcode again")
      try run.expect("Passcode set.")
    case "remove":
      try run.enter(Codes.rightCode, after: "Current Passcode, 6 digits")
      try run.expect("Passcode removed.")
      try run.enter(code, after: "New Passcode, 6 digits")
      try run.enter(code, after: "Enter the same passcode again")
      try run.expect("Passcode set.")
    default:
      try run.enter(Codes.wrongCode, after: "Enter Passcode, 6 digits")
      try run.expect("Wrong passcode")
      try run.enter(Codes.rightCode, after: "Ready")
      try run.expect("Passcode accepted")
    }
    // The second exec must ask again: the stamp from the first is void.
    try run.enter(code, after: "Enter Passcode, 6 digits")
    try run.expect("second-ran")
    #expect(try run.finish() == .exited(0))
  }

  private func graceCommand(_ store: StoreDirectory) -> (String) -> String {
    { arguments in "'\(PasscodeBinary.path)' \(arguments) --store '\(store.path)' --speech off" }
  }
}
