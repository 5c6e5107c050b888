import Foundation
import PasscodeTestSupport
import Testing

/// The disk's question at boot under initramfs-tools, asked by the crypttab keyscript `passcode-askpass` on the
/// virtual console with Speakup loaded and its key echo on (2: every key as it is pressed): passcode's words are
/// spoken, no typed digit is, key echo is off while it asks and back on after the unlock, in the booted root too
/// (Docs/Boot.md, issue 34). The lab's initramfs-tools image holds Speakup and a lab-only init-premount script
/// (Tests/VMLab/initramfs-tools) that loads it on a boot with `passcode_lab_speakup` on its command line.
extension VMLabTests {
  @Test(
    "initramfs-tools: Speakup reads passcode-askpass's question and counts but never a typed digit; key echo is off while it asks and back on after the unlock"
  )
  func initramfsToolsSpeakupHearsWordsNotDigits() throws {
    guard let fixtures = VMLab.fixturesOrIssue(VMLab.initramfsToolsFixtures) else { return }
    let monitor = try QEMUMonitor(directory: fixtures.directory, name: "speakup")
    let speakup = SpeakupWords(path: fixtures.directory + "/softsynth-it.txt")
    try? FileManager.default.removeItem(atPath: speakup.path)
    let boot = try GuestBoot.onVirtualConsole(
      fixtures, monitor: monitor, kernelArguments: ["quiet", "passcode_lab_speakup"],
      qemuArguments: speakup.qemuArguments)
    let clock = ContinuousClock()
    let started = clock.now

    // The control: a digit pressed before any prompt is spoken, as a word or a numeral, so the lab can hear one.
    let beforeControl = speakup.text.count
    let control = try boot.pressSpeakupControl(speakup, monitor: monitor, timeout: bootTimeout)

    let question = try speakup.waitFor(
      "Passphrase for disk cryptroot", after: beforeControl, boot: boot, timeout: bootTimeout)
    let asked = clock.now - started
    boot.skipToEnd()
    try boot.waitFor("lab: key_echo 0", timeout: stepTimeout)

    // A wrong passphrase of digits, key by key, each waiting for its count.
    for (index, key) in QEMUMonitor.keyNames(Self.speakupTypedDigits).enumerated() {
      try monitor.press(key)
      let count = index + 1
      try speakup.waitFor(
        count == 1 ? "1 character entered" : "\(count) characters entered", after: question, boot: boot,
        timeout: stepTimeout)
    }
    try monitor.press("ret")
    let retry = try speakup.waitFor("Wrong passphrase. Try 2", after: question, boot: boot, timeout: stepTimeout)
    let heard = String(speakup.text.dropFirst(question).prefix(retry - question))
    for digit in Self.speakupTypedDigits.map(String.init) + Self.speakupDigitWords {
      #expect(!heard.contains(digit), "Speakup spoke a typed digit (\(digit)): \(heard)")
    }
    // Still off while the second try is asked.
    boot.skipToEnd()
    try boot.waitFor("lab: key_echo 0", timeout: stepTimeout)

    // The right one unlocks the disk; passcode's local-premount script says so, and key echo is on again, in
    // the initramfs and in the root it switched to.
    for key in QEMUMonitor.keyNames(VMLab.passphrase) { try monitor.press(key) }
    try speakup.waitFor(
      "\(VMLab.passphrase.count) characters entered", after: retry, boot: boot, timeout: stepTimeout)
    try monitor.press("ret")
    try speakup.waitFor("Disk unlocked", after: retry, boot: boot, timeout: stepTimeout)
    let unlocked = clock.now - started
    try boot.waitFor("lab: key_echo 2 in the root", timeout: stepTimeout)
    let root = clock.now - started
    print(
      "VM lab, initramfs-tools Speakup: the question at \(asked.formatted(.units(allowed: [.seconds]))), "
        + "\"Disk unlocked\" at \(unlocked.formatted(.units(allowed: [.seconds]))), key echo 2 in the root at "
        + "\(root.formatted(.units(allowed: [.seconds]))); the control digit was said as \"\(control)\"")
  }
}
