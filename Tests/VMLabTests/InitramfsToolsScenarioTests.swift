import Foundation
import PasscodeTestSupport
import Testing

extension SpeechLabFixtures {
  /// The initramfs-tools speech scenario's fixtures, made once from ``VMLab/initramfsToolsFixtures``: the
  /// initramfs whose speech-dispatcher also logs its SSIP protocol to the guest's second serial port
  /// (`initrd-it-speech.img`, made by make-initramfs-tools-lab), and a copy of the disk with ``passphrase`` added.
  static let initramfsTools = VMLab.initramfsToolsVariant("speech", initramfs: "initrd-it-speech.img")
  /// The initramfs-tools image whose passcode cannot run (`initrd-it-broken.img`: both names a script that exits
  /// 1), and a copy of the disk.
  static let initramfsToolsBroken = VMLab.initramfsToolsVariant("broken", initramfs: "initrd-it-broken.img")
  /// The Spanish speech scenario's: `initrd-it-es-speech.img`, made on a system whose locale is Spanish, with
  /// the same protocol log, and its own copy of the disk.
  static let initramfsToolsSpanish = VMLab.initramfsToolsVariant("es-speech", initramfs: "initrd-it-es-speech.img")
}

extension VMLab {
  /// A variant of ``initramfsToolsFixtures``: `initramfs`, another image make-initramfs-tools-lab made beside
  /// the first, and a copy of the disk in the subdirectory `name` with ``SpeechLabFixtures/passphrase`` added.
  static func initramfsToolsVariant(_ name: String, initramfs: String) -> Result<VMLabFixtures, VMLabError> {
    initramfsToolsFixtures.flatMap { base in
      Result {
        let directory = base.directory + "/" + name
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return VMLabFixtures(
          directory: directory, kernel: base.kernel, initramfs: base.directory + "/" + initramfs,
          disk: try SpeechLabFixtures.diskWithPassphrase(copying: base.disk, into: directory), uuid: base.uuid,
          buildTime: base.buildTime, generator: .initramfsTools)
      }
      .mapError { $0 as? VMLabError ?? VMLabError("\($0)") }
    }
  }
}

/// Boots Debian's kernel with an initramfs-tools initramfs (busybox, cryptsetup-initramfs's scripts, passcode's
/// hook) whose crypttab names `passcode-askpass` as the disk's keyscript, and unlocks the LUKS2 disk on the serial
/// console (Docs/Boot.md, issue 23).
extension VMLabTests {
  /// passcode-askpass's question for the lab disk: crypttab names it cryptroot, and cryptroot's script gives the
  /// device it found for its `UUID=` source.
  static let askpassAsked = "Passphrase for disk cryptroot (/dev/vda)"
  /// What the keyscript's status line may show besides the counts while a passphrase is typed: the question, and
  /// the notice that speech-dispatcher is not answering (the initramfs has none).
  static let askpassNotices: Set<String> = [askpassAsked, speechNotice]
  /// cryptroot's script's words once cryptsetup opened the disk and the mapping cryptroot exists
  /// (`dm_blkdevname` found it).
  static let cryptrootSetUp = "cryptsetup: cryptroot: set up successfully"
  /// cryptroot's script's words after the keyscript's answer did not open the disk.
  static let cryptrootFailed = "cryptsetup: ERROR: cryptroot: cryptsetup failed"

