import PasscodeVault
import Testing

@Suite("StoreLocation")
struct StoreLocationTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let environment: [String: String]
    let store: String?
    let expected: StoreLocation
    var testDescription: String { name }
  }

  /// The defaults under `HOME=/home/ada` with no `XDG_*` variable that counts: the runtime directory falls
  /// back to the state directory.
  static let homeDefaults = StoreLocation(
    dataDirectory: "/home/ada/.local/share/passcode", stateDirectory: "/home/ada/.local/state/passcode",
    runtimeDirectory: "/home/ada/.local/state/passcode", configFile: "/home/ada/.config/passcode/config",
    runtimeDirectoryIsFallback: true)

  static let cases: [Case] = [
    Case(
      name: "defaults under HOME, runtime falls back to state",
      environment: ["HOME": "/home/ada"], store: nil,
      expected: homeDefaults),
    Case(
      name: "absolute XDG variables win",
      environment: [
        "HOME": "/home/ada", "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s/", "XDG_RUNTIME_DIR": "/run/user/1000",
        "XDG_CONFIG_HOME": "/c",
      ], store: nil,
      expected: StoreLocation(
        dataDirectory: "/d/passcode", stateDirectory: "/s/passcode", runtimeDirectory: "/run/user/1000/passcode",
        configFile: "/c/passcode/config")),
    Case(
      name: "relative and empty XDG variables are ignored",
      environment: [
        "HOME": "/home/ada", "XDG_DATA_HOME": "data", "XDG_STATE_HOME": "", "XDG_RUNTIME_DIR": "run",
        "XDG_CONFIG_HOME": "./c",
      ], store: nil,
      expected: homeDefaults),
    Case(
      name: "PASSCODE_HOME puts everything in one directory",
      environment: ["HOME": "/home/ada", "PASSCODE_HOME": "/vault/", "XDG_RUNTIME_DIR": "/run/user/1000"],
      store: nil, expected: .singleDirectory("/vault")),
    Case(
      name: "--store wins over PASSCODE_HOME",
      environment: ["PASSCODE_HOME": "/vault"], store: "/elsewhere",
      expected: StoreLocation(
        dataDirectory: "/elsewhere", stateDirectory: "/elsewhere", runtimeDirectory: "/elsewhere",
        configFile: "/elsewhere/config")),
  ]

  @Test("resolution from the environment", arguments: cases)
  func resolution(_ testCase: Case) throws {
    let location = try StoreLocation.resolve(environment: testCase.environment, store: testCase.store)
    #expect(location == testCase.expected)
  }

  @Test("the fallback is announced only when XDG_RUNTIME_DIR is missing")
  func fallbackNotice() throws {
    let fallback = try StoreLocation.resolve(environment: ["HOME": "/h"])
    #expect(fallback.fallbackNotice?.contains("XDG_RUNTIME_DIR") == true)
    let normal = try StoreLocation.resolve(environment: ["HOME": "/h", "XDG_RUNTIME_DIR": "/run/user/1"])
    #expect(normal.fallbackNotice == nil)
  }

  @Test("file names inside the directories")
  func fileNames() {
    let location = StoreLocation.singleDirectory("/v")
    #expect(location.hashFile == "/v/passcode.hash")
    #expect(location.stateFile == "/v/state")
    #expect(location.lockFile == "/v/state.lock")
  }

  @Test("without HOME or XDG variables there is no place for the files")
  func noHome() {
    #expect(throws: VaultError.noHomeDirectory) { try StoreLocation.resolve(environment: [:]) }
    #expect(throws: VaultError.noHomeDirectory) { try StoreLocation.resolve(environment: ["HOME": "relative"]) }
  }
}
