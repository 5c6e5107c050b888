import Foundation
import Glibc
import PasscodeTestSupport

/// The real Fenrir in its pseudo-terminal mode, reading one scenario's program on a pseudo-terminal the test owns,
/// speaking through the private speech-dispatcher with a private settings file.
///
/// Fenrir runs the wrapper as its shell (with `TERM=linux`), passes the keys written to its own terminal on, and
/// ends when the shell ends; the wrapper keeps the terminal open after the program until the lab has heard its
/// end, because Fenrir discards output that arrives together with end of file.
final class FenrirLab: LabTerminal {
  /// Fenrir's own words, left out of what the program made it say: start and stop, and "blank" for the empty
  /// line under the last output, "bypass" for its Alt-: chord that lets the next key (Escape) through.
  static let ownWords: Set<String> = ["Start Fenrir", "Quit Fenrir", "blank", "bypass"]

  /// Fenrir reads some punctuation as words (its "some" level): "re-enter" is spoken "re dash enter".
  static let punctuationWords = ["dash": "-"]

  private let terminal: PseudoTerminal
  private let child: ChildProcess
  private let program: LabProgram
  /// What the program sees of screen readers: this Fenrir only, whatever else runs for the lab user.
  private let detection: PinnedDetection
  let run: LabRun

  init(_ scenario: LabScenario, speech: PrivateSpeechDispatcher, directory: LabDirectory) throws {
    program = try LabProgram(scenario, in: directory)
    let shell = try program.wrapper(waitsForReturn: false, waitsUntilPinned: true)
    detection = try PinnedDetection()
    let settings = try directory.write("settings.conf", try Self.settings(shell: shell, directory: directory.path))
    terminal = try PseudoTerminal(columns: 80, rows: 24)
    LabUser.own(terminal.slavePath)
    run = LabRun(
      speech: speech, clientProgram: "fenrir", ownWords: Self.ownWords,
      punctuationWords: Self.punctuationWords)
    let command = LabUser.command("/usr/bin/fenrir", ["-s", settings])
    child = try ChildProcess(
      executablePath: command.executable, arguments: command.arguments,
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": directory.path, "LANG": "C.UTF-8", "SPEECHD_ADDRESS": speech.address,
        "XDG_RUNTIME_DIR": directory.path,
      ].merging(detection.environment) { _, pinned in pinned }, terminal: terminal)
    terminal.closeSlave()
    // Fenrir runs the wrapper, which starts the program once this Fenrir (exec'd by setpriv in the same
    // process) is in the tree.
    try detection.addProcess(child.processIdentifier)
    program.pinned()
  }

  deinit {
    // Fenrir ends when its shell, the wrapper, ends once released; it is killed only when it does not.
    program.release()
    defer { detection.remove() }
    if (try? child.waitForExit(timeout: .seconds(5))) != nil { return }
    try? child.signal(SIGKILL)
    _ = try? child.waitForExit(timeout: .seconds(5))
  }

  var exitStatus: Int32? { program.exitStatus }

  func idle() {
    _ = try? terminal.read(timeout: .zero)
  }

  /// Writes each key on its own, as typed; a lone Escape goes after Fenrir's bypass chord (Alt-:), once Fenrir
  /// has taken the chord. A scenario's step is one key, and the lab waits for its words before the next, so each
  /// key gives its own utterance.
  func press(_ keys: [LabKey]) throws {
    for key in keys {
      switch key {
      case let .text(text): try terminal.write(text)
      case .backspace: try terminal.write([0x7f])
      case .enter: try terminal.write("\r")
      case .tab: try terminal.write([0x09])
      case let .control(letter):
        let code = letter.lowercased().unicodeScalars.first.map { UInt8($0.value) & 0x1f } ?? 0
        try terminal.write([code])
      case .escape:
        let bypasses = bypassCount()
        try terminal.write("\u{1b}:")
        let end = ContinuousClock.now + .seconds(5)
        while bypassCount() == bypasses, ContinuousClock.now < end {
          idle()
          usleep(20_000)
        }
        try terminal.write([0x1b])
      case let .paste(text):
        try terminal.write("\u{1b}[200~\(text)\u{1b}[201~")
      }
    }
  }

  /// How many times Fenrir has said "bypass", which it says when it takes its bypass chord.
  private func bypassCount() -> Int {
    run.heard().utterances.count { $0.client.contains(":fenrir:") && $0.text.lowercased().contains("bypass") }
  }

  /// Debian's default settings with the pty drivers, speech-dispatcher, no sound, no remote control, and the
  /// wrapper as the shell.
  static func settings(shell: String, directory: String) throws -> String {
    let changes: [String: [String: String]] = [
      "screen": ["driver": "ptyDriver"],
      "keyboard": ["driver": "ptyDriver", "keyboardLayout": "pty"],
      "speech": ["driver": "speechdDriver"],
      "sound": ["enabled": "False"],
      "remote": ["enable": "False"],
      "general": [
        "shell": shell, "debugFile": directory + "/fenrir-debug.log", "clipboardExportPath": directory + "/clipboard",
      ],
    ]
    return try debianSettings(changing: changes)
  }

  /// Debian's default settings file (`/etc/fenrirscreenreader/settings/settings.conf`) with `changes` made, by
  /// section and key. Fenrir reads the file with interpolation, so a `%` in a value is written `%%`.
  static func debianSettings(changing changes: [String: [String: String]]) throws -> String {
    let defaults = try String(contentsOfFile: "/etc/fenrirscreenreader/settings/settings.conf", encoding: .utf8)
    var section = ""
    var lines: [String] = []
    for line in defaults.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("["), line.hasSuffix("]") { section = String(line.dropFirst().dropLast()) }
      if let equals = line.firstIndex(of: "="), !line.hasPrefix("#"),
        let value = changes[section]?[String(line[..<equals])]
      {
        lines.append(String(line[..<equals]) + "=" + value.replacing("%", with: "%%"))
      } else {
        lines.append(line)
      }
    }
    return lines.joined(separator: "\n")
  }
}