  @Test(
    "initramfs-tools: passcode-askpass asks, says \"Wrong passphrase. Try 2\" on the retry, and unlocks the disk; keys typed between the tries are neither shown nor counted, and said to be ignored; the console echoes again once the disk is open"
  )
  func initramfsToolsKeyscriptUnlocksAfterAWrongTry() throws {
    guard let fixtures = VMLab.fixturesOrIssue(VMLab.initramfsToolsFixtures) else { return }
    let boot = try GuestBoot(fixtures)
    let prompt = try boot.waitFor(Self.askpassAsked, timeout: bootTimeout)
    #expect(!boot.plainText.contains("Please unlock disk"), "cryptsetup's own askpass asked")
    try enter(VMLab.wrongPassphrase, on: boot, notices: Self.askpassNotices)
    // Keys typed ahead: at once after "Checking" (the keyscript has written the passphrase, and cryptsetup is
    // checking it), then once cryptsetup has refused it, before the keyscript runs again (cryptroot sleeps 1 s).
    let checking = boot.plainText.endIndex
    try boot.type("77")
    let refused = try boot.waitFor(Self.cryptrootFailed, timeout: stepTimeout)
    try boot.type("88")
    // cryptroot runs the keyscript again with CRYPTTAB_TRIED=1: the retry phrase, and the question again.
    let retry = try boot.waitForAll(of: ["Wrong passphrase. Try 2", Self.askpassAsked], timeout: stepTimeout)
    #expect(!boot.plainText.contains(Self.cryptrootSetUp), "a wrong passphrase opened the disk")
    let meanwhile = String(boot.plainText[checking...])
    for typedAhead in ["77", "88"] {
      #expect(!meanwhile.contains(typedAhead), "the console showed keys typed while cryptsetup checked: \(meanwhile)")
    }
    // The retry's keyscript found them waiting, threw them away, and said so.
    #expect(meanwhile.contains("Keys typed before this question were ignored"), "keys were dropped unsaid")
    // Had the keys landed in the retry's entry, its first key would be counted as the third or fifth.
    try enter(VMLab.passphrase, on: boot, notices: Self.askpassNotices)
    let unlocked = try boot.waitFor(Self.cryptrootSetUp, timeout: stepTimeout)
    for passphrase in [VMLab.wrongPassphrase, VMLab.passphrase] {
      #expect(!boot.plainText.contains(passphrase), "the console showed a typed passphrase")
    }
    // The disk's questions are over ("Disk unlocked", local-premount): the console echoes again, as the real
    // root's init (the lab's waits 5 seconds) and any shell expect.
    let rootReached = try boot.waitFor("the root's /sbin/init runs", timeout: stepTimeout)
    try boot.type("qzq")
    let echoed = try boot.waitFor("qzq", timeout: .seconds(10))
    print("VM lab, initramfs-tools: the fixtures made in \(fixtures.buildTime.formatted(.units(allowed: [.seconds])))")
    report(
      "initramfs-tools, wrong, then right",
      [
        ("the question", prompt), ("refused", refused), ("asked again", retry), ("unlocked", unlocked),
        ("the root's init", rootReached), ("echoed again", echoed),
      ])
  }

  @Test("initramfs-tools: Esc at passcode-askpass's prompt is a failed try: it is asked again, as try 2, and unlocks")
  func initramfsToolsEscapeCountsAsATry() throws {
    guard let fixtures = VMLab.fixturesOrIssue(VMLab.initramfsToolsFixtures) else { return }
    let boot = try GuestBoot(fixtures)
    let prompt = try boot.waitFor(Self.askpassAsked, timeout: bootTimeout)
    // No sound card: the boot's words that speech is missing, naming no command, after the keyscript's grace.
    let notice = try boot.waitFor(Self.speechNotice, timeout: stepTimeout)
    try boot.type("\u{1B}")
    let cancelled = try boot.waitFor("Cancelled", timeout: stepTimeout)
    // Nothing reached cryptsetup, which counts that as a failed try; the keyscript is run again.
    let refused = try boot.waitFor(Self.cryptrootFailed, timeout: stepTimeout)
    let retry = try boot.waitForAll(of: ["Wrong passphrase. Try 2", Self.askpassAsked], timeout: stepTimeout)
    #expect(!boot.plainText.contains(Self.cryptrootSetUp), "the disk was opened after Esc")
    try enter(VMLab.passphrase, on: boot, notices: Self.askpassNotices)
    let unlocked = try boot.waitFor(Self.cryptrootSetUp, timeout: stepTimeout)
    #expect(!boot.plainText.contains(VMLab.passphrase), "the console showed the typed passphrase")
    // passcode itself asks again here: no systemd agent takes over, so the handover words would be untrue.
    #expect(!boot.plainText.contains(Self.handover), "the keyscript said systemd would ask next")
    #expect(!boot.plainText.contains(Self.desktopAdvice), "a person at boot was told to run passcode doctor")
    report(
      "initramfs-tools, Esc, then right",
      [
        ("the question", prompt), ("no speech said", notice), ("cancelled", cancelled), ("refused", refused),
        ("asked again", retry), ("unlocked", unlocked),
      ])
  }

