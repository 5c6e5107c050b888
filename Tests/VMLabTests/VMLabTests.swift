import Foundation
import PasscodeTestSupport
import Testing

/// The fixtures, or a recorded failure with its reason.
func requireFixtures(sourceLocation: SourceLocation = #_sourceLocation) -> VMLabFixtures? {
  switch VMLab.fixtures {
  case let .success(fixtures): return fixtures
  case let .failure(error):
    Issue.record(Comment(rawValue: "the VM lab cannot run: \(error)"), sourceLocation: sourceLocation)
    return nil
  }
}

/// How long each wait on the guest may take: TCG on two shared cores reached the disk prompt in 100 s here.
let bootTimeout = Duration.seconds(900)
let stepTimeout = Duration.seconds(300)

/// Prints a measurement for the record (Docs/Boot.md); nothing is asserted on time.
func report(_ scenario: String, _ steps: [(String, Duration)]) {
  let text = steps.map { "\($0.0) at \($0.1.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1))))" }
  print("VM lab, \(scenario): " + text.joined(separator: ", "))
}

/// Boots Debian's kernel with a dracut initramfs holding the 90passcode module, and unlocks a LUKS2 disk
/// through `passcode agent` on the serial console (Docs/Boot.md, issue 23); and, in
/// InitramfsToolsScenarioTests.swift, with an initramfs-tools one whose keyscript is `passcode-askpass`.
@Suite(
  "The disk passphrase at boot (VM lab: QEMU, LUKS2; dracut and initramfs-tools)", .serialized,
  .enabled(if: VMLab.skipReason == nil, Comment(rawValue: VMLab.skipReason ?? "")))
struct VMLabTests {
  /// The words passcode prints on the console when it has taken the lab disk's question: its name is
  /// `luks-UUID`, and its device `/dev/disk/by-uuid/UUID` is not said twice.
  static func asked(_ fixtures: VMLabFixtures) -> String { "Passphrase for disk luks-\(fixtures.uuid)" }
  /// Any of passcode's disk questions, and systemd's own agent's words for it.
  static let anyAsked = "Passphrase for disk luks-"
  static let systemdAsked = "Please enter passphrase for disk luks-"

  /// Boots, and waits until passcode has taken the disk's question and asks on the console.
  ///
  /// - Returns: The boot, and when passcode's question was shown.
  private func bootToPasscodesQuestion(_ fixtures: VMLabFixtures) throws -> (GuestBoot, Duration) {
    let boot = try GuestBoot(fixtures)
    let prompt = try boot.waitFor(Self.asked(fixtures), timeout: bootTimeout)
    return (boot, prompt)
  }

  /// The disk is unlocked: systemd-cryptsetup finished and the encrypted volumes' target was reached, and
  /// (when passcode answered) passcode said `words`, in whatever order they come.
  func expectUnlocked(_ boot: GuestBoot, saying words: String? = "Disk unlocked") throws -> Duration {
    let texts = ["Finished systemd-cryptsetu", "Local Encrypted Volumes"] + (words.map { [$0] } ?? [])
    return try boot.waitForAll(of: texts, timeout: stepTimeout)
  }

  /// The notice shown once when speech-dispatcher has not answered within the agent's startup grace: a boot
  /// with no sound card has no speech-dispatcher. Its words fit the boot: they name no command to run.
  static let speechNotice =
    "No speech at this boot: speech-dispatcher is not answering; the words are on the screen only"
  /// What the desktop's notice asks for, which a person at boot cannot do.
  static let desktopAdvice = "passcode doctor"
  /// What passcode says before systemd's own agent takes the question (after Esc, with `--leave-on-cancel`).
  static let handover = "systemd's own prompt asks next, without speech or counts"
  /// What the module's drop-in says before systemd's own agent asks, when passcode's agent failed or could not run.
  static let failedHandover = "passcode could not ask: " + handover

  /// Types a passphrase key by key, each key waiting for its count, then Enter and "Checking"; and checks
  /// that while it was typed the console showed only the counts and "Checking" (and systemd's and the kernel's own lines,
  /// which start with "[" or a status word, and the given notices), so no typed character was echoed. A line
  /// redrawn in place (`passcode-askpass`'s status line: see ``GuestBoot/lines(_:)``) is checked as a line of its
  /// own; it may start with the prompt's mask, one "●" for each key typed ("○" for none), before its words.
  func enter(_ passphrase: String, on boot: GuestBoot, notices: Set<String> = [speechNotice]) throws {
    let before = boot.printedCount
    for (index, key) in passphrase.enumerated() {
      try boot.type(String(key))
      let count = index + 1
      try boot.waitFor(count == 1 ? "1 character entered" : "\(count) characters entered", timeout: stepTimeout)
    }
    try boot.type("\r")
    try boot.waitFor("Checking", timeout: stepTimeout)
    let shown = Array(boot.transcript.dropFirst(before))
    let counts = Set((1...passphrase.count).map { $0 == 1 ? "1 character entered" : "\($0) characters entered" })
    for line in GuestBoot.lines(shown) {
      let text = line.trimmingCharacters(in: .whitespaces)
      let mask = text.prefix { $0 == "●" || $0 == "○" }
      let words = text.dropFirst(mask.count).trimmingCharacters(in: .whitespaces)
      let isMask = mask == "○" || (mask.allSatisfy { $0 == "●" } && mask.count <= passphrase.count)
      let isSystemdLine =
        text.hasPrefix("[") || ["Starting ", "Stopping ", "Expecting "].contains { text.hasPrefix($0) }
      let isPromptLine = isMask && (words == "Checking" || counts.contains(words) || notices.contains(words))
      guard !text.isEmpty, !isSystemdLine, !isPromptLine else { continue }
      Issue.record("while the passphrase was typed the console showed a line that is not a count: \"\(text)\"")
    }
    #expect(!GuestBoot.plain(shown).contains(passphrase), "the console showed the passphrase")
  }

