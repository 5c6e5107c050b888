import Foundation
import Glibc
import PasscodeTestSupport
import Testing

/// The QEMU monitor on a pair of pipes (`-chardev pipe`), for `sendkey`: real key presses on the guest's keyboard,
/// which reach the virtual console, and Speakup, as a person's would.
final class QEMUMonitor {
  /// The pipes' common path: QEMU reads `PATH.in` and writes `PATH.out`.
  let path: String
  private let input: FileHandle
  private let output: Int32

  /// Makes the pipes, `DIRECTORY/NAME-monitor.in` and `.out`; pass ``qemuArguments`` to the boot.
  init(directory: String, name: String) throws {
    path = directory + "/\(name)-monitor"
    for end in [".in", ".out"] {
      unlink(path + end)
      guard mkfifo(path + end, 0o600) == 0 else { throw VMLabError("mkfifo \(path + end): errno \(errno)") }
    }
    // Opened read-write, so neither open waits for QEMU; QEMU opens both read-write too.
    let inputDescriptor = open(path + ".in", O_RDWR | O_CLOEXEC)
    output = open(path + ".out", O_RDWR | O_NONBLOCK | O_CLOEXEC)
    guard inputDescriptor >= 0, output >= 0 else { throw VMLabError("cannot open the monitor's pipes") }
    input = FileHandle(fileDescriptor: inputDescriptor, closeOnDealloc: true)
  }

  deinit {
    close(output)
    unlink(path + ".in")
    unlink(path + ".out")
  }

  /// The QEMU arguments that put a human monitor on the pipes.
  var qemuArguments: [String] {
    ["-chardev", "pipe,id=lab-monitor,path=\(path)", "-mon", "chardev=lab-monitor,mode=readline"]
  }

  /// Presses and releases one key (`sendkey`'s names: `a`, `9`, `spc`, `ret`).
  func press(_ key: String) throws {
    try input.write(contentsOf: Data("sendkey \(key)\n".utf8))
    drain()
  }

  /// Types text key by key: lower-case letters, digits and spaces.
  static func keyNames(_ text: String) -> [String] {
    text.map { $0 == " " ? "spc" : String($0) }
  }

  /// Reads and drops what the monitor answered, so its pipe never fills.
  private func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while read(output, &buffer, buffer.count) > 0 {}
  }
}

/// What Speakup said, as its soft synthesizer gives it (`/dev/softsynthu`), copied by the guest to its second
/// serial port, which QEMU writes to a file.
struct SpeakupWords {
  /// The file QEMU writes the second serial port to.
  let path: String

  /// The QEMU arguments for the second serial port.
  var qemuArguments: [String] { ["-serial", "file:\(path)"] }

  /// Everything Speakup said so far, with the synthesizer's commands (`\u{1}` and a value and a letter, such as
  /// `\u{1}5p`) and carriage returns taken out, and runs of white space made one space.
  var text: String {
    let raw = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
    var kept = ""
    var inCommand = false
    for scalar in String(decoding: raw, as: UTF8.self).unicodeScalars {
      if scalar == "\u{1}" {
        inCommand = true
        continue
      }
      if inCommand {
        if CharacterSet.letters.contains(scalar) { inCommand = false }
        continue
      }
      if CharacterSet.whitespacesAndNewlines.contains(scalar) {
        if !kept.hasSuffix(" ") { kept.append(" ") }
      } else {
        kept.unicodeScalars.append(scalar)
      }
    }
    return kept
  }

  /// Waits until `words` were said after `offset` (a count of characters of ``text``), reading the console
  /// meanwhile so that QEMU never blocks on it.
  ///
  /// - Returns: Where the words end, in ``text``.
  @discardableResult
  func waitFor(_ words: String, after offset: Int = 0, boot: GuestBoot, timeout: Duration) throws -> Int {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      let said = text
      let searched = said.dropFirst(offset)
      if let range = searched.range(of: words) {
        return said.distance(from: said.startIndex, to: range.upperBound)
      }
      guard clock.now < deadline else {
        throw VMLabError(
          "timed out: Speakup did not say \"\(words)\"; it said:\n\(String(said.suffix(3000)))\n"
            + "the serial console's tail:\n\(String(boot.plainText.suffix(2000)))")
      }
      // Reads the serial console for a moment (its own wait, for text that never comes).
      _ = try? boot.waitFor("\u{0}never printed\u{0}", timeout: .milliseconds(500))
    }
  }
}

/// The disk's question at boot on the virtual console with Speakup loaded and its key echo on (2: every key as
/// it is pressed): passcode's words are spoken, no typed digit is, and key echo is back on afterwards (Docs/Boot.md,
/// Docs/ScreenReaders.md, issue 23).
/// In the VM lab's serialized suite: one guest at a time, as the shared machine and the one set of fixtures
/// need.
extension VMLabTests {
  /// Digits typed as a wrong passphrase: none of them is in the counts of four keys ("1" to "4") or in "Try 2".
  static let speakupTypedDigits = "9876"
  static let speakupDigitWords = ["nine", "eight", "seven", "six"]

