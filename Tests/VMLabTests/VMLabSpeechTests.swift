import Foundation
import PasscodeTestSupport
import Testing

/// The lab's fixtures for speech at boot and for a broken passcode, made once from ``VMLab/fixtures``: the
/// same kernel and initramfs, with a cpio archive appended (the kernel unpacks the archives in order, so a
/// file in the later one replaces the earlier one's), and a copy of the disk with a second passphrase.
struct SpeechLabFixtures: Sendable {
  /// The disk's passphrase for the speech scenario: letters that none of passcode's words hold (an upper-case
  /// Z, X, J, V, K or Y is never spoken), so the speech log can be searched for every one of its characters.
  static let passphrase = "ZXJVKY"
  /// A passphrase the disk refuses, of the same letters.
  static let wrongPassphrase = "YKVZ"

  /// The disk with ``passphrase`` added, and the initramfs whose speech-dispatcher also logs what it is asked
  /// to say (its SSIP protocol) to the guest's second serial port, `/dev/ttyS1`.
  let speaking: VMLabFixtures
  /// The lab's disk, and the initramfs whose `/usr/bin/passcode` is a script that exits 1.
  let broken: VMLabFixtures

  /// The fixtures, made once for both scenarios.
  static let shared: Result<SpeechLabFixtures, VMLabError> = VMLab.fixtures.flatMap { base in
    Result { try make(from: base) }.mapError { $0 as? VMLabError ?? VMLabError("\($0)") }
  }

  /// The speech-dispatcher configuration the dracut module writes, in the initramfs.
  static let daemonConfiguration = "etc/passcode/speech-dispatcher/speechd.conf"

