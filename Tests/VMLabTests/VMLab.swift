import Foundation
import PasscodeTestSupport

/// Whether the VM lab can and should run, and the one set of fixtures its scenarios share.
///
/// The lab boots Debian's kernel under QEMU's TCG (KVM hangs on these machines), which takes minutes, so it
/// runs in CI (`CI` set, as `.ci/run` does: a missing program then fails the test) or when
/// `PASSCODE_VM_LAB=1` asks for it; elsewhere it is skipped with the reason.
enum VMLab {
  /// The programs the lab needs; Tests/VMLab/make-lab checks the kernel and its modules.
  static let programs = ["/usr/bin/qemu-system-x86_64", "/usr/bin/dracut", "/sbin/cryptsetup", "/bin/sh"]

  /// The disk's passphrase: a fixture, typed on the guest's serial console.
  static let passphrase = "correct horse"
  /// A passphrase the disk refuses.
  static let wrongPassphrase = "wrong horse"

  /// What is missing, by path; empty when the lab can run.
  static var missing: [String] {
    programs.filter { !FileManager.default.isExecutableFile(atPath: $0) }
  }

  private static var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// Whether this run asked for the lab: CI, or `PASSCODE_VM_LAB=1`.
  static var isRequested: Bool {
    !(environment["CI"] ?? "").isEmpty || environment["PASSCODE_VM_LAB"] == "1"
  }

  /// Why the lab is skipped, or `nil` when it runs.
  static var skipReason: String? {
    guard isRequested else {
      return "the VM lab boots a kernel under QEMU (minutes): it runs in CI, or with PASSCODE_VM_LAB=1"
    }
    return nil
  }

  /// The fixtures, made once for every scenario: a LUKS2 disk and one initramfs.
  static let fixtures: Result<VMLabFixtures, VMLabError> = Result { try VMLabFixtures.make() }
    .mapError { $0 as? VMLabError ?? VMLabError("\($0)") }
}

/// Why a VM lab step failed, in words.
struct VMLabError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}

/// The disk image and initramfs that Tests/VMLab/make-lab made, and what the boot needs to find them.
struct VMLabFixtures: Sendable {
  let directory: String
  let kernel: String
  let initramfs: String
  let disk: String
  let uuid: String
  /// How long make-lab took (the disk and the dracut run), for the report; never asserted.
  let buildTime: Duration

  /// Runs make-lab with the built `passcode` into `.build/vmlab`.
  static func make() throws -> VMLabFixtures {
    if let reason = PasscodeBinary.missingReason { throw VMLabError(reason) }
    let missing = VMLab.missing
    guard missing.isEmpty else {
      throw VMLabError("missing \(missing.joined(separator: ", ")) (sh .ci/install-packages test)")
    }
    // One place, made afresh by each run and left for the next to replace (`swift package clean` removes it).
    let directory = PasscodeBinary.packageRoot + "/.build/vmlab"
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let passphraseFile = directory + "/passphrase"
    try Data(VMLab.passphrase.utf8).write(to: URL(fileURLWithPath: passphraseFile))
    let script = PasscodeBinary.packageRoot + "/Tests/VMLab/make-lab"
    let log = directory + "/make-lab.log"
    let clock = ContinuousClock()
    let started = clock.now
    let status = try SpawnedProcess.run(
      executable: "/bin/sh", arguments: [script, directory, PasscodeBinary.path, passphraseFile], outputPath: log,
      timeout: .seconds(1800))
    let buildTime = clock.now - started
    guard status == 0 else {
      let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw VMLabError("make-lab exited \(status.map(String.init) ?? "on a signal or timed out"): \(output)")
    }
    let values = try String(contentsOfFile: directory + "/lab.env", encoding: .utf8)
      .split(whereSeparator: \.isNewline)
      .reduce(into: [String: String]()) { values, line in
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { values[parts[0]] = parts[1] }
      }
    guard let kernel = values["KERNEL"], let initramfs = values["INITRD"], let disk = values["DISK"],
      let uuid = values["UUID"]
    else { throw VMLabError("lab.env is incomplete: \(values)") }
    return VMLabFixtures(
      directory: directory, kernel: kernel, initramfs: initramfs, disk: disk, uuid: uuid, buildTime: buildTime)
  }
}
