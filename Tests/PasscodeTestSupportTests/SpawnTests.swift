import PasscodeTestSupport
import SystemCalls
import Testing

/// One field of `/proc/PID/status`, such as `SigBlk`.
private func statusField(_ name: String, of process: ProcessIdentifier) throws -> String {
  let file = try FileDescriptor.open("/proc/\(process.rawValue)/status", .readOnly)
  defer { file.closeIgnoringErrors() }
  let text = String(decoding: try file.readToEnd(), as: UTF8.self)
  for line in text.split(separator: "\n") where line.hasPrefix("\(name):") {
    return line.dropFirst(name.count + 1).trimmingPrefix(while: { $0 == " " || $0 == "\t" }).description
  }
  return ""
}

extension Substring {
  fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
    self[(firstIndex { !predicate($0) } ?? endIndex)...]
  }
}

@Suite("Spawn")
struct SpawnTests {
  @Test(
    "a child spawned from a thread that blocks every signal and ignores SIGPIPE starts with none blocked or ignored")
  func childStartsWithDefaultSignals() throws {
    let previousPipeAction = try SignalAction.ignore.install(for: .brokenPipe)
    defer { _ = try? previousPipeAction.install(for: .brokenPipe) }
    let child = try SignalSet.all.withThreadMask {
      #expect(SignalSet.threadMask.contains(.terminate))
      var spawn = Spawn(executable: "sleep", arguments: ["60"], environment: ["PATH": "/usr/bin:/bin"])
      spawn.searchesPath = true
      return try spawn.runPinned()
    }
    defer {
      try? child.send(.kill)
      _ = try? child.waitForExit()
    }
    // Bits 0 to 30 are the standard signals 1 to 31; glibc keeps its own real-time signals (32, 33) apart.
    let standardSignals: UInt64 = 0x7fff_ffff
    #expect(try UInt64(statusField("SigBlk", of: child), radix: 16).map { $0 & standardSignals } == 0)
    #expect(try UInt64(statusField("SigIgn", of: child), radix: 16).map { $0 & standardSignals } == 0)
  }

  @Test("file actions give the child a pipe as its output, and the exit code comes back")
  func fileActionsAndExitCode() throws {
    let output = try Pipe()
    var spawn = Spawn(executable: "/bin/sh", arguments: ["-c", "echo hello; exit 3"], environment: [:])
    spawn.fileActions = [
      .open(.standardInput, path: "/dev/null", .readOnly, [], permissions: 0),
      .duplicate(output.writeEnd, as: .standardOutput),
    ]
    let child = try spawn.runPinned()
    output.writeEnd.closeIgnoringErrors()
    let printed = try output.readEnd.readToEnd()
    output.readEnd.closeIgnoringErrors()
    let status = try child.waitForExit()
    #expect(String(decoding: printed, as: UTF8.self) == "hello\n")
    #expect(status.exitCode == 3)
  }

  @Test("the child holds none of the parent's other descriptors")
  func otherDescriptorsAreClosed() throws {
    let kept = try Pipe()
    try kept.writeEnd.setClosesOnExec(false)
    defer { kept.close() }
    let output = try Pipe()
    var spawn = Spawn(
      executable: "/bin/sh", arguments: ["-c", "ls /proc/self/fd | wc -l"], environment: [:])
    spawn.fileActions = [.duplicate(output.writeEnd, as: .standardOutput)]
    let child = try spawn.runPinned()
    output.writeEnd.closeIgnoringErrors()
    let printed = String(decoding: try output.readEnd.readToEnd(), as: UTF8.self)
    output.readEnd.closeIgnoringErrors()
    try child.waitForExit()
    // 0, 1, 2, the pipe to `wc` in place of 1, and the directory `ls` reads: nothing inherited from us.
    #expect(Int(printed.filter(\.isNumber)) ?? 99 <= 4)
  }

  @Test("a signal that ends the child is decoded from the wait status")
  func signalledChild() throws {
    let child = try Spawn(executable: "/bin/sleep", arguments: ["60"], environment: [:]).runPinned()
    try child.send(.terminate)
    let status = try child.waitForExit()
    #expect(status.terminatingSignal == .terminate)
    #expect(status.exitCode == nil)
  }
}
