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

  @Test(
    "a permissions message names only what the mode bits let others do",
    arguments: [
      (0o100644, "/v/f has permissions 0644, so other users could read it. Fix it with: chmod 600 /v/f"),
      (0o100640, "/v/f has permissions 0640, so members of its group could read it. Fix it with: chmod 600 /v/f"),
      (0o100620, "/v/f has permissions 0620, so members of its group could change it. Fix it with: chmod 600 /v/f"),
      (0o100666, "/v/f has permissions 0666, so other users could read it or change it. Fix it with: chmod 600 /v/f"),
      (0o100602, "/v/f has permissions 0602, so other users could change it. Fix it with: chmod 600 /v/f"),
      (0o100601, "/v/f has permissions 0601, so other users could run it. Fix it with: chmod 600 /v/f"),
      (
        0o040711,
        "/v/f has permissions 0711, so other users could open the files in it by name. Fix it with: chmod 700 /v/f"
      ),
      (
        0o040755,
        "/v/f has permissions 0755, so other users could list it or open the files in it by name. Fix it with: chmod 700 /v/f"
      ),
      (
        0o040777,
        "/v/f has permissions 0777, so other users could list it, add or remove files in it or open the files in it by name. Fix it with: chmod 700 /v/f"
      ),
    ] as [(UInt32, String)])
  func permissionsMessages(_ mode: UInt32, _ expected: String) {
    #expect(VaultError.insecurePermissions(path: "/v/f", mode: mode).description == expected)
  }
}
