import Foundation
import PasscodeTestSupport
import Testing

/// The braille boots' fixtures, made once from ``VMLab/initramfsToolsFixtures``: `initrd-it-braille.img` (made by
/// make-initramfs-tools-lab with Debian's brltty hook turned on and brltty's TTY driver on the guest's second
/// serial port at 40 cells), and a copy of the disk with ``SpeechLabFixtures/passphrase`` added, whose letters
/// none of the words shown hold.
enum BrailleLabFixtures {
  /// The initramfs-tools braille fixtures.
  static let initramfsTools = VMLab.initramfsToolsVariant("braille", initramfs: "initrd-it-braille.img")
  /// The dracut braille fixtures: ``VMLab/fixtures``'s `initrd-braille.img` (passcode's module with its brltty,
  /// asked for by the lab's /etc/default/brltty), and a copy of the disk with the passphrase added.
  static let dracut: Result<VMLabFixtures, VMLabError> = VMLab.fixtures.flatMap { base in
    Result {
      let directory = base.directory + "/braille"
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      return VMLabFixtures(
        directory: directory, kernel: base.kernel, initramfs: base.directory + "/initrd-braille.img",
        disk: try SpeechLabFixtures.diskWithPassphrase(copying: base.disk, into: directory), uuid: base.uuid,
        buildTime: base.buildTime)
    }
    .mapError { $0 as? VMLabError ?? VMLabError("\($0)") }
  }
}

/// Braille at boot, braille only: no sound card. The console is the first virtual terminal (`console=tty1`, the
/// last `console=`), which brltty reads; the serial console keeps only the kernel's messages.
extension VMLabTests {
  /// The count a window shows after `count` keys, after the prompt's mask if it has one.
  static func countWords(_ count: Int) -> String {
    count == 1 ? "1 character entered" : "\(count) characters entered"
  }

  /// Types `passphrase` on the braille display's keyboard, each key once the window shows the count before it
  /// (none for the first), then Enter.
  ///
  /// - Returns: The index of the window that showed the last count.
  func enterOnBraille(
    _ passphrase: String, on display: SerialBrailleDisplay, from start: Int, boot: GuestBoot
  ) throws -> Int {
    var seen = start
    for (index, key) in passphrase.enumerated() {
      try display.type(String(key))
      let words = Self.countWords(index + 1)
      seen = try display.waitForWindow(from: seen, timeout: stepTimeout, idle: { boot.drain() }) {
        $0.hasSuffix(words)
      }
    }
    try display.type("\r")
    return seen
  }

  /// Waits for the question's window (`isQuestion`), types ``SpeechLabFixtures/wrongPassphrase`` on the display,
  /// waits for "Wrong passphrase. Try 2", and types ``SpeechLabFixtures/passphrase``.
  ///
  /// - Returns: The question's window index and when it came, when the retry came, and the index of the last
  ///   count's window.
  func answerWrongThenRight(
    on display: SerialBrailleDisplay, boot: GuestBoot, isQuestion: (String) -> Bool
  ) throws -> (asked: Int, prompt: Duration, retry: Duration, seen: Int) {
    let asked = try display.waitForWindow(timeout: bootTimeout, idle: { boot.drain() }, where: isQuestion)
    let prompt = boot.elapsed
    var seen = try enterOnBraille(SpeechLabFixtures.wrongPassphrase, on: display, from: asked, boot: boot)
    seen = try display.waitForWindow(from: seen, timeout: stepTimeout, idle: { boot.drain() }) {
      $0.hasSuffix("Wrong passphrase. Try 2")
    }
    let retry = boot.elapsed
    seen = try enterOnBraille(SpeechLabFixtures.passphrase, on: display, from: seen, boot: boot)
    return (asked, prompt, retry, seen)
  }

  /// Waits for the window that ends with "Disk unlocked", after window `start`.
  ///
  /// - Returns: Its index.
  /// - Throws: A ``VMLabError`` with the windows and the serial console's tail (the kernel's messages) when it does
  ///   not come.
  func waitForUnlocked(on display: SerialBrailleDisplay, from start: Int, boot: GuestBoot) throws -> Int {
    do {
      return try display.waitForWindow(from: start, timeout: stepTimeout, idle: { boot.drain() }) {
        $0.hasSuffix("Disk unlocked")
      }
    } catch {
      boot.drain(timeout: .seconds(1))
      throw VMLabError(
        "\(error)\nthe windows: \(display.windows)\nthe serial console's tail:\n\(boot.plainText.suffix(3000))")
    }
  }