  private static func make(from base: VMLabFixtures) throws -> SpeechLabFixtures {
    let directory = base.directory + "/speech"
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let disk = directory + "/disk.img"
    try FileManager.default.copyItem(atPath: base.disk, toPath: disk)
    try Data(VMLab.passphrase.utf8).write(to: URL(fileURLWithPath: directory + "/old-key"))
    try Data(passphrase.utf8).write(to: URL(fileURLWithPath: directory + "/new-key"))
    try run(
      "cryptsetup luksAddKey --batch-mode --pbkdf pbkdf2 --pbkdf-force-iterations 1000 --key-file old-key disk.img"
        + " new-key", in: directory)

    // The module's own configuration, and one line more.
    try run("cpio -i --quiet -d \(daemonConfiguration) < '\(base.initramfs)'", in: directory + "/logging", make: true)
    let configuration = directory + "/logging/" + daemonConfiguration
    let shipped = try String(contentsOfFile: configuration, encoding: .utf8)
    guard shipped.contains("AudioOutputMethod \"alsa\"") else {
      throw VMLabError("the initramfs's \(daemonConfiguration) does not use ALSA:\n\(shipped)")
    }
    try (shipped + "LogLevel 4\nCustomLogFile \"protocol\" \"/dev/ttyS1\"\n")
      .write(toFile: configuration, atomically: true, encoding: .utf8)
    let speakingInitramfs = try appendArchive(of: "logging", to: base.initramfs, in: directory)

    let binary = directory + "/broken/usr/bin/passcode"
    try FileManager.default.createDirectory(
      atPath: directory + "/broken/usr/bin", withIntermediateDirectories: true)
    try "#!/bin/sh\n# The VM lab's broken passcode.\nexit 1\n".write(toFile: binary, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
    let brokenInitramfs = try appendArchive(of: "broken", to: base.initramfs, in: directory)

    return SpeechLabFixtures(
      speaking: VMLabFixtures(
        directory: directory, kernel: base.kernel, initramfs: speakingInitramfs, disk: disk, uuid: base.uuid,
        buildTime: base.buildTime),
      broken: VMLabFixtures(
        directory: directory, kernel: base.kernel, initramfs: brokenInitramfs, disk: base.disk, uuid: base.uuid,
        buildTime: base.buildTime))
  }

  /// Writes `DIRECTORY/TREE.img`: the initramfs, then a newc cpio archive of the files under `DIRECTORY/TREE`
  /// (files only: their directories are in the initramfs already), owned by root.
  private static func appendArchive(of tree: String, to initramfs: String, in directory: String) throws -> String {
    let image = "\(directory)/\(tree).img"
    try run(
      "cd \(tree) && find . -type f | sed 's|^\\./||' | cpio -o --quiet -H newc -R 0:0 > ../\(tree).cpio"
        + " && cd .. && cat '\(initramfs)' \(tree).cpio > '\(image)'", in: directory)
    return image
  }

  private static func run(_ script: String, in directory: String, make: Bool = false) throws {
    if make { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
    let log = directory + "/command.log"
    let status = try SpawnedProcess.run(
      executable: "/bin/sh", arguments: ["-c", "cd '\(directory)' && \(script)"], outputPath: log,
      timeout: .seconds(300))
    guard status == 0 else {
      let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw VMLabError("`\(script)` exited \(status.map(String.init) ?? "on a signal or timed out"): \(output)")
    }
  }
}

/// The sound QEMU's `wav` audiodev captured: 16-bit samples, interleaved. The sizes in the header are written
/// only when QEMU closes the file, so the samples are read up to the end of the file, whatever it says.
struct CapturedAudio {
  let sampleRate: Int
  let channels: Int
  /// Where the samples start in the file.
  let dataOffset: Int
  let samples: [Int16]

  /// A 10 ms frame is sound when its RMS is above this: 1 % of full scale (-40 dBFS); silence is 0.
  static let silenceLevel = 328.0

  /// Reads a wav file; `nil` when it is missing, too short, or not 16-bit PCM.
  init?(path: String) {
    guard let data = FileManager.default.contents(atPath: path), data.count >= 44 else { return nil }
    let bytes = [UInt8](data)
    func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func long(_ at: Int) -> Int { word(at) | word(at + 2) << 16 }
    guard bytes[0..<4] == Array("RIFF".utf8)[...], bytes[8..<12] == Array("WAVE".utf8)[...] else { return nil }
    var offset = 12
    var format: (channels: Int, rate: Int, bits: Int)?
    while offset + 8 <= bytes.count {
      let identifier = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      if identifier == "data" {
        guard let format, format.bits == 16, format.channels > 0 else { return nil }
        let start = offset + 8
        let end = start + (bytes.count - start) / 2 * 2
        samples = stride(from: start, to: end, by: 2).map { Int16(bitPattern: UInt16(word($0))) }
        sampleRate = format.rate
        channels = format.channels
        dataOffset = start
        return
      }
      if identifier == "fmt ", offset + 24 <= bytes.count {
        format = (word(offset + 10), long(offset + 12), word(offset + 22))
      }
      offset += 8 + long(offset + 4)
    }
    return nil
  }

  /// The file's size now, or 0.
  static func size(of path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// The samples per 10 ms frame, all channels together.
  private var frameLength: Int { max(1, sampleRate / 100) * channels }

  /// The RMS of each 10 ms frame that starts at or after the file offset `from`.
  func frameLevels(fromFileOffset from: Int) -> [Double] {
    let first = max(0, (from - dataOffset) / 2)
    return stride(from: first - first % frameLength, to: samples.count - frameLength + 1, by: frameLength).map {
      start in
      let sum = samples[start..<start + frameLength].reduce(0.0) { $0 + Double($1) * Double($1) }
      return (sum / Double(frameLength)).squareRoot()
    }
  }

  /// How long the frames after the file offset `from` are above the silence level.
  func soundDuration(fromFileOffset from: Int) -> Duration {
    .milliseconds(10 * frameLevels(fromFileOffset: from).filter { $0 > Self.silenceLevel }.count)
  }
}

/// Speech at boot and a broken passcode, in the same serialized suite as the other boots (Docs/Boot.md).
extension VMLabTests {
  /// The speech fixtures, or a recorded failure with its reason.
  private func requireSpeechFixtures(sourceLocation: SourceLocation = #_sourceLocation) -> SpeechLabFixtures? {
    guard requireFixtures(sourceLocation: sourceLocation) != nil else { return nil }
    switch SpeechLabFixtures.shared {
    case let .success(fixtures): return fixtures
    case let .failure(error):
      Issue.record(Comment(rawValue: "the VM lab's speech fixtures cannot be made: \(error)"), sourceLocation: sourceLocation)
      return nil
    }
  }

  /// Waits until the captured sound has a frame above the silence level after the file offset `from`, and
  /// returns how long the boot had been running then; `nil` when none came within the timeout.
  private func waitForSound(in wav: String, after from: Int, boot: GuestBoot, timeout: Duration) -> Duration? {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if let audio = CapturedAudio(path: wav),
        audio.frameLevels(fromFileOffset: from).contains(where: { $0 > CapturedAudio.silenceLevel })
      {
        return boot.elapsed
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }

  /// The SPEAK requests in the guest's protocol log, once one has `last` as its text (or the timeout passed).
  private func spokenTexts(in log: String, until last: String, timeout: Duration) -> (texts: [String], log: String) {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      let text = FileManager.default.contents(atPath: log).map { String(decoding: $0, as: UTF8.self) } ?? ""
      let texts = SSIPSpeakRequest.requests(inProtocolLog: text).map(\.text)
      if texts.contains(last) || clock.now >= deadline { return (texts, text) }
      Thread.sleep(forTimeInterval: 0.2)
    }
  }

  @Test("At boot the question, the counts, \"Checking\" and the retry are spoken and played, never a passphrase's character")
  func speechAtBoot() throws {
    guard let base = requireFixtures(), let speech = requireSpeechFixtures() else { return }
    let wav = speech.speaking.directory + "/boot.wav"
    let log = speech.speaking.directory + "/speech-protocol.log"
    for file in [wav, log] { try? FileManager.default.removeItem(atPath: file) }
    let boot = try GuestBoot(
      speech.speaking,
      qemuArguments: [
        "-audiodev", "wav,id=snd0,path=\(wav)", "-device", "intel-hda", "-device", "hda-duplex,audiodev=snd0",
        "-serial", "file:\(log)",
      ])
    let prompt = try boot.waitFor(Self.asked(base), timeout: bootTimeout)
    let soundBefore = CapturedAudio.size(of: wav)
    let firstSound = waitForSound(in: wav, after: soundBefore, boot: boot, timeout: stepTimeout)
    #expect(firstSound != nil, "no sound came out of the guest's sound card after the question")

    try enter(SpeechLabFixtures.wrongPassphrase, on: boot)
    try boot.waitFor(Self.asked(base), timeout: stepTimeout)
    let retry = try boot.waitFor("Wrong passphrase. Try 2", timeout: stepTimeout)
    try enter(SpeechLabFixtures.passphrase, on: boot)
    let unlocked = try expectUnlocked(boot)

    let (texts, protocolLog) = spokenTexts(in: log, until: "Disk unlocked", timeout: stepTimeout)
    let question = texts.first { $0.hasPrefix(Self.asked(base)) }
    #expect(question != nil, "the question was not spoken; spoken: \(texts)")
    let longest = max(SpeechLabFixtures.passphrase.count, SpeechLabFixtures.wrongPassphrase.count)
    for count in 1...longest {
      let words = count == 1 ? "1 character entered" : "\(count) characters entered"
      #expect(texts.contains(words), "\"\(words)\" was not spoken; spoken: \(texts)")
    }
    #expect(texts.filter { $0 == "Checking" }.count >= 2, "\"Checking\" was not spoken twice; spoken: \(texts)")
    #expect(texts.contains("Wrong passphrase. Try 2"), "the retry was not spoken; spoken: \(texts)")
    #expect(texts.contains("Disk unlocked"), "\"Disk unlocked\" was not spoken; spoken: \(texts)")
    let secretCharacters = Set(SpeechLabFixtures.passphrase + SpeechLabFixtures.wrongPassphrase)
    for text in texts where text.contains(where: secretCharacters.contains) {
      Issue.record("a spoken text holds a character of a passphrase: \"\(text)\"")
    }
    let commands = SSIPSpeakRequest.dataRecords(inProtocolLog: protocolLog).map { $0.line.uppercased() }
    let spelled = commands.filter { $0.hasPrefix("CHAR ") || $0.hasPrefix("KEY ") }
    #expect(spelled.isEmpty, "characters or keys were sent to speech: \(spelled)")
    for secret in [SpeechLabFixtures.passphrase, SpeechLabFixtures.wrongPassphrase] {
      #expect(!protocolLog.contains(secret), "the speech log holds a passphrase")
    }

    let audio = try #require(CapturedAudio(path: wav), "QEMU wrote no readable wav file")
    let played = audio.soundDuration(fromFileOffset: soundBefore)
    #expect(played > .milliseconds(500), "only \(played) of sound after the question")
    let loudest = audio.frameLevels(fromFileOffset: soundBefore).max() ?? 0
    var steps: [(String, Duration)] = [("the question", prompt)]
    if let firstSound {
      steps.append(("the first sound", firstSound))
      steps.append(("question to first sound", firstSound - prompt))
    }
    steps += [("asked again", retry), ("unlocked", unlocked), ("sound played", played)]
    report("speech", steps)
    print("VM lab, speech: \(texts.count) texts spoken, the loudest 10 ms frame at RMS \(Int(loudest)) of 32767")
  }

  @Test("A passcode that cannot run (its binary exits 1) hands the question to systemd's own agent, and the disk unlocks")
  func brokenPasscodeFallsBackToSystemdAgent() throws {
    guard let speech = requireSpeechFixtures() else { return }
    let boot = try GuestBoot(speech.broken)
    let asked = try boot.waitFor("(press TAB for no echo)", timeout: bootTimeout)
    let failed = boot.plainText.split(whereSeparator: \.isNewline).contains {
      $0.contains("Accessible Console Agent") && $0.localizedCaseInsensitiveContains("failed")
    }
    #expect(failed, "systemd did not say that passcode's agent failed")
    let passcodeAsked = boot.plainText.replacingOccurrences(of: Self.systemdAsked, with: "").contains(Self.anyAsked)
    #expect(!passcodeAsked, "the broken passcode asked")
    try boot.type(VMLab.passphrase + "\r")
    let unlocked = try expectUnlocked(boot, saysUnlocked: false)
    report("a broken passcode, then systemd's agent", [("systemd's agent asked", asked), ("unlocked", unlocked)])
  }
}