  @Test(
    "initramfs-tools: with a sound card, passcode-askpass speaks the question, the counts, \"Checking\", the retry and \"Disk unlocked\", never a secret character"
  )
  func initramfsToolsSpeechAtBoot() throws {
    guard let fixtures = VMLab.fixturesOrIssue(SpeechLabFixtures.initramfsTools) else { return }
    let wav = fixtures.directory + "/boot.wav"
    let log = fixtures.directory + "/speech-protocol.log"
    for file in [wav, log] { try? FileManager.default.removeItem(atPath: file) }
    let boot = try GuestBoot(fixtures, qemuArguments: Self.soundCard(recordingTo: wav, protocolLog: log))
    let prompt = try boot.waitFor(Self.askpassAsked, timeout: bootTimeout)
    let soundBefore = CapturedAudio.size(of: wav)
    let firstSound = waitForSound(in: wav, after: soundBefore, boot: boot, timeout: stepTimeout)
    #expect(firstSound != nil, "no sound came out of the guest's sound card after the question")

    try enter(SpeechLabFixtures.wrongPassphrase, on: boot, notices: [Self.askpassAsked])
    let refused = try boot.waitFor(Self.cryptrootFailed, timeout: stepTimeout)
    let retry = try boot.waitForAll(of: ["Wrong passphrase. Try 2", Self.askpassAsked], timeout: stepTimeout)
    try enter(SpeechLabFixtures.passphrase, on: boot, notices: [Self.askpassAsked])
    let unlocked = try boot.waitFor(Self.cryptrootSetUp, timeout: stepTimeout)
    // passcode's local-premount script, once cryptroot is done and the root is there.
    let saidUnlocked = try boot.waitFor("Disk unlocked", timeout: stepTimeout)

    #expect(!boot.plainText.contains(Self.speechNotice), "speech was said to be missing though it came")
    #expect(!boot.plainText.contains("GLib"), "GLib warned on the console")
    let (texts, protocolLog) = spokenTexts(in: log, timeout: stepTimeout) { $0.contains("Disk unlocked") }
    expectSpokenWithoutSecrets(texts, protocolLog: protocolLog, question: Self.askpassAsked)
    #expect(texts.last == "Disk unlocked", "\"Disk unlocked\" was not spoken last; spoken: \(texts)")

    // The words are played as the daemon gets to them, after the console has moved on.
    let played = CapturedAudio.waitForSound(
      in: wav, after: soundBefore, lasting: .milliseconds(510), timeout: stepTimeout)
    #expect(played > .milliseconds(500), "only \(played) of sound after the question")
    var steps: [(String, Duration)] = [("the question", prompt)]
    if let firstSound { steps += [("the first sound", firstSound), ("question to first sound", firstSound - prompt)] }
    steps += [("refused", refused), ("asked again", retry), ("unlocked", unlocked), ("said unlocked", saidUnlocked)]
    report("initramfs-tools, speech", steps)
    print("VM lab, initramfs-tools speech: \(texts.count) texts spoken: \(texts)")
  }

