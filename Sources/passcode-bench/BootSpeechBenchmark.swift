import Foundation
import PasscodeTestSupport
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// Item 9: in the VM lab's guest (Docs/Boot.md), from the disk's question appearing on the serial console to
/// the first 10 ms frame above the silence level in the sound QEMU records from the guest's HDA card: how long
/// a person waits to hear the question at boot. The fixtures are made with the measured binary
/// (Tests/VMLab/make-lab, about a minute); each run is one boot (``BootMeasurement``). Without QEMU, dracut or
/// cryptsetup it says so and measures nothing.
struct BootSpeechBenchmark {
  let context: BenchContext

  func run() throws {
    let missing = InitramfsGenerator.dracut.missingPrograms
    guard missing.isEmpty, BenchSystemCalls.isRoot else {
      let reason = missing.isEmpty ? "root (make-lab opens the LUKS image)" : missing.joined(separator: ", ")
      context.table.note("Item 9 needs \(reason): not measured.")
      return
    }
    let fixtures = try VMLabFixtures.make(
      binary: context.options.passcodePath, directory: context.scratch + "/vmlab", passphrase: "bench passphrase")
    let measurement = BootMeasurement(
      context: context, item: 9,
      measure: "VM: the question on the serial console → first sound from the guest's card")
    try measurement.run(
      booted: "the VM lab's dracut initramfs", fixtures: fixtures,
      detail: "a 10 ms frame is sound above \(Int(CapturedAudio.silenceLevel)) RMS of 32767."
    ) { run in
      let wav = "\(fixtures.directory)/boot-\(run).wav"
      let boot = try GuestBoot(
        fixtures,
        qemuArguments: [
          "-audiodev", "wav,id=snd0,path=\(wav)", "-device", "intel-hda", "-device", "hda-duplex,audiodev=snd0",
        ])
      let asked = try boot.waitFor("Passphrase for disk luks-", timeout: .seconds(900))
      let offset = CapturedAudio.size(of: wav)
      let sound = CapturedAudio.waitForSound(in: wav, after: offset, lasting: .milliseconds(10), timeout: .seconds(120))
      guard sound > .zero else { throw BenchError.timedOut("the first sound after the question, boot \(run)") }
      return boot.elapsed - asked
    }
  }
}
