import PasscodeEngine
import PasscodeVault
import Testing

@Suite("The passcode's shape, stored with its hash")
struct StoredPasscodeTests {
  @Test("set with a shape writes it after the hash; storedPasscode reads it back")
  func shapeRoundTrip() throws {
    let directory = try TemporaryDirectory()
    let vault = Vault(location: directory.location, parameters: .fast)
    let shape = try #require(PasscodeShape(length: 4, characters: .lettersAndDigits))
    try vault.setPasscode(secret("k7Qz"), shape: shape)
    let lines = String(decoding: try directory.read("passcode.hash"), as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix("$argon2id$"))
    #expect(lines[1...] == ["length 4", "allowed alphanumeric", ""])
    #expect(try vault.storedPasscode()?.shape == shape)
    #expect(try vault.verify(secret("k7Qz"), now: 1) == .accepted)
  }

  @Test("a hash file with the hash alone (an earlier version's) has no shape and still verifies")
  func hashAlone() throws {
    let directory = try TemporaryDirectory()
    let vault = Vault(location: directory.location, parameters: .fast)
    try vault.setPasscode(secret("730519"))
    let text = String(decoding: try directory.read("passcode.hash"), as: UTF8.self)
    #expect(text.split(separator: "\n").count == 1)
    #expect(try vault.storedPasscode()?.shape == nil)
    #expect(PasscodeShape.digits(settingsLength: nil) == PasscodeShape(length: 6, characters: .digits))
    #expect(PasscodeShape.digits(settingsLength: 4) == PasscodeShape(length: 4, characters: .digits))
    #expect(try vault.verify(secret("730519"), now: 1) == .accepted)
  }

  @Test("a re-hash keeps the shape")
  func rehashKeepsShape() throws {
    let directory = try TemporaryDirectory()
    let old = HashParameters(opsLimit: 2, memLimit: HashParameters.fast.memLimit)
    let shape = try #require(PasscodeShape(length: 8, characters: .digits))
    try Vault(location: directory.location, parameters: old).setPasscode(secret("73051964"), shape: shape)
    let vault = Vault(location: directory.location, parameters: .fast)
    #expect(try vault.verify(secret("73051964"), now: 1) == .accepted)
    #expect(try vault.storedHash()?.needsRehash(parameters: .fast) == false)
    #expect(try vault.storedPasscode()?.shape == shape)
  }

  @Test(
    "lines after the hash that are not exactly a shape make the file corrupt (fail closed)",
    arguments: [
      "length 4\n", "allowed digits\n", "length 4\nallowed hex\n", "length 13\nallowed digits\n",
      "length 0\nallowed digits\n", "length -4\nallowed digits\n", "length 4\nallowed digits\nextra\n",
      "allowed digits\nlength 4\n", "length  4\nallowed digits\n",
    ])
  func malformedShape(_ tail: String) throws {
    let directory = try TemporaryDirectory()
    let vault = Vault(location: directory.location, parameters: .fast)
    try vault.setPasscode(secret("730519"))
    let hash = String(decoding: try directory.read("passcode.hash"), as: UTF8.self)
    try directory.write(hash + tail, to: "passcode.hash", mode: 0o600)
    #expect(throws: VaultError.corrupt(path: directory.child("passcode.hash"))) { try vault.storedPasscode() }
    #expect(throws: VaultError.corrupt(path: directory.child("passcode.hash"))) {
      try vault.verify(secret("730519"), now: 1)
    }
  }

  @Test("a shape's length must be within the engine's fixed-length limits, and its characters a named set")
  func lengthLimits() {
    #expect(PasscodeShape(length: 0, characters: .digits) == nil)
    #expect(PasscodeShape(length: 13, characters: .digits) == nil)
    #expect(PasscodeShape(length: 1, characters: .digits)?.length == 1)
    #expect(PasscodeShape(length: 12, characters: .lettersAndDigits)?.characters == .lettersAndDigits)
    #expect(PasscodeShape(length: 4, characters: .printable) == nil)
  }
}