  @Test(
    "initramfs-tools: a passcode that cannot run fails each try at once; the boot stops in the shell, where Boot.md's cryptsetup open unlocks the disk"
  )
  func initramfsToolsPasscodeCannotRun() throws {
    guard let fixtures = VMLab.fixturesOrIssue(SpeechLabFixtures.initramfsToolsBroken) else { return }
    // An empty panic= lets init open its shell, as on a Debian system (the lab's panic=-1 reboots instead), once
    // it has waited for the root device (30 s; cryptroot, run again from local-block meanwhile, fails again).
    let boot = try GuestBoot(fixtures, kernelArguments: ["panic="])
    let gaveUp = try boot.waitFor(
      "cryptsetup: ERROR: cryptroot: maximum number of tries exceeded", timeout: bootTimeout)
    let shell = try boot.waitFor("(initramfs)", timeout: stepTimeout)
    #expect(!boot.plainText.contains("Passphrase for disk"), "the broken passcode asked")
    // Boot.md's words for this case, with the lab's device.
    try boot.type("cryptsetup open /dev/vda cryptroot\r")
    let asked = try boot.waitFor("Enter passphrase for", timeout: stepTimeout)
    // Typed at once, the passphrase once came while cryptsetup's prompt was still being sent, before it turned
    // echo off, and the console showed it (CI, 2026-12-07): the lab answers as a person does, after the prompt.
    try boot.waitForQuiet(.seconds(1), timeout: stepTimeout)
    try boot.type(VMLab.passphrase + "\r")
    try boot.waitFor("(initramfs)", timeout: stepTimeout)
    try boot.type("exit\r")
    let rootReached = try boot.waitFor("the root's /sbin/init runs", timeout: stepTimeout)
    #expect(!boot.plainText.contains(VMLab.passphrase), "the console showed the passphrase")
    report(
      "initramfs-tools, passcode cannot run",
      [("gave up", gaveUp), ("shell", shell), ("cryptsetup asked", asked), ("the root's init", rootReached)])
  }

  @Test(
    "initramfs-tools: after tries= runs out (3 wrong passphrases), cryptroot gives up, each retry said with its number"
  )
  func initramfsToolsTriesRunOut() throws {
    guard let fixtures = VMLab.fixturesOrIssue(VMLab.initramfsToolsFixtures) else { return }
    let boot = try GuestBoot(fixtures)
    let prompt = try boot.waitFor(Self.askpassAsked, timeout: bootTimeout)
    for attempt in 2...3 {
      try enter(VMLab.wrongPassphrase, on: boot, notices: Self.askpassNotices)
      try boot.waitFor(Self.cryptrootFailed, timeout: stepTimeout)
      _ = try boot.waitForAll(of: ["Wrong passphrase. Try \(attempt)", Self.askpassAsked], timeout: stepTimeout)
    }
    try enter(VMLab.wrongPassphrase, on: boot, notices: Self.askpassNotices)
    let gaveUp = try boot.waitFor(
      "cryptsetup: ERROR: cryptroot: maximum number of tries exceeded", timeout: stepTimeout)
    #expect(!boot.plainText.contains("Wrong passphrase. Try 4"), "a fourth try was asked")
    #expect(!boot.plainText.contains(Self.cryptrootSetUp), "a wrong passphrase opened the disk")
    #expect(!boot.plainText.contains(VMLab.wrongPassphrase), "the console showed a typed passphrase")
    report("initramfs-tools, tries= runs out", [("the question", prompt), ("gave up", gaveUp)])
  }

