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

  @Test(
    "initramfs-tools, braille only: with Debian's brltty hook a 40-cell display shows the question, the counts, the retry and \"Disk unlocked\", never a passphrase character, and its keys type the passphrase"
  )
  func initramfsToolsBrailleAtBoot() throws {
    guard let fixtures = VMLab.fixturesOrIssue(BrailleLabFixtures.initramfsTools) else { return }
    let socket = fixtures.directory + "/braille.sock"
    try? FileManager.default.removeItem(atPath: socket)
    let boot = try GuestBoot(
      fixtures, kernelArguments: ["console=tty1"],
      qemuArguments: ["-chardev", "socket,id=braille,path=\(socket),server=on,wait=off", "-serial", "chardev:braille"])
    let display = try SerialBrailleDisplay(socketPath: socket, recordingTo: fixtures.directory + "/braille.raw")
    let idle = { boot.drain() }

    #expect(Self.askpassAsked.count <= 40, "the question does not fit 40 cells")
    let asked = try display.waitForWindow(timeout: bootTimeout, idle: idle) { $0 == Self.askpassAsked }
    let prompt = boot.elapsed
    var seen = try enterOnBraille(SpeechLabFixtures.wrongPassphrase, on: display, from: asked, boot: boot)
    seen = try display.waitForWindow(from: seen, timeout: stepTimeout, idle: idle) {
      $0.hasSuffix("Wrong passphrase. Try 2")
    }
    let retry = boot.elapsed
    seen = try enterOnBraille(SpeechLabFixtures.passphrase, on: display, from: seen, boot: boot)
    let unlockedIndex: Int
    do {
      unlockedIndex = try display.waitForWindow(from: seen, timeout: stepTimeout, idle: idle) {
        $0.hasSuffix("Disk unlocked")
      }
    } catch {
      boot.drain(timeout: .seconds(1))
      throw VMLabError("\(error)\nthe serial console's tail (the kernel's messages):\n\(boot.plainText.suffix(3000))")
    }
    let unlocked = boot.elapsed
    // The disk's root, mounted, and its /sbin/init run by run-init (it says so in the kernel's log, which the
    // serial console shows): the whole boot.
    let rootReached = try boot.waitFor("the root's /sbin/init runs", timeout: stepTimeout)

    // From the question to the unlock, no window holds a character of either passphrase (their capitals are in
    // none of the words); a kernel message ("[   12.3] …") may pass over the console and is left out.
    let secretCharacters = Set(SpeechLabFixtures.passphrase + SpeechLabFixtures.wrongPassphrase)
    for window in display.windows[asked...unlockedIndex] where !window.hasPrefix("[") {
      #expect(!window.contains(where: secretCharacters.contains), "a window shows a passphrase character: \(window)")
    }
    #expect(!display.windows.contains { $0.contains(SpeechLabFixtures.passphrase) }, "a window shows the passphrase")
    #expect(!boot.plainText.contains(SpeechLabFixtures.passphrase), "the serial console shows the passphrase")
    print("VM lab, initramfs-tools braille: \(display.windows.count) windows: \(display.windows)")
    report(
      "initramfs-tools, braille",
      [("the question", prompt), ("asked again", retry), ("said unlocked", unlocked), ("the root's init", rootReached)])
  }
}
