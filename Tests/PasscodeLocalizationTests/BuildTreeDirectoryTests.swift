import Testing

@testable import PasscodeLocalization

/// The catalogues a program run from SwiftPM's build tree finds: only its own `.build` directory's, and
/// nothing for a program anywhere else.
@Suite("The build tree's catalogue directory")
struct BuildTreeDirectoryTests {
  private static let plugin = "/PasscodeLocalization/destination/CompileMessageCatalogues/locale"

  @Test(
    "a program in ROOT/.build/TRIPLE/debug or release finds its own build's catalogues, ROOT's name in lower case",
    arguments: [
      (
        "/src/PasscodeKeypad/.build/x86_64-unknown-linux-gnu/debug/passcode",
        "/src/PasscodeKeypad/.build/plugins/outputs/passcodekeypad" + plugin
      ),
      (
        "/home/a/german/.build/aarch64-unknown-linux-gnu/release/pinentry-passcode",
        "/home/a/german/.build/plugins/outputs/german" + plugin
      ),
    ])
  func buildTreeProgram(executable: String, directory: String) {
    #expect(Localization.buildTreeDirectory(executable: executable) == directory)
  }

  @Test(
    "an installed program, or one in any other shape of directory, has no build-tree catalogues",
    arguments: [
      "/usr/bin/passcode", "/usr/local/bin/passcode", "/home/a/.local/bin/passcode", "/tmp/x/bin/passcode",
      "/.build/x86_64-unknown-linux-gnu/debug/passcode", "/src/p/.build/install/release/passcode",
      "/src/p/.build/x86_64-unknown-linux-gnu/other/passcode", "/src/p/build/x86_64-unknown-linux-gnu/debug/passcode",
      "relative/p/.build/x86_64-unknown-linux-gnu/debug/passcode", "passcode", "",
    ])
  func otherPrograms(executable: String) {
    #expect(Localization.buildTreeDirectory(executable: executable) == nil)
  }
}