  @Test(
    "initramfs-tools: Boot.md's way back for one boot (break=premount, its sed, exit) gives cryptsetup's own prompt"
  )
  func initramfsToolsWayBackForOneBoot() throws {
    guard let fixtures = VMLab.fixturesOrIssue(VMLab.initramfsToolsFixtures) else { return }
    // init opens no shell while the command line sets panic= (the lab's panic=-1 reboots instead); an empty
    // panic= after it, the last one init reads, lets the shell open, as on a Debian system, which sets none.
    let boot = try GuestBoot(fixtures, kernelArguments: ["break=premount", "panic="])
    let shell = try boot.waitFor("(initramfs)", timeout: bootTimeout)
    // Boot.md's line, as written there, typed at the initramfs's shell.
    let text = try String(contentsOfFile: PasscodeBinary.packageRoot + "/Docs/Boot.md", encoding: .utf8)
    let section = try #require(text.components(separatedBy: "### Going back (initramfs-tools)").dropFirst().first)
    let sed = try #require(
      section.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .first { $0.hasPrefix("sed -i") && $0.hasSuffix("/cryptroot/crypttab") })
    // At break=premount cryptroot has not written /cryptroot/crypttab yet; the image holds it.
    try boot.type(sed + "\r")
    try boot.waitFor("(initramfs)", timeout: stepTimeout)
    try boot.type("exit\r")
    let asked = try boot.waitFor("Please unlock disk cryptroot", timeout: stepTimeout)
    #expect(!boot.plainText.contains(Self.askpassAsked), "passcode-askpass asked")
    try boot.type(VMLab.passphrase + "\r")
    let unlocked = try boot.waitFor(Self.cryptrootSetUp, timeout: stepTimeout)
    report(
      "initramfs-tools, the way back (break=premount)",
      [("the shell", shell), ("cryptsetup asked", asked), ("unlocked", unlocked)])
  }

  @Test(
    "initramfs-tools: with LANGUAGE=es on the kernel command line, passcode-askpass asks, retries and unlocks in Spanish, spoken with espeak-ng's Spanish data"
  )
  func initramfsToolsSpanishAtBoot() throws {
    guard let fixtures = VMLab.fixturesOrIssue(SpeechLabFixtures.initramfsToolsSpanish) else { return }
    // Made on a Spanish system, the image carries espeak-ng's Spanish data beside the English, and no other
    // language's dictionary.
    let listing = try String(
      contentsOfFile: (fixtures.initramfs as NSString).deletingLastPathComponent + "/initrd-it-es.list", encoding: .utf8
    )
    expectEnglishAndSpanishVoicesOnly(listing.split(separator: "\n").map(String.init))

    let wav = fixtures.directory + "/boot.wav"
    let log = fixtures.directory + "/speech-protocol.log"
    for file in [wav, log] { try? FileManager.default.removeItem(atPath: file) }
    // The kernel hands a name=value it does not know to init's environment, which cryptroot's keyscript inherits.
    let boot = try GuestBoot(
      fixtures, kernelArguments: ["LANGUAGE=es"], qemuArguments: Self.soundCard(recordingTo: wav, protocolLog: log))
    let question = "Frase de contraseña del disco cryptroot (/dev/vda)"
    let prompt = try boot.waitFor(question, timeout: bootTimeout)
    let soundBefore = CapturedAudio.size(of: wav)
    try boot.type(SpeechLabFixtures.wrongPassphrase + "\r")
    try boot.waitFor(Self.cryptrootFailed, timeout: stepTimeout)
    let retry = try boot.waitFor("Frase de contraseña incorrecta. Intento 2", timeout: stepTimeout)
    try boot.type(SpeechLabFixtures.passphrase + "\r")
    try boot.waitFor(Self.cryptrootSetUp, timeout: stepTimeout)
    let unlocked = try boot.waitFor("Disco desbloqueado", timeout: stepTimeout)
    #expect(!boot.plainText.contains("Passphrase for disk"), "an English question was shown")
    for passphrase in [SpeechLabFixtures.wrongPassphrase, SpeechLabFixtures.passphrase] {
      #expect(!boot.plainText.contains(passphrase), "the console showed a typed passphrase")
    }

    let texts = expectSpokenInSpanish(question: question, protocolLog: log, recording: wav, after: soundBefore)
    #expect(texts.last == "Disco desbloqueado", "\"Disco desbloqueado\" was not spoken last; spoken: \(texts)")
    report(
      "initramfs-tools, LANGUAGE=es with speech",
      [("the question", prompt), ("asked again", retry), ("said unlocked", unlocked)])
    print("VM lab, initramfs-tools LANGUAGE=es: \(texts.count) texts spoken: \(texts)")
  }
}
