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
  static let fixtures: Result<VMLabFixtures, VMLabError> = Result {
    if let reason = PasscodeBinary.missingReason { throw VMLabError(reason) }
    guard missing.isEmpty else {
      throw VMLabError("missing \(missing.joined(separator: ", ")) (sh .ci/install-packages test)")
    }
    // One place, made afresh by each run and left for the next to replace (`swift package clean` removes it).
    return try VMLabFixtures.make(
      binary: PasscodeBinary.path, directory: PasscodeBinary.packageRoot + "/.build/vmlab", passphrase: passphrase)
  }
  .mapError { $0 as? VMLabError ?? VMLabError("\($0)") }
}