  @Test("Speakup reads passcode's question and counts but never a typed digit, and its key echo comes back")
  func speakupHearsWordsNotDigits() throws {
    guard let fixtures = VMLab.fixturesOrIssue() else { return }
    let monitor = try QEMUMonitor(directory: fixtures.directory, name: "speakup")
    let speakup = SpeakupWords(path: fixtures.directory + "/softsynth.txt")
    try? FileManager.default.removeItem(atPath: speakup.path)
    let boot = try GuestBoot.onVirtualConsole(
      fixtures, monitor: monitor,
      kernelArguments: [
        // Quiet, so that Speakup reads little but passcode.
        "loglevel=0", "rd.systemd.wants=passcode-lab-speakup.service",
      ],
      qemuArguments: speakup.qemuArguments)
    let clock = ContinuousClock()
    let started = clock.now
    // The control: a digit pressed before any prompt is spoken, as a word or a numeral, so the lab can hear one.
    let beforeControl = speakup.text.count
    let control = try boot.pressSpeakupControl(speakup, monitor: monitor, timeout: .seconds(900))

    let question = try speakup.waitFor(
      "Passphrase for disk luks-", after: beforeControl, boot: boot, timeout: .seconds(900))
    let asked = clock.now - started
    try boot.waitFor("lab: key_echo 0", timeout: .seconds(300))

    // A wrong passphrase of digits, key by key, each waiting for its count.
    for (index, key) in QEMUMonitor.keyNames(Self.speakupTypedDigits).enumerated() {
      try monitor.press(key)
      let count = index + 1
      try speakup.waitFor(
        count == 1 ? "1 character entered" : "\(count) characters entered", after: question, boot: boot,
        timeout: .seconds(300))
    }
    try monitor.press("ret")
    let retry = try speakup.waitFor("Wrong passphrase. Try 2", after: question, boot: boot, timeout: .seconds(300))
    let heard = String(speakup.text.dropFirst(question).prefix(retry - question))
      .replacingOccurrences(of: fixtures.uuid, with: "")
    for digit in Self.speakupTypedDigits.map(String.init) + Self.speakupDigitWords {
      #expect(!heard.contains(digit), "Speakup spoke a typed digit (\(digit)): \(heard)")
    }

    // The right one unlocks the disk; passcode says so, and Speakup's key echo is on again.
    for key in QEMUMonitor.keyNames(VMLab.passphrase) { try monitor.press(key) }
    try speakup.waitFor(
      "\(VMLab.passphrase.count) characters entered", after: retry, boot: boot, timeout: .seconds(300))
    try monitor.press("ret")
    try speakup.waitFor("Disk unlocked", after: retry, boot: boot, timeout: .seconds(300))
    let unlocked = clock.now - started
    boot.skipToEnd()
    try boot.waitFor("lab: key_echo 2", timeout: .seconds(300))
    print(
      "VM lab, Speakup: the question at \(asked.formatted(.units(allowed: [.seconds]))), "
        + "unlocked at \(unlocked.formatted(.units(allowed: [.seconds]))); the control digit was said as \"\(control)\""
    )
  }
}

extension VMLab {
  /// The fixtures (by default the dracut ones), or `nil` after recording why the lab cannot run.
  static func fixturesOrIssue(
    _ fixtures: Result<VMLabFixtures, VMLabError> = VMLab.fixtures, sourceLocation: SourceLocation = #_sourceLocation
  ) -> VMLabFixtures? {
    switch fixtures {
    case let .success(made): return made
    case let .failure(error):
      Issue.record(Comment(rawValue: "the VM lab cannot run: \(error)"), sourceLocation: sourceLocation)
      return nil
    }
  }
}

extension GuestBoot {
  /// A boot whose `/dev/console` is the virtual console of a VGA card (the last `console=` wins), where passcode
  /// asks and the monitor's keys go; the serial console keeps the kernel's and the lab's lines, and systemd's
  /// status lines are left out.
  static func onVirtualConsole(
    _ fixtures: VMLabFixtures, monitor: QEMUMonitor, kernelArguments: [String], qemuArguments: [String]
  ) throws -> GuestBoot {
    try GuestBoot(
      fixtures, kernelArguments: ["console=tty0", "systemd.show_status=0"] + kernelArguments,
      qemuArguments: ["-vga", "std"] + qemuArguments + monitor.qemuArguments)
  }

  /// Presses the lab's control, a digit Speakup's key echo speaks before any prompt, and Enter, once the lab's
  /// script (dracut's unit or initramfs-tools' init-premount script) has said it waits for it; the script reads
  /// the line itself, so the keys reach no prompt.
  ///
  /// On a loaded machine a first press once went unheard (CI, 2026-12-07, under each generator): the digit is
  /// pressed again every 20 seconds, up to five times, and the script reads them all as one line. Key echo that
  /// never reaches the synthesizer still fails.
  ///
  /// - Returns: What Speakup said for the digit, a word or a numeral.
  func pressSpeakupControl(_ speakup: SpeakupWords, monitor: QEMUMonitor, timeout: Duration) throws -> String {
    _ = try waitForAll(of: ["lab: key_echo 2", "lab: waiting for the control"], timeout: timeout)
    let beforeControl = speakup.text.count
    var control: String?
    for _ in 1...5 where control == nil {
      try monitor.press("9")
      control = waitForSpeakup(speakup, anyOf: ["nine", "9"], after: beforeControl, within: .seconds(20))
    }
    guard let control else {
      throw VMLabError("Speakup did not speak the control digit, pressed five times: key echo does not reach it")
    }
    try monitor.press("ret")
    try waitFor("lab: control read", timeout: .seconds(60))
    return control
  }

  /// Waits until Speakup said one of `words` after `offset`, for `limit` at most; the one said, or `nil`.
  private func waitForSpeakup(
    _ speakup: SpeakupWords, anyOf words: [String], after offset: Int, within limit: Duration
  ) -> String? {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
      let said = String(speakup.text.dropFirst(offset))
      if let found = words.first(where: { said.contains($0) }) { return found }
      _ = try? waitFor("\u{0}never printed\u{0}", timeout: .milliseconds(500))
    }
    return nil
  }
}
