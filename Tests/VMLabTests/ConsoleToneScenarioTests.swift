import Foundation
import PasscodeTestSupport
import Testing

/// The PC speaker as QEMU plays it (`-machine pcspk-audiodev=` with a wav audiodev): the runs of one pitch in
/// the recording, in order.
struct PCSpeakerCapture {
  /// The wav file QEMU writes.
  let path: String

  /// The QEMU arguments that record the PC speaker.
  var qemuArguments: [String] {
    ["-audiodev", "wav,id=lab-speaker,path=\(path)", "-machine", "pcspk-audiodev=lab-speaker"]
  }

  /// One run of sound of about one pitch.
  struct Tone: CustomStringConvertible {
    var hertz: Double
    var seconds: Double
    var description: String { "\(Int(hertz.rounded())) Hz for \(Int((seconds * 1000).rounded())) ms" }
  }

  /// The tones recorded so far: the first channel of 16-bit samples cut into 40 ms windows (long enough to tell
  /// 220 Hz to within about 12 Hz), each window's pitch from its zero crossings, and neighbouring windows within
  /// 15 % of each other joined; windows with no crossing (silence) end a run. A run of one window (one that
  /// straddles two tones) is dropped. QEMU records the speaker only while it sounds, so the silences between
  /// tones are not in the file.
  var tones: [Tone] {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)), data.count > 44 else { return [] }
    let bytes = [UInt8](data)
    func number(_ offset: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    let channels = max(number(22, 2), 1)
    let rate = max(number(24, 4), 1)
    let frame = channels * 2
    let samples = stride(from: 44, to: bytes.count - frame + 1, by: frame).map {
      Int(Int16(bitPattern: UInt16(number($0, 2))))
    }
    let window = rate / 25
    var tones: [Tone] = []
    var current: Tone?
    for start in stride(from: 0, to: samples.count - window, by: window) {
      let part = samples[start..<(start + window)]
      let (low, high) = (part.min() ?? 0, part.max() ?? 0)
      let middle = (low + high) / 2
      var crossings = 0
      for (previous, next) in zip(part, part.dropFirst()) where (previous < middle) != (next < middle) {
        crossings += 1
      }
      let hertz = Double(crossings) / 2 / 0.04
      if high - low < 1000 || crossings < 2 {
        if let tone = current, tone.seconds >= 0.05 { tones.append(tone) }
        current = nil
        continue
      }
      if var tone = current, abs(hertz - tone.hertz) <= tone.hertz * 0.15 {
        tone.hertz = (tone.hertz * tone.seconds + hertz * 0.04) / (tone.seconds + 0.04)
        tone.seconds += 0.04
        current = tone
      } else {
        if let tone = current, tone.seconds >= 0.05 { tones.append(tone) }
        current = Tone(hertz: hertz, seconds: 0.04)
      }
    }
    if let tone = current, tone.seconds >= 0.05 { tones.append(tone) }
    return tones
  }

  /// Whether `tones`, from `index` on, hold tones near these pitches in this order (each within 10 %).
  static func follow(_ tones: [Tone], from index: Int, _ pitches: [Double]) -> Int? {
    var next = 0
    for (position, tone) in tones.enumerated().dropFirst(index) where next < pitches.count {
      if abs(tone.hertz - pitches[next]) <= pitches[next] * 0.1 {
        next += 1
        if next == pitches.count { return position + 1 }
      }
    }
    return nil
  }
}

/// The disk's question at boot on the virtual console with no voice and no screen reader: the agent's tones on
/// the PC speaker, recorded by QEMU (Docs/Boot.md, "Tones where there is no voice").
/// In the VM lab's serialized suite: one guest at a time, as the shared machine and the one set of fixtures
/// need.
extension VMLabTests {
  /// The first question's asking pair, the wrong tone, and the retry's first asking tone.
  ///
  /// QEMU writes a tone to the wav file only once a later sound follows it (the last one waits in its audio
  /// buffer, for minutes when nothing else plays), so a check only looks at tones that something came after: the
  /// retry's second tone is the first question's, already heard.
  static let questionThenRetryTones: [Double] = [587, 880, 220, 587]

  @Test("With no voice on the virtual console, a question plays the two asking tones, and a retry the low one first")
  func tonesAtBoot() throws {
    guard let fixtures = VMLab.fixturesOrIssue() else { return }
    let monitor = try QEMUMonitor(directory: fixtures.directory, name: "tones")
    let speaker = PCSpeakerCapture(path: fixtures.directory + "/pcspk.wav")
    try? FileManager.default.removeItem(atPath: speaker.path)
    let boot = try GuestBoot.onVirtualConsole(
      fixtures, monitor: monitor, kernelArguments: [], qemuArguments: speaker.qemuArguments)
    let clock = ContinuousClock()
    let started = clock.now
    _ = try waitForTones(speaker, from: 0, [587], boot: boot, timeout: .seconds(900))
    let firstQuestion = clock.now - started
    // The tones come once the prompt holds the console, so keys typed now are its answer; the pause lets the
    // second asking tone, half a second on, play before them.
    try answer(VMLab.wrongPassphrase, on: monitor, afterPausing: boot)
    let retried = try waitForTones(
      speaker, from: 0, Self.questionThenRetryTones, boot: boot, timeout: .seconds(300))
    let retry = clock.now - started
    try answer(VMLab.passphrase, on: monitor, afterPausing: boot)
    let heard = speaker.tones
    print(
      "VM lab, console tones: the question's tones at \(firstQuestion.formatted(.units(allowed: [.seconds]))), "
        + "the retry's at \(retry.formatted(.units(allowed: [.seconds]))); recorded: "
        + heard.prefix(retried).map(\.description).joined(separator: ", "))
    #expect(heard.prefix(retried).allSatisfy { $0.seconds < 1 }, "a tone longer than a second: \(heard)")
  }

  /// Types `passphrase` and Enter on the guest's keyboard, two seconds after now.
  private func answer(_ passphrase: String, on monitor: QEMUMonitor, afterPausing boot: GuestBoot) throws {
    _ = try? boot.waitFor("\u{0}never printed\u{0}", timeout: .seconds(2))
    for key in QEMUMonitor.keyNames(passphrase) + ["ret"] { try monitor.press(key) }
  }

  /// Waits until the recording holds tones near `pitches`, in order, after the first `index` tones.
  ///
  /// - Returns: How many tones the recording held up to the last of them.
  private func waitForTones(
    _ speaker: PCSpeakerCapture, from index: Int, _ pitches: [Double], boot: GuestBoot, timeout: Duration
  ) throws -> Int {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if let end = PCSpeakerCapture.follow(speaker.tones, from: index, pitches) { return end }
      _ = try? boot.waitFor("\u{0}never printed\u{0}", timeout: .seconds(1))
    }
    throw VMLabError(
      "the PC speaker did not play \(pitches) after tone \(index); it played: \(speaker.tones)\n"
        + "the serial console's tail:\n\(String(boot.plainText.suffix(2000)))")
  }
}
