import Foundation
import PasscodeTestSupport
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// Item 10: in the VM lab's initramfs-tools braille boot (Docs/Boot.md: Debian's brltty hook, brltty's TTY driver
/// on the guest's second serial port at 40 cells, no sound card), from the keyscript's start to the first braille
/// window that holds the question's words: how long a deafblind person waits to feel the question at boot.
///
/// brltty reads the virtual terminal, which the host cannot see, so the question's own moment is not visible;
/// the lab's `initrd-it-braille-timed.img` runs a keyscript that first writes a line to the kernel's log, which
/// the serial console shows, and then runs passcode in the same process. The figure therefore holds passcode's
/// start, its question, brltty's reading of the screen and the port's transfer. The fixtures are made with the
/// measured binary (Tests/VMLab/make-initramfs-tools-lab); each run is one boot (``BootMeasurement``). Without
/// QEMU, mkinitramfs, cryptsetup or brltty it says so and measures nothing.
struct BootBrailleBenchmark {
  let context: BenchContext

  /// What the timed keyscript writes to the kernel's log as it starts.
  static let keyscriptStarts = "passcode lab: the keyscript starts"
  /// The start of the question's window: the words a person needs, which fit 40 cells.
  static let question = "Passphrase for disk cryptroot"
  /// How often the serial console and the braille port are each read while waiting.
  private static let readInterval = Duration.milliseconds(5)

  func run() throws {
    let missing =
      InitramfsGenerator.initramfsTools.missingPrograms
      + (FileManager.default.fileExists(atPath: "/lib/brltty/libbrlttybtt.so") ? [] : ["brltty"])
    guard missing.isEmpty, BenchSystemCalls.isRoot else {
      let reason = missing.isEmpty ? "root (the lab opens the LUKS image)" : missing.joined(separator: ", ")
      context.table.note("Item 10 needs \(reason): not measured.")
      return
    }
    let made = try VMLabFixtures.make(
      .initramfsTools, binary: context.options.passcodePath, directory: context.scratch + "/vmlab-initramfs-tools",
      passphrase: "bench passphrase")
    let fixtures = VMLabFixtures(
      directory: made.directory, kernel: made.kernel, initramfs: made.directory + "/initrd-it-braille-timed.img",
      disk: made.disk, uuid: made.uuid, buildTime: made.buildTime, generator: .initramfsTools)
    let measurement = BootMeasurement(
      context: context, item: 10, measure: "VM: the keyscript starts → the question's first 40-cell braille window")
    try measurement.run(
      booted: "the VM lab's initramfs-tools braille initramfs, braille only", fixtures: fixtures,
      detail: "the serial console and the braille port are each read every \(Self.readInterval)."
    ) { run in try timeToFeelTheQuestion(fixtures, boot: run) }
  }

  /// Boots once and reads the serial console and the braille port in turn until the question's window comes.
  ///
  /// - Returns: The time from the keyscript's line on the serial console to that window.
  private func timeToFeelTheQuestion(_ fixtures: VMLabFixtures, boot number: Int) throws -> Duration {
    let (boot, display) = try GuestBoot.withBrailleDisplay(fixtures)
    let deadline = ContinuousClock.now + .seconds(900)
    var started: Duration?
    while ContinuousClock.now < deadline {
      let printed = boot.transcript.count
      boot.drain(timeout: Self.readInterval)
      if started == nil, boot.transcript.count > printed, boot.plainText.contains(Self.keyscriptStarts) {
        started = boot.elapsed
      }
      let shown = display.windows.count
      guard display.read(timeout: Self.readInterval) else {
        throw BenchError.timedOut("the question's braille window, boot \(number): the braille port closed")
      }
      guard display.windows[shown...].contains(where: { $0.hasPrefix(Self.question) }) else { continue }
      let felt = boot.elapsed
      guard let started else {
        throw BenchError.timedOut("the keyscript's line before the question's braille window, boot \(number)")
      }
      return felt - started
    }
    throw BenchError.timedOut("the question's braille window, boot \(number)")
  }
}
