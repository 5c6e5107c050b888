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
  /// The disk with ``passphrase`` added, and make-lab's `initrd-es.img` (made on a Spanish system: espeak-ng's
  /// Spanish data beside the English) with the same logging as ``speaking``.
  let spanish: VMLabFixtures

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
    let disk = try diskWithPassphrase(copying: base.disk, into: directory)

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
    let spanishInitramfs = try appendArchive(
      of: "logging", to: base.directory + "/initrd-es.img", in: directory, as: "logging-es")

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
        buildTime: base.buildTime),
      spanish: VMLabFixtures(
        directory: directory, kernel: base.kernel, initramfs: spanishInitramfs, disk: disk, uuid: base.uuid,
        buildTime: base.buildTime))
  }

  /// Copies the lab's disk into `directory` as `disk.img`, and adds ``passphrase`` to it.
  ///
  /// - Returns: The copy's path.
  static func diskWithPassphrase(copying disk: String, into directory: String) throws -> String {
    let copy = directory + "/disk.img"
    try? FileManager.default.removeItem(atPath: copy)
    try FileManager.default.copyItem(atPath: disk, toPath: copy)
    try Data(VMLab.passphrase.utf8).write(to: URL(fileURLWithPath: directory + "/old-key"))
    try Data(passphrase.utf8).write(to: URL(fileURLWithPath: directory + "/new-key"))
    try run(
      "cryptsetup luksAddKey --batch-mode --pbkdf pbkdf2 --pbkdf-force-iterations 1000 --key-file old-key disk.img"
        + " new-key", in: directory)
    return copy
  }

  /// Writes `DIRECTORY/NAME.img` (`NAME` is `tree` unless given): the initramfs, then a newc cpio archive of the
  /// files under `DIRECTORY/TREE` (files only: their directories are in the initramfs already), owned by root.
  private static func appendArchive(
    of tree: String, to initramfs: String, in directory: String, as name: String? = nil
  ) throws -> String {
    let image = "\(directory)/\(name ?? tree).img"
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

/// Speech at boot and a broken passcode, in the same serialized suite as the other boots (Docs/Boot.md).
extension VMLabTests {
  /// The speech fixtures, or a recorded failure with its reason.
  private func requireSpeechFixtures(sourceLocation: SourceLocation = #_sourceLocation) -> SpeechLabFixtures? {
    guard requireFixtures(sourceLocation: sourceLocation) != nil else { return nil }
    switch SpeechLabFixtures.shared {
    case let .success(fixtures): return fixtures
    case let .failure(error):
      Issue.record(
        Comment(rawValue: "the VM lab's speech fixtures cannot be made: \(error)"), sourceLocation: sourceLocation)
      return nil
    }
  }

  /// Waits until the captured sound has a frame above the silence level after the file offset `from`, and
  /// returns how long the boot had been running then; `nil` when none came within the timeout.
  func waitForSound(in wav: String, after from: Int, boot: GuestBoot, timeout: Duration) -> Duration? {
    let sound = CapturedAudio.waitForSound(in: wav, after: from, lasting: .milliseconds(10), timeout: timeout)
    return sound > .zero ? boot.elapsed : nil
  }

  /// The numbers of the counts ("1 character entered", "5 characters entered") among spoken texts, in order.
  static func counts(in texts: ArraySlice<String>) -> [Int] {
    texts.compactMap { text in
      for suffix in [" character entered", " characters entered"] where text.hasSuffix(suffix) {
        return Int(text.dropLast(suffix.count))
      }
      return nil
    }
  }

  /// The SPEAK requests in the guest's protocol log, once `isComplete` holds for their texts (or the timeout
  /// passed).
  func spokenTexts(in log: String, timeout: Duration, until isComplete: ([String]) -> Bool) -> (
    texts: [String], log: String
  ) {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      // The guest's serial port turns each line feed into CR LF, so an SSIP line's own CR LF comes as CR CR LF.
      let text = (FileManager.default.contents(atPath: log).map { String(decoding: $0, as: UTF8.self) } ?? "")
        .replacingOccurrences(of: "\r\r\n", with: "\r\n")
      let texts = SSIPSpeakRequest.requests(inProtocolLog: text).map(\.text)
      if isComplete(texts) || clock.now >= deadline { return (texts, text) }
      Thread.sleep(forTimeInterval: 0.2)
    }
  }

  /// Checks what the guest's speech-dispatcher was asked to say over a wrong try of
  /// ``SpeechLabFixtures/wrongPassphrase`` and a right one of ``SpeechLabFixtures/passphrase``: the question,
  /// counts of the first try (in each try rising, and never beyond the keys typed), "Checking" twice and
  /// "Wrong passphrase. Try 2"; no spoken text holds a character of either passphrase, no `CHAR` or `KEY`
  /// command was sent, and the log holds neither passphrase.
  func expectSpokenWithoutSecrets(
    _ texts: [String], protocolLog: String, question: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      texts.contains { $0.hasPrefix(question) }, "the question was not spoken; spoken: \(texts)",
      sourceLocation: sourceLocation)
    // The counts spoken in each try rise and never pass the keys typed; the first try's are there. A count
    // still waiting while speech is behind (on the retry its long question is still being said as the keys
    // come) is replaced by the next message, a count or "Checking", so not every count is sure to be heard;
    // the console showed every one (`enter`).
    let retryIndex = texts.firstIndex { $0.contains("Wrong passphrase. Try 2") } ?? texts.endIndex
    let tries: [(spoken: [Int], typed: Int)] = [
      (Self.counts(in: texts[..<retryIndex]), SpeechLabFixtures.wrongPassphrase.count),
      (Self.counts(in: texts[retryIndex...]), SpeechLabFixtures.passphrase.count),
    ]
    #expect(
      !tries[0].spoken.isEmpty, "no count of the first try was spoken; spoken: \(texts)", sourceLocation: sourceLocation
    )
    for (spoken, typed) in tries {
      #expect(
        spoken == spoken.sorted() && Set(spoken).count == spoken.count, "counts out of order: \(texts)",
        sourceLocation: sourceLocation)
      #expect(
        spoken.allSatisfy { (1...typed).contains($0) }, "a count beyond the \(typed) keys typed: \(texts)",
        sourceLocation: sourceLocation)
    }
    #expect(
      texts.filter { $0 == "Checking" }.count >= 2, "\"Checking\" was not spoken twice; spoken: \(texts)",
      sourceLocation: sourceLocation)
    #expect(
      texts.contains { $0.contains("Wrong passphrase. Try 2") }, "the retry was not spoken; spoken: \(texts)",
      sourceLocation: sourceLocation)
    let secretCharacters = Set(SpeechLabFixtures.passphrase + SpeechLabFixtures.wrongPassphrase)
    for text in texts where text.contains(where: secretCharacters.contains) {
      Issue.record("a spoken text holds a character of a passphrase: \"\(text)\"", sourceLocation: sourceLocation)
    }
    let commands = SSIPSpeakRequest.dataRecords(inProtocolLog: protocolLog).map { $0.line.uppercased() }
    let spelled = commands.filter { $0.hasPrefix("CHAR ") || $0.hasPrefix("KEY ") }
    #expect(spelled.isEmpty, "characters or keys were sent to speech: \(spelled)", sourceLocation: sourceLocation)
    for secret in [SpeechLabFixtures.passphrase, SpeechLabFixtures.wrongPassphrase] {
      #expect(!protocolLog.contains(secret), "the speech log holds a passphrase", sourceLocation: sourceLocation)
    }
  }

  @Test("At boot the question, counts, \"Checking\" and the retry are spoken and played, never a secret character")
  func speechAtBoot() throws {
    guard let base = requireFixtures(), let speech = requireSpeechFixtures() else { return }
    let wav = speech.speaking.directory + "/boot.wav"
    let log = speech.speaking.directory + "/speech-protocol.log"
    for file in [wav, log] { try? FileManager.default.removeItem(atPath: file) }
    let boot = try GuestBoot(speech.speaking, qemuArguments: Self.soundCard(recordingTo: wav, protocolLog: log))
    let prompt = try boot.waitFor(Self.asked(base), timeout: bootTimeout)
    let soundBefore = CapturedAudio.size(of: wav)
    let firstSound = waitForSound(in: wav, after: soundBefore, boot: boot, timeout: stepTimeout)
    #expect(firstSound != nil, "no sound came out of the guest's sound card after the question")

    try enter(SpeechLabFixtures.wrongPassphrase, on: boot, notices: [])
    try boot.waitFor(Self.asked(base), timeout: stepTimeout)
    let retry = try boot.waitFor("Wrong passphrase. Try 2", timeout: stepTimeout)
    try enter(SpeechLabFixtures.passphrase, on: boot, notices: [])
    let unlocked = try expectUnlocked(boot)

    #expect(!boot.plainText.contains(Self.speechNotice), "speech was said to be missing though it came")
    let (texts, protocolLog) = spokenTexts(in: log, timeout: stepTimeout) { $0.contains("Disk unlocked") }
    expectSpokenWithoutSecrets(texts, protocolLog: protocolLog, question: Self.asked(base))
    #expect(texts.contains("Disk unlocked"), "\"Disk unlocked\" was not spoken; spoken: \(texts)")

    // The words are played as the daemon gets to them, after the console has moved on.
    let played = CapturedAudio.waitForSound(
      in: wav, after: soundBefore, lasting: .milliseconds(510), timeout: stepTimeout)
    #expect(played > .milliseconds(500), "only \(played) of sound after the question")
    let audio = try #require(CapturedAudio(path: wav), "QEMU wrote no readable wav file")
    let loudest = audio.frameLevels(fromFileOffset: soundBefore).levels.max() ?? 0
    var steps: [(String, Duration)] = [("the question", prompt)]
    if let firstSound {
      steps.append(("the first sound", firstSound))
      steps.append(("question to first sound", firstSound - prompt))
    }
    steps += [("asked again", retry), ("unlocked", unlocked)]
    report("speech", steps)
    print("VM lab, speech: \(texts.count) texts spoken, the loudest 10 ms frame at RMS \(Int(loudest)) of 32767")
  }

  @Test(
    "dracut: with locale.LANGUAGE=es on the kernel command line, the agent asks, retries and unlocks in Spanish, spoken with espeak-ng's Spanish data"
  )
  func dracutSpanishAtBoot() throws {
    guard let base = requireFixtures(), let speech = requireSpeechFixtures() else { return }
    let fixtures = speech.spanish
    // Made on a Spanish system, the image carries espeak-ng's Spanish data beside the English, and no other
    // language's dictionary, and passcode's catalogues.
    let listing = try Self.listing(of: base.directory + "/initrd-es.img")
    expectEnglishAndSpanishVoicesOnly(listing)
    #expect(listing.contains("usr/share/locale/es/LC_MESSAGES/passcode.mo"), "the image has no Spanish catalogue")

    let wav = fixtures.directory + "/boot-es.wav"
    let log = fixtures.directory + "/speech-protocol-es.log"
    for file in [wav, log] { try? FileManager.default.removeItem(atPath: file) }
    // systemd hands `locale.LANGUAGE=` to every service, the agent among them; a bare `LANGUAGE=es` reaches only
    // its own environment.
    let boot = try GuestBoot(
      fixtures, kernelArguments: ["locale.LANGUAGE=es"],
      qemuArguments: Self.soundCard(recordingTo: wav, protocolLog: log))
    let question = "Frase de contraseña del disco luks-\(fixtures.uuid)"
    let prompt = try boot.waitFor(question, timeout: bootTimeout)
    let soundBefore = CapturedAudio.size(of: wav)
    try boot.type(SpeechLabFixtures.wrongPassphrase + "\r")
    let retry = try boot.waitFor("Frase de contraseña incorrecta. Intento 2", timeout: stepTimeout)
    try boot.type(SpeechLabFixtures.passphrase + "\r")
    let unlocked = try expectUnlocked(boot, saying: "Disco desbloqueado")
    #expect(!boot.plainText.contains(Self.anyAsked), "an English question was shown")
    for passphrase in [SpeechLabFixtures.wrongPassphrase, SpeechLabFixtures.passphrase] {
      #expect(!boot.plainText.contains(passphrase), "the console showed a typed passphrase")
    }

    let texts = expectSpokenInSpanish(question: question, protocolLog: log, recording: wav, after: soundBefore)
    report(
      "dracut, locale.LANGUAGE=es with speech",
      [("the question", prompt), ("asked again", retry), ("unlocked and said so", unlocked)])
    print("VM lab, dracut locale.LANGUAGE=es: \(texts.count) texts spoken: \(texts)")
  }

  /// QEMU's arguments for an HDA sound card recorded to `wav`, and a second serial port written to `protocolLog`
  /// (where the lab's speech-dispatcher configuration logs the protocol).
  static func soundCard(recordingTo wav: String, protocolLog: String) -> [String] {
    [
      "-audiodev", "wav,id=snd0,path=\(wav)", "-device", "intel-hda", "-device", "hda-duplex,audiodev=snd0",
      "-serial", "file:\(protocolLog)",
    ]
  }

  /// Checks an image made on a Spanish system, by the paths it lists: espeak-ng's dictionaries are English's and
  /// Spanish's only, and the Spanish voice is there.
  func expectEnglishAndSpanishVoicesOnly(_ listing: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let espeakFiles = listing.compactMap { $0.components(separatedBy: "espeak-ng-data/").last }
    let dictionaries = Set(espeakFiles.filter { $0.hasSuffix("_dict") })
    #expect(
      dictionaries == ["en_dict", "es_dict"], "the image's espeak-ng dictionaries: \(dictionaries.sorted())",
      sourceLocation: sourceLocation)
    #expect(
      espeakFiles.contains("lang/roa/es"), "the image has no Spanish voice (lang/roa/es)",
      sourceLocation: sourceLocation)
  }

  /// Checks a Spanish boot's speech, once "Disco desbloqueado" was asked for: speech-dispatcher was told Spanish
  /// and never English; the question (`question`), the retry and "Disco desbloqueado" were spoken, no English
  /// and no character of either passphrase; the log holds neither passphrase; and the card played more than half
  /// a second after the file offset `soundBefore`.
  ///
  /// - Returns: The texts spoken.
  @discardableResult
  func expectSpokenInSpanish(
    question: String, protocolLog log: String, recording wav: String, after soundBefore: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    let (texts, protocolLog) = spokenTexts(in: log, timeout: stepTimeout) { $0.contains("Disco desbloqueado") }
    #expect(
      protocolLog.contains("SET SELF LANGUAGE es"), "speech-dispatcher was not told Spanish",
      sourceLocation: sourceLocation)
    #expect(
      !protocolLog.contains("SET SELF LANGUAGE en"), "speech-dispatcher was told English",
      sourceLocation: sourceLocation)
    #expect(
      texts.contains { $0.hasPrefix(question) }, "the Spanish question was not spoken; spoken: \(texts)",
      sourceLocation: sourceLocation)
    #expect(
      texts.contains { $0.contains("Intento 2") }, "the Spanish retry was not spoken; spoken: \(texts)",
      sourceLocation: sourceLocation)
    #expect(
      texts.contains("Disco desbloqueado"), "\"Disco desbloqueado\" was not spoken; spoken: \(texts)",
      sourceLocation: sourceLocation)
    #expect(
      !texts.contains { $0.contains("Passphrase") }, "English was spoken: \(texts)", sourceLocation: sourceLocation)
    let secretCharacters = Set(SpeechLabFixtures.wrongPassphrase + SpeechLabFixtures.passphrase)
    #expect(
      !texts.contains { !secretCharacters.isDisjoint(with: $0) }, "a passphrase character was spoken: \(texts)",
      sourceLocation: sourceLocation)
    for passphrase in [SpeechLabFixtures.wrongPassphrase, SpeechLabFixtures.passphrase] {
      #expect(
        !protocolLog.contains(passphrase), "the protocol log holds a typed passphrase", sourceLocation: sourceLocation)
    }
    let played = CapturedAudio.waitForSound(
      in: wav, after: soundBefore, lasting: .milliseconds(510), timeout: stepTimeout)
    #expect(played > .milliseconds(500), "only \(played) of sound after the question", sourceLocation: sourceLocation)
    return texts
  }

  /// The paths in an uncompressed initramfs (dracut's `--no-compress`), as `cpio -t` lists them.
  private static func listing(of initramfs: String) throws -> [String] {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("passcode-cpio-\(getpid()).list").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let status = try SpawnedProcess.run(
      executable: "/bin/sh", arguments: ["-c", "cpio -t --quiet < '\(initramfs)'"], outputPath: output,
      timeout: .seconds(120))
    guard status == 0 else { throw VMLabError("cpio -t could not list \(initramfs)") }
    return try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  @Test(
    "A passcode that cannot run (it exits 1) hands the question to systemd's own agent, said on the console first, and the disk unlocks"
  )
  func brokenPasscodeFallsBackToSystemdAgent() throws {
    guard let speech = requireSpeechFixtures() else { return }
    let boot = try GuestBoot(speech.broken)
    let asked = try boot.waitFor("(press TAB for no echo)", timeout: bootTimeout)
    // The module's drop-in says it before systemd's agent asks, on the console (so in braille).
    let beforeSystemd = boot.plainText.components(separatedBy: "(press TAB for no echo)").first ?? ""
    #expect(beforeSystemd.contains(Self.failedHandover), "systemd's agent asked with nothing said first")
    // systemd prints no "Failed to start" while a question is open on the console; that its own agent asks
    // at all is the proof: its console path is masked, and only passcode's OnFailure= starts it.
    let passcodeAsked = boot.plainText.replacingOccurrences(of: Self.systemdAsked, with: "").contains(Self.anyAsked)
    #expect(!passcodeAsked, "the broken passcode asked")
    try boot.type(VMLab.passphrase + "\r")
    let unlocked = try expectUnlocked(boot, saying: nil)
    report("a broken passcode, then systemd's agent", [("systemd's agent asked", asked), ("unlocked", unlocked)])
  }
}
