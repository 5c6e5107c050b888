import Foundation
import PasscodeTestSupport

/// Whether the VM lab can and should run, and the one set of fixtures its scenarios share.
///
/// The lab boots Debian's kernel under QEMU's TCG (KVM hangs on these machines), which takes minutes, so it
/// runs in CI (`CI` set, as `.ci/run` does: a missing program then fails the test) or when
/// `PASSCODE_VM_LAB=1` asks for it; elsewhere it is skipped with the reason.
enum VMLab {
  /// The disk's passphrase: a fixture, typed on the guest's serial console.
  static let passphrase = "correct horse"
  /// A passphrase the disk refuses.
  static let wrongPassphrase = "wrong horse"

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

  /// The fixtures, made once for every dracut scenario: a LUKS2 disk and one initramfs.
  static let fixtures = made(by: .dracut, in: ".build/vmlab")
  /// The initramfs-tools scenarios' fixtures, made once, on first use: a LUKS2 disk and one initramfs.
  static let initramfsToolsFixtures = made(by: .initramfsTools, in: ".build/vmlab-initramfs-tools")

  /// The fixtures `generator`'s script makes in `directory` under the package, or why they could not be made. It
  /// is one place, made afresh by each run and left for the next to replace (`swift package clean` removes it).
  private static func made(by generator: InitramfsGenerator, in directory: String) -> Result<VMLabFixtures, VMLabError>
  {
    Result {
      if let reason = PasscodeBinary.missingReason { throw VMLabError(reason) }
      let missing = generator.missingPrograms
      guard missing.isEmpty else {
        throw VMLabError("missing \(missing.joined(separator: ", ")) (sh .ci/install-packages test)")
      }
      return try VMLabFixtures.make(
        generator, binary: PasscodeBinary.path, directory: PasscodeBinary.packageRoot + "/" + directory,
        passphrase: passphrase)
    }
    .mapError { $0 as? VMLabError ?? VMLabError("\($0)") }
  }
}
