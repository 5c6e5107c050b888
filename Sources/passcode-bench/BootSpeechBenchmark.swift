import Foundation
import PasscodeTestSupport
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// Item 9: in the VM lab's guest (Docs/Boot.md), from the disk's question appearing on the serial console to
/// the first 10 ms frame above the silence level in the sound QEMU records from the guest's HDA card: how long
/// a person waits to hear the question at boot. Reported, never judged: TCG on a shared machine sets most of
/// it. The fixtures are made with the measured binary (Tests/VMLab/make-lab, about a minute); each run is one
/// boot, so the item takes at most ``maximumRuns`` runs, and one in a smoke run. Without QEMU, dracut or cryptsetup it says so and
/// measures nothing.
struct BootSpeechBenchmark {
  let context: BenchContext

  /// The most boots the item makes, whatever `--runs` says.
  static let maximumRuns = 5

  private static let programs = ["/usr/bin/qemu-system-x86_64", "/usr/bin/dracut", "/sbin/cryptsetup"]

  func run() throws {
    let missing = Self.programs.filter { !FileManager.default.isExecutableFile(atPath: $0) }
    guard missing.isEmpty, BenchSystemCalls.isRoot else {
      let reason = missing.isEmpty ? "root (make-lab opens the LUKS image)" : missing.joined(separator: ", ")
      context.table.note("Item 9 needs \(reason): not measured.")
      return
    }
    let fixtures = try VMLabFixtures.make(
      binary: context.options.passcodePath, directory: context.scratch + "/vmlab", passphrase: "bench passphrase")
    // A smoke run boots once: the VM lab's own boots are the checks.
    let runs = context.options.smoke ? 1 : min(context.runs, Self.maximumRuns)
    var waits = Samples()
    for run in 0..<runs {
      let wav = "\(fixtures.directory)/boot-\(run).wav"
      let boot = try GuestBoot(
        fixtures,
        qemuArguments: [
          "-audiodev", "wav,id=snd0,path=\(wav)", "-device", "intel-hda", "-device", "hda-duplex,audiodev=snd0",
        ])
      let asked = try boot.waitFor("Passphrase for disk luks-", timeout: .seconds(900))
      let offset = CapturedAudio.size(of: wav)
      let sound = CapturedAudio.waitForSound(in: wav, after: offset, lasting: .milliseconds(10), timeout: .seconds(120))
      guard sound > .zero else { throw BenchError.timedOut("the first sound after the question, boot \(run + 1)") }
      waits.add(Double((boot.elapsed - asked).wholeNanoseconds) / 1e6)
    }
    context.table.add(
      ResultRow(
        item: "9", measure: "VM: the question on the serial console → first sound from the guest's card",
        samples: waits, unit: "ms"))
    context.table.note(
      "Item 9: \(runs) \(runs == 1 ? "boot" : "boots") of the VM lab's dracut initramfs under TCG (make-lab took "
        + "\(Int(Double(fixtures.buildTime.wholeNanoseconds) / 1e9)) s); a 10 ms frame is sound above "
        + "\(Int(CapturedAudio.silenceLevel)) RMS of 32767.")
  }
}