  /// No window from `start` through `end` holds a character of either passphrase (their capitals are in none of
  /// the words; a kernel message, "[   12.3] …", may pass over the console and is left out), and none holds a
  /// whole passphrase.
  func expectNoSecret(
    in display: SerialBrailleDisplay, from start: Int, through end: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let secretCharacters = Set(SpeechLabFixtures.passphrase + SpeechLabFixtures.wrongPassphrase)
    for window in display.windows[start...end] where !window.hasPrefix("[") {
      #expect(
        !window.contains(where: secretCharacters.contains), "a window shows a passphrase character: \(window)",
        sourceLocation: sourceLocation)
    }
    #expect(
      !display.windows.contains { $0.contains(SpeechLabFixtures.passphrase) }, "a window shows the passphrase",
      sourceLocation: sourceLocation)
  }

  @Test(
    "initramfs-tools, braille only: with Debian's brltty hook a 40-cell display shows the question, the counts, the retry and \"Disk unlocked\", never a passphrase character, and its keys type the passphrase"
  )
  func initramfsToolsBrailleAtBoot() throws {
    guard let fixtures = VMLab.fixturesOrIssue(BrailleLabFixtures.initramfsTools) else { return }
    let (boot, display) = try GuestBoot.withBrailleDisplay(fixtures)
    #expect(Self.askpassAsked.count <= 40, "the question does not fit 40 cells")
    let (asked, prompt, retry, seen) = try answerWrongThenRight(on: display, boot: boot) { $0 == Self.askpassAsked }
    let unlockedIndex = try waitForUnlocked(on: display, from: seen, boot: boot)
    let unlocked = boot.elapsed
    // The disk's root, mounted, and its /sbin/init run by run-init (it says so in the kernel's log, which the
    // serial console shows): the whole boot.
    let rootReached = try boot.waitFor("the root's /sbin/init runs", timeout: stepTimeout)

    expectNoSecret(in: display, from: asked, through: unlockedIndex)
    #expect(!boot.plainText.contains(SpeechLabFixtures.passphrase), "the serial console shows the passphrase")
    print("VM lab, initramfs-tools braille: \(display.windows.count) windows: \(display.windows)")
    report(
      "initramfs-tools, braille",
      [("the question", prompt), ("asked again", retry), ("said unlocked", unlocked), ("the root's init", rootReached)])
  }

  @Test(
    "dracut, braille only: passcode's module starts brltty before the question; a 40-cell display shows the question's start, the counts, the retry and \"Disk unlocked\", never a passphrase character, and its keys type the passphrase"
  )
  func dracutBrailleAtBoot() throws {
    guard let fixtures = VMLab.fixturesOrIssue(BrailleLabFixtures.dracut) else { return }
    // Debian's kernel command line has `quiet` (GRUB_CMDLINE_LINUX_DEFAULT): systemd then shows no status lines,
    // which would otherwise take the console's cursor, and brltty's window with it, after the answer.
    let (boot, display) = try GuestBoot.withBrailleDisplay(fixtures, kernelArguments: ["quiet"])
    // "Passphrase for disk luks-<uuid>" is 61 characters: its first 40 cells hold the words a person needs.
    let (asked, prompt, retry, seen) = try answerWrongThenRight(on: display, boot: boot) {
      $0.hasPrefix(Self.anyAsked) && $0.count == 40
    }
    let unlockedIndex = try waitForUnlocked(on: display, from: seen, boot: boot)
    let saidUnlocked = boot.elapsed
    // The lab's unit says on the serial console when cryptsetup.target is reached: the disk is open.
    let unlocked = try boot.waitFor("passcode lab: cryptsetup.target reached", timeout: stepTimeout)

    expectNoSecret(in: display, from: asked, through: unlockedIndex)
    print("VM lab, dracut braille: \(display.windows.count) windows: \(display.windows)")
    report(
      "dracut, braille",
      [("the question", prompt), ("asked again", retry), ("said unlocked", saidUnlocked), ("unlocked", unlocked)])
  }
}
