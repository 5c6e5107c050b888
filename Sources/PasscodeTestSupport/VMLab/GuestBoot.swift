import Foundation
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// One boot of the lab's kernel and initramfs under `qemu-system-x86_64 -accel tcg`, with the guest's serial
/// console on a pseudo-terminal: what the guest prints is read from it, and keys are typed into it. That console
/// is `/dev/console`, where `passcode agent --console` asks in dracut's initramfs (systemd makes it so), and
/// `passcode-askpass` in initramfs-tools' (its standard input).
///
/// Waiting is on the guest's own output, with generous deadlines (TCG on a shared machine is slow); QEMU is
/// killed when the boot is released.
package final class GuestBoot {
  private let terminal: PseudoTerminal
  private let qemu: ChildProcess
  private let clock = ContinuousClock()
  private let started: ContinuousClock.Instant
  /// Everything the console printed, as bytes.
  package private(set) var transcript: [UInt8] = []
  /// Where the last wait's match ended, in ``plainText``; the next wait searches after it.
  private var searchStart: String.Index?

  /// Starts QEMU on the lab's fixtures; the disk is opened with `snapshot=on`, so every boot sees it as made.
  ///
  /// - Parameters:
  ///   - fixtures: The kernel, initramfs and disk.
  ///   - kernelArguments: More words for the kernel command line.
  ///   - qemuArguments: More arguments for QEMU (devices, a second serial port, a monitor).
  /// - Throws: When the pseudo-terminal cannot be opened or QEMU cannot be started.
  package init(_ fixtures: VMLabFixtures, kernelArguments: [String] = [], qemuArguments: [String] = []) throws {
    terminal = try PseudoTerminal(columns: 200, rows: 50)
    let commandLine =
      (["console=ttyS0", "panic=-1"] + fixtures.generator.kernelArguments(uuid: fixtures.uuid) + kernelArguments)
      .joined(separator: " ")
    let arguments =
      [
        "-accel", "tcg", "-cpu", "max", "-smp", "1", "-m", "768", "-display", "none", "-no-reboot",
        "-nodefaults", "-serial", "stdio", "-monitor", "none",
        "-kernel", fixtures.kernel, "-initrd", fixtures.initramfs,
        "-drive", "file=\(fixtures.disk),format=raw,if=virtio,snapshot=on",
        "-append", commandLine,
      ] + qemuArguments
    qemu = try ChildProcess(
      executablePath: "/usr/bin/qemu-system-x86_64", arguments: arguments,
      environment: ["PATH": "/usr/bin:/bin", "HOME": fixtures.directory], terminal: terminal)
    terminal.closeSlave()
    started = clock.now
  }

  deinit {
    try? qemu.signal(SIGKILL)
    _ = try? qemu.waitForExit(timeout: .seconds(10))
  }

  /// The time since QEMU started.
  package var elapsed: Duration { clock.now - started }

  /// How many bytes of ``transcript`` a later slice may start after: all of them but an escape sequence still
  /// unfinished at the end (a read can end inside one), so that `transcript.dropFirst(printedCount)` never begins
  /// with a sequence's tail, which ``plain(_:)`` would keep as text (an "m" of a colour's "ESC [ 0 m", seen once).
  package var printedCount: Int { Self.lengthWithoutUnfinishedSequence(transcript) }

  /// The length of `bytes` without a trailing escape sequence that has not ended: a lone ESC, or a control
  /// sequence (ESC [) whose final byte (0x40–0x7E) has not come.
  package static func lengthWithoutUnfinishedSequence(_ bytes: [UInt8]) -> Int {
    guard let escape = bytes.lastIndex(of: 0x1B) else { return bytes.count }
    let after = bytes[(escape + 1)...]
    guard let first = after.first else { return escape }
    guard first == UInt8(ascii: "[") else { return bytes.count }
    return after.dropFirst().contains { (0x40...0x7E).contains($0) } ? bytes.count : escape
  }

  /// The console's text with the escape sequences (colours, cursor moves) and carriage returns removed.
  package var plainText: String { Self.plain(transcript) }

  /// Waits until `text` appears after the last match, and returns how long the boot had been running then.
  @discardableResult
  package func waitFor(_ text: String, timeout: Duration) throws -> Duration {
    try waitForFirst(of: [text], timeout: timeout).elapsed
  }

  /// Waits until one of `texts` appears after the last match; the one that appears first wins.
  ///
  /// - Returns: Its index in `texts`, and how long the boot had been running then.
  package func waitForFirst(of texts: [String], timeout: Duration) throws -> (index: Int, elapsed: Duration) {
    let deadline = clock.now + timeout
    while true {
      let plain = plainText
      let from = searchStart.flatMap { $0 <= plain.endIndex ? $0 : nil } ?? plain.startIndex
      let found = texts.enumerated().compactMap { index, text in
        plain[from...].range(of: text).map { (index: index, range: $0) }
      }
      if let first = found.min(by: { $0.range.lowerBound < $1.range.lowerBound }) {
        searchStart = first.range.upperBound
        return (first.index, elapsed)
      }
      let remaining = deadline - clock.now
      guard remaining > .zero else {
        let wanted = texts.map { "\"\($0)\"" }.joined(separator: " or ")
        throw VMLabError("timed out: no \(wanted) on the guest's console; its tail:\n\(String(plain.suffix(3000)))")
      }
      let chunk = try terminal.read(timeout: min(remaining, .seconds(1)))
      if chunk.isEmpty, (try? qemu.waitForExit(timeout: .zero)) != nil {
        throw VMLabError("QEMU ended; the console's tail:\n\(String(plainText.suffix(3000)))")
      }
      transcript += chunk
    }
  }

  /// Reads what the console printed within `timeout`, so that a boot whose words are read elsewhere (a braille
  /// port) never fills its pseudo-terminal; later waits search it as usual.
  package func drain(timeout: Duration = .zero) {
    if let chunk = try? terminal.read(timeout: timeout) { transcript += chunk }
  }

  /// Reads the console until it has printed nothing for `quiet`, for `timeout` at most; later waits search what
  /// it read as usual.
  ///
  /// Typing at once after a prompt can race the program that printed it. cryptsetup, like any program that
  /// writes its prompt and then turns echo off with `TCSAFLUSH`, has the kernel empty the input, wait for the
  /// prompt to be sent, and only then apply the settings: keys that come during that wait are echoed, and kept.
  /// A person answers after reading or hearing the prompt.
  package func waitForQuiet(_ quiet: Duration, timeout: Duration) throws {
    let deadline = clock.now + timeout
    while true {
      let chunk = try terminal.read(timeout: quiet)
      if chunk.isEmpty { return }
      transcript += chunk
      guard clock.now < deadline else {
        throw VMLabError("the console did not go quiet for \(quiet); its tail:\n\(String(plainText.suffix(3000)))")
      }
    }
  }

  /// Waits until every one of `texts` has appeared after the last match, in any order; the next wait searches
  /// after the last of them.
  ///
  /// - Returns: How long the boot had been running when the last one appeared.
  package func waitForAll(of texts: [String], timeout: Duration) throws -> Duration {
    let start = searchStart
    var end = start
    var elapsedAtLast = Duration.zero
    for text in texts {
      searchStart = start
      elapsedAtLast = try waitFor(text, timeout: timeout)
      end = max(end ?? plainText.startIndex, searchStart ?? plainText.startIndex)
    }
    searchStart = end
    return elapsedAtLast
  }

  /// Makes the next wait search only what the console prints from now on.
  package func skipToEnd() {
    searchStart = plainText.endIndex
  }

  /// Types text on the serial console, as keys.
  package func type(_ text: String) throws {
    try terminal.write(text)
  }

  /// The console's lines as ``plain(_:)`` gives them, where a redraw of a line in place (a carriage return, then
  /// ESC [ 2 K, which erases the line) starts a line too; systemd's status lines, erased to their end only, do not.
  package static func lines(_ bytes: [UInt8]) -> [String] {
    let redraw = Array("\r\u{1B}[2K".utf8)
    var lines: [[UInt8]] = [[]]
    var index = 0
    while index < bytes.count {
      let isNewline = bytes[index] == UInt8(ascii: "\n")
      if isNewline || bytes[index...].starts(with: redraw) {
        lines.append([])
        index += isNewline ? 1 : redraw.count
      } else {
        lines[lines.count - 1].append(bytes[index])
        index += 1
      }
    }
    return lines.map(plain)
  }

  /// Removes ANSI escape sequences (CSI `ESC [ … final`, and two-byte `ESC x`) and carriage returns.
  package static func plain(_ bytes: [UInt8]) -> String {
    var kept: [UInt8] = []
    kept.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "[") {
          index += 1
          while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        }
        index += 1
        continue
      }
      if byte != UInt8(ascii: "\r") { kept.append(byte) }
      index += 1
    }
    return String(decoding: kept, as: UTF8.self)
  }
}
