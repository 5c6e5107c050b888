import PasscodeVault
import Testing

@Suite("VaultError")
struct VaultErrorTests {
  @Test("messages name the path, the step and the errno, and say what to do")
  func messages() {
    #expect(
      VaultError.io(path: "/v/state", operation: "rename", errno: 28).description
        == "Could not rename /v/state: no space left on device (ENOSPC).")
    #expect(VaultError.lockedOut(remaining: .seconds(20)).description.hasSuffix("Try again in 20 seconds."))
    #expect(VaultError.lockedOut(remaining: .seconds(61)).description.hasSuffix("Try again in 2 minutes."))
    #expect(VaultError.lockedOut(remaining: .milliseconds(300)).description.hasSuffix("Try again in 1 second."))
    #expect(VaultError.wrongOwner(path: "/v/passcode.hash").description.contains("/v/passcode.hash"))
    #expect(
      VaultError.insecurePermissions(path: "/v", mode: 0o040755).description.hasSuffix("chmod 700 /v"))
  }
}