  @Test(
    "passcode asks for the root disk's passphrase at boot, the right one unlocks it, and systemd switches to the root on it"
  )
  func rightPassphraseUnlocks() throws {
    guard let fixtures = requireFixtures() else { return }
    let (boot, prompt) = try bootToPasscodesQuestion(fixtures)
    try enter(VMLab.passphrase, on: boot)
    let unlocked = try expectUnlocked(boot)
    // The disk's root, mounted on /sysroot, and its /sbin/init run after systemd's switch-root (it says so in the
    // kernel's log, which the serial console shows): the whole boot.
    let rootReached = try boot.waitFor("the root's /sbin/init runs", timeout: stepTimeout)
    report(
      "right passphrase", [("the question", prompt), ("unlocked", unlocked), ("the root's init", rootReached)])
  }

  @Test("After a wrong passphrase passcode says \"Wrong passphrase. Try 2\", and the second try unlocks the disk")
  func wrongThenRightPassphrase() throws {
    guard let fixtures = requireFixtures() else { return }
    let (boot, prompt) = try bootToPasscodesQuestion(fixtures)
    try enter(VMLab.wrongPassphrase, on: boot)
    // The question and the retry are one opening, the question first.
    try boot.waitFor(Self.asked(fixtures), timeout: stepTimeout)
    let retry = try boot.waitFor("Wrong passphrase. Try 2", timeout: stepTimeout)
    #expect(!boot.plainText.contains("Disk unlocked"), "a wrong passphrase was said to unlock the disk")
    try enter(VMLab.passphrase, on: boot)
    let unlocked = try expectUnlocked(boot)
    report("wrong, then right", [("the question", prompt), ("asked again", retry), ("unlocked", unlocked)])
  }

  @Test(
    "Esc at passcode's prompt says systemd's own prompt asks next, without speech, and hands the question to it; the boot goes on"
  )
  func escapeFallsBackToSystemdAgent() throws {
    guard let fixtures = requireFixtures() else { return }
    let (boot, prompt) = try bootToPasscodesQuestion(fixtures)
    // No sound card: the boot's words that speech is missing, naming no command, after the agent's grace.
    let notice = try boot.waitFor(Self.speechNotice, timeout: stepTimeout)
    try boot.type("\u{1B}")
    let left = try boot.waitFor("Question left for another agent", timeout: stepTimeout)
    // Said before systemd's agent asks, on the console (so in braille) and to speech.
    let handover = try boot.waitFor(Self.handover, timeout: stepTimeout)
    let beforeSystemd = boot.plainText.components(separatedBy: "(press TAB for no echo)").first ?? ""
    #expect(beforeSystemd.contains(Self.handover), "systemd's agent asked before passcode said so")
    // systemd's agent asks with its own words; a cancelled question would fail the disk instead.
    let outcome = try boot.waitForFirst(
      of: ["(press TAB for no echo)", "Dependency failed for"], timeout: stepTimeout)
    try #require(outcome.index == 0, "the disk failed after Esc instead of systemd's agent asking")
    try boot.type(VMLab.passphrase + "\r")
    let unlocked = try expectUnlocked(boot, saying: nil)
    // passcode's watch was stopped when systemd's agent started: it did not ask again.
    let afterSystemdAsked = boot.plainText.components(separatedBy: "(press TAB for no echo)").dropFirst().joined()
    let passcodeAskedAgain = afterSystemdAsked.replacingOccurrences(of: Self.systemdAsked, with: "")
      .contains(Self.anyAsked)
    #expect(!passcodeAskedAgain, "passcode asked again after systemd's agent took over")
    #expect(!boot.plainText.contains(Self.desktopAdvice), "a person at boot was told to run passcode doctor")
    #expect(!boot.plainText.contains(Self.failedHandover), "the drop-in said passcode failed after an Esc")
    report(
      "Esc, then systemd's agent",
      [
        ("the question", prompt), ("no speech said", notice), ("left", left), ("handover said", handover),
        ("systemd's agent asked", outcome.elapsed), ("unlocked", unlocked),
      ])
  }

  @Test("Docs/Boot.md's way back for one boot: with passcode's watch masked, systemd's own agent unlocks the disk")
  func goingBackForOneBoot() throws {
    guard let fixtures = requireFixtures() else { return }
    let boot = try GuestBoot(
      fixtures,
      kernelArguments: [
        "rd.systemd.mask=passcode-agent-console.path", "rd.systemd.wants=systemd-ask-password-console.service",
      ])
    let prompt = try boot.waitFor("(press TAB for no echo)", timeout: bootTimeout)
    let passcodeAsked = boot.plainText.replacingOccurrences(of: Self.systemdAsked, with: "").contains(Self.anyAsked)
    #expect(!passcodeAsked, "passcode asked although its watch was masked")
    try boot.type(VMLab.passphrase + "\r")
    let unlocked = try expectUnlocked(boot, saying: nil)
    report("systemd's agent (the way back)", [("the question", prompt), ("unlocked", unlocked)])
  }
}
