import Foundation
import PasscodeTestSupport
import Testing

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

  @Test("initramfs-tools: passcode-askpass asks, says \"Wrong passphrase. Try 2\" on the retry, and unlocks the disk")
  func initramfsToolsKeyscriptUnlocksAfterAWrongTry() throws {
    guard let fixtures = VMLab.fixturesOrIssue(VMLab.initramfsToolsFixtures) else { return }
    let boot = try GuestBoot(fixtures)
    let prompt = try boot.waitFor(Self.askpassAsked, timeout: bootTimeout)
    #expect(!boot.plainText.contains("Please unlock disk"), "cryptsetup's own askpass asked")
    try enter(VMLab.wrongPassphrase, on: boot, notices: Self.askpassNotices)
    let refused = try boot.waitFor(Self.cryptrootFailed, timeout: stepTimeout)
    // cryptroot runs the keyscript again with CRYPTTAB_TRIED=1: the retry phrase, and the question again.
    let retry = try boot.waitForAll(of: ["Wrong passphrase. Try 2", Self.askpassAsked], timeout: stepTimeout)
    #expect(!boot.plainText.contains(Self.cryptrootSetUp), "a wrong passphrase opened the disk")
    try enter(VMLab.passphrase, on: boot, notices: Self.askpassNotices)
    let unlocked = try boot.waitFor(Self.cryptrootSetUp, timeout: stepTimeout)
    for passphrase in [VMLab.wrongPassphrase, VMLab.passphrase] {
      #expect(!boot.plainText.contains(passphrase), "the console showed a typed passphrase")
    }
    print("VM lab, initramfs-tools: the fixtures made in \(fixtures.buildTime.formatted(.units(allowed: [.seconds])))")
    report(
      "initramfs-tools, wrong, then right",
      [("the question", prompt), ("refused", refused), ("asked again", retry), ("unlocked", unlocked)])
  }

  @Test("initramfs-tools: Esc at passcode-askpass's prompt is a failed try: it is asked again, as try 2, and unlocks")
  func initramfsToolsEscapeCountsAsATry() throws {
    guard let fixtures = VMLab.fixturesOrIssue(VMLab.initramfsToolsFixtures) else { return }
    let boot = try GuestBoot(fixtures)
    let prompt = try boot.waitFor(Self.askpassAsked, timeout: bootTimeout)
    try boot.type("\u{1B}")
    let cancelled = try boot.waitFor("Cancelled", timeout: stepTimeout)
    // Nothing reached cryptsetup, which counts that as a failed try; the keyscript is run again.
    let refused = try boot.waitFor(Self.cryptrootFailed, timeout: stepTimeout)
    let retry = try boot.waitForAll(of: ["Wrong passphrase. Try 2", Self.askpassAsked], timeout: stepTimeout)
    #expect(!boot.plainText.contains(Self.cryptrootSetUp), "the disk was opened after Esc")
    try enter(VMLab.passphrase, on: boot, notices: Self.askpassNotices)
    let unlocked = try boot.waitFor(Self.cryptrootSetUp, timeout: stepTimeout)
    #expect(!boot.plainText.contains(VMLab.passphrase), "the console showed the typed passphrase")
    report(
      "initramfs-tools, Esc, then right",
      [
        ("the question", prompt), ("cancelled", cancelled), ("refused", refused), ("asked again", retry),
        ("unlocked", unlocked),
      ])
  }
}
