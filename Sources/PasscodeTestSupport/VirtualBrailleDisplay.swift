import Foundation
import _Concurrency

/// The real brltty reading one ``VirtualConsole`` and writing to a virtual braille display that this object
/// is: brltty's `vr` driver is a socket server, and this is its client, told the display has 40 cells.
///
/// brltty runs with the Linux screen driver pinned to the console (`-x lx -X vt=N`), so it never switches
/// the active console, and with a private directory for its preferences, state and socket, no speech, and no
/// API server unless asked (then at its own address, `:1000+N`), so a system brltty (if one runs, on the active
/// console and BrlAPI's `:0`) and this one never meet. It sends a window only when it changes;
/// ``waitForWindow(from:timeout:where:)`` reads those updates until one matches.
package final class VirtualBrailleDisplay {
  /// The cells the display says it has.
  package let cellCount: Int
  /// The private directory (preferences, state, `vr.sock`, `brltty.log`).
  package let directory: String
  /// The BrlAPI address of this brltty (`:1000+N` for console N, or ``loopbackApiHost(console:)``), for
  /// `BRLAPI_HOST`, when it serves the API.
  package let apiHost: String

  /// The BrlAPI address on the loopback interface for console N (`127.0.0.1:N`, TCP port 4101+N): what a client
  /// running as another user, such as a lab's Orca, reaches without `/var/lib/BrlAPI`.
  ///
  /// - Parameter number: The console's number.
  /// - Returns: The address for `BRLAPI_HOST`.
  package static func loopbackApiHost(console number: Int) -> String { "127.0.0.1:\(number)" }
  private let process: SpawnedProcess

  /// brltty's process, for a lab's pinned detection tree (``PinnedDetection/addProcess(_:)``).
  package var processIdentifier: Int32 { process.pid }
  private let socket: Int32
  private let table: BrailleTextTable
  private var pending: [UInt8] = []
  private var pendingVisual = ""
  private var isSocketOpen = true
  private var hasEnded = false
  /// The window the display shows now.
  package private(set) var window: BrailleWindow
  /// Every window shown since the display connected, oldest first.
  package private(set) var history: [BrailleWindow] = []

  /// Why this machine cannot run the lab's brltty, or `nil` when it can.
  package static var unavailableReason: String? {
    if let reason = VirtualConsole.unavailableReason { return reason }
    for program in ["/usr/bin/brltty", "/usr/bin/brltty-ttb"]
    where !FileManager.default.isExecutableFile(atPath: program) {
      return "\(program) is missing (Debian package brltty)"
    }
    return nil
  }

  /// Starts brltty on the console and connects to it as a display of `cellCount` cells.
  ///
  /// - Parameters:
  ///   - console: The console brltty reads.
  ///   - table: The text table brltty uses (en-nabcc), to read the dots back.
  ///   - cellCount: The display's width.
  ///   - timeout: The longest wait for brltty to listen and show its first window.
  ///   - servesApi: Whether brltty also serves BrlAPI, without authorisation, at `BRLAPI_HOST=`
  ///     ``apiHost`` (a socket in `/var/lib/BrlAPI`); otherwise it runs with no API server (`-N`).
  ///   - servesApiOnLoopback: Whether it serves BrlAPI over TCP on the loopback interface instead
  ///     (``loopbackApiHost(console:)``), as a lab's Orca running as another user needs.
  /// - Throws: ``SpeechTestSupportError/notReady(_:)`` when brltty does not come up.
  package init(
    console: VirtualConsole, table: BrailleTextTable, cellCount: Int = 40, timeout: Duration = .seconds(15),
    servesApi: Bool = false, servesApiOnLoopback: Bool = false
  ) throws {
    self.cellCount = cellCount
    self.table = table
    // A brltty left by a test process that died while holding this console reads it still: end it.
    LabProcessTable.kill(
      LabProcessTable.processes(withArguments: ["-x", "lx", "-X", "vt=\(console.number)", "-b", "vr"]))
    var template = Array("/tmp/passcode-brl.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw SpeechTestSupportError.systemCall("mkdtemp", errno: errno) }
    directory = String(cString: made)
    let socketPath = directory + "/vr.sock"
    apiHost = servesApiOnLoopback ? Self.loopbackApiHost(console: console.number) : ":\(1000 + console.number)"
    let api = servesApi || servesApiOnLoopback ? ["-A", "host=\(apiHost),auth=none"] : ["-N"]
    if servesApi {
      // A brltty killed earlier on this console (which this run holds) may have left its socket and lock file.
      for stale in ["/var/lib/BrlAPI/\(1000 + console.number)", "/var/lib/BrlAPI/.\(1000 + console.number)"] {
        try? FileManager.default.removeItem(atPath: stale)
      }
    }
    process = try SpawnedProcess(
      executable: "/usr/bin/brltty",
      arguments: ["-n", "-e", "-Z", "-q"] + api + [
        "-f", "/dev/null", "-F", directory + "/preferences", "-W", directory, "-U",
        directory, "-s", "no", "-b", "vr", "-d", "server:" + socketPath, "-x", "lx", "-X", "vt=\(console.number)",
        "-t", "en-nabcc",
      ], outputPath: directory + "/brltty.log")
    window = BrailleWindow(visual: "", cells: Array(repeating: 0, count: cellCount), table: table)
    let deadline = ContinuousClock.now + timeout
    var connected: Int32?
    while connected == nil, ContinuousClock.now < deadline, process.isRunning {
      connected = VirtualConsoleCalls.connectUnix(socketPath)
      if connected == nil { PseudoTerminalCalls.pause(.milliseconds(20)) }
    }
    guard let connected else {
      let log = (try? String(contentsOfFile: directory + "/brltty.log", encoding: .utf8)) ?? ""
      Self.end(process, directory: directory)
      throw SpeechTestSupportError.notReady("brltty's virtual braille socket; its log:\n\(log)")
    }
    socket = connected
    do {
      try PseudoTerminalCalls.write(socket, Array("cells \(cellCount)\n".utf8))
      guard waitForWindow(timeout: deadline - ContinuousClock.now, where: { _ in true }) != nil else {
        throw SpeechTestSupportError.notReady("brltty's first braille window")
      }
      let apiSocket = "/var/lib/BrlAPI/\(1000 + console.number)"
      while servesApi, !FileManager.default.fileExists(atPath: apiSocket) {
        guard ContinuousClock.now < deadline else { throw SpeechTestSupportError.notReady("brltty's BrlAPI socket") }
        PseudoTerminalCalls.pause(.milliseconds(20))
      }
    } catch {
      stop()
      throw error
    }
  }

  deinit {
    stop()
  }

  /// Reads window updates until a window shown from history index `start` on matches, or the deadline passes.
  /// Every window is tested, also one replaced by the next in the same read.
  ///
  /// - Parameters:
  ///   - start: The first index of ``history`` that may match (earlier windows are old news).
  ///   - timeout: The longest wait.
  ///   - predicate: What the window must be.
  /// - Returns: The index in ``history`` of the first matching window, or `nil` when none matched in time.
  package func waitForWindow(from start: Int = 0, timeout: Duration, where predicate: (BrailleWindow) -> Bool) -> Int? {
    let deadline = ContinuousClock.now + timeout
    var next = max(start, 0)
    while true {
      while next < history.count {
        if predicate(history[next]) { return next }
        next += 1
      }
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero, isSocketOpen else { return nil }
      guard (try? PseudoTerminalCalls.waitUntilReadable(socket, timeout: min(remaining, .milliseconds(200)))) == true
      else { continue }
      guard let bytes = try? PseudoTerminalCalls.read(socket, maximumCount: 65_536), !bytes.isEmpty else {
        isSocketOpen = false
        return nil
      }
      pending += bytes
      while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(pending[..<end])
        pending.removeSubrange(...end)
        take(line)
      }
    }
  }

  /// Presses a key of the display: one of brltty's commands, by its `BRL_CMD_` name without the prefix, such
  /// as `LnUp` (the window one line up) or `Home` (back to the cursor).
  ///
  /// - Parameter command: The command.
  /// - Throws: ``PseudoTerminalError`` when the socket is closed.
  package func press(_ command: String) throws {
    try PseudoTerminalCalls.write(socket, Array("\(command)\n".utf8))
  }

  /// Ends brltty (SIGTERM, then SIGKILL to its whole process group), reaps it and removes the directory.
  package func stop() {
    guard !hasEnded else { return }
    hasEnded = true
    isSocketOpen = false
    PseudoTerminalCalls.close(socket)
    Self.end(process, directory: directory)
  }

  private static func end(_ process: SpawnedProcess, directory: String) {
    process.signal(SIGTERM)
    if process.waitForExit(timeout: .seconds(3)) == nil {
      VirtualConsoleCalls.signalGroup(SIGKILL, process.pid)
      _ = process.waitForExit(timeout: .seconds(5))
    }
    VirtualConsoleCalls.signalGroup(SIGKILL, process.pid)
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// One line from the driver: `Visual "text"` is kept until the `Braille "dots"` line that follows it.
  private func take(_ line: [UInt8]) {
    guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return }
    let command = String(decoding: line[..<space], as: UTF8.self)
    let operand = Self.unquote(line[line.index(after: space)...])
    switch command {
    case "Visual":
      pendingVisual = String(decoding: operand, as: UTF8.self)

    case "Braille":
      let dots = String(decoding: operand, as: UTF8.self).split(separator: "|", omittingEmptySubsequences: false)
      let cells = dots.map { BrailleTextTable.cell(fromDotNumbers: $0) }
      window = BrailleWindow(visual: pendingVisual, cells: cells, table: table)
      history.append(window)

    default:
      break
    }
  }

  /// The bytes of a quoted string of the driver's protocol (`\\`, `\"` and `\Xhh` escapes).
  private static func unquote(_ operand: ArraySlice<UInt8>) -> [UInt8] {
    var bytes = Array(operand)
    if bytes.first == UInt8(ascii: "\"") { bytes.removeFirst() }
    if bytes.last == UInt8(ascii: "\"") { bytes.removeLast() }
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
        let next = bytes[index + 1]
        if (next == UInt8(ascii: "X") || next == UInt8(ascii: "x")), index + 3 < bytes.count,
          let value = UInt8(String(decoding: bytes[(index + 2)...(index + 3)], as: UTF8.self), radix: 16)
        {
          result.append(value)
          index += 4
          continue
        }
        result.append(next)
        index += 2
        continue
      }
      result.append(byte)
      index += 1
    }
    return result
  }
}
