import LockedSecretStorage
import PasscodeEngine
import PasscodeVault
import Testing

@Suite("PasscodeHash")
struct PasscodeHashTests {
  @Test("a hash verifies the right code and rejects a wrong one")
  func roundTrip() throws {
    let hash = try PasscodeHash.make(from: secret("730519"), parameters: .fast)
    #expect(hash.verify(try secret("730519")))
    #expect(!hash.verify(try secret("730518")))
    #expect(!hash.verify(try secret("7305190")))
    #expect(!hash.verify(WipedSecretBuffer(capacity: 4)))
  }

  @Test("the hash string is Argon2id and does not contain the code")
  func hashStringShape() throws {
    let hash = try PasscodeHash.make(from: secret("730519"), parameters: .fast)
    #expect(hash.encoded.hasPrefix("$argon2id$"))
    #expect(!hash.encoded.contains("730519"))
    #expect(PasscodeHash(encoded: hash.encoded) == hash)
    #expect(PasscodeHash(encoded: String(hash.encoded.prefix(40))) == nil, "a truncated hash is not a hash")
  }

  @Test("two hashes of one code differ by their salt")
  func saltIsRandom() throws {
    let first = try PasscodeHash.make(from: secret("730519"), parameters: .fast)
    let second = try PasscodeHash.make(from: secret("730519"), parameters: .fast)
    #expect(first != second)
  }

  @Test("needsRehash is false for the same parameters and true for others")
  func needsRehash() throws {
    let hash = try PasscodeHash.make(from: secret("730519"), parameters: .fast)
    #expect(!hash.needsRehash(parameters: .fast))
    #expect(hash.needsRehash(parameters: .standard))
    #expect(hash.needsRehash(parameters: HashParameters(opsLimit: 3, memLimit: HashParameters.fast.memLimit)))
  }

  @Test("standard parameters are libsodium's interactive level: 2 passes over 64 MiB")
  func standardIsInteractive() {
    #expect(HashParameters.standard == HashParameters(opsLimit: 2, memLimit: 64 * 1024 * 1024))
  }

  @Test("strings that are not Argon2id hashes are refused")
  func refusesOtherStrings() {
    #expect(PasscodeHash(encoded: "") == nil)
    #expect(PasscodeHash(encoded: "$argon2i$v=19$m=8,t=1,p=1$abc$def") == nil)
    #expect(PasscodeHash(encoded: "$argon2id$ with space") == nil)
    #expect(PasscodeHash(encoded: "$argon2id$" + String(repeating: "a", count: 200)) == nil)
  }

  @Test("a stored hash that asks for more than the bounded memory or passes is refused as corrupt")
  func boundsCost() throws {
    let made = try PasscodeHash.make(from: secret("730519"), parameters: .standard).encoded
    #expect(made.contains("$m=65536,t=2,p=1$"))
    #expect(PasscodeHash(encoded: made) != nil)
    for cost in ["m=262144,t=8,p=1", "m=65536,t=2,p=1"] {
      #expect(PasscodeHash(encoded: made.replacingOccurrences(of: "m=65536,t=2,p=1", with: cost)) != nil, "\(cost)")
    }
    for cost in [
      "m=4194304,t=2,p=1", "m=65536,t=4294967295,p=1", "m=65536,t=9,p=1", "m=262145,t=2,p=1", "m=65536,t=2,p=4",
    ] {
      #expect(PasscodeHash(encoded: made.replacingOccurrences(of: "m=65536,t=2,p=1", with: cost)) == nil, "\(cost)")
    }
  }

  @Test("the vault reports such a hash file as corrupt, so entry stays locked")
  func vaultRefusesCostlyHash() throws {
    let directory = try TemporaryDirectory()
    let made = try PasscodeHash.make(from: secret("730519"), parameters: .fast).encoded
    let costly = made.replacingOccurrences(
      of: #"m=\d+,t=\d+"#, with: "m=4194304,t=4294967295", options: .regularExpression)
    try directory.write(costly + "\n", to: "passcode.hash", mode: 0o600)
    let vault = Vault(location: directory.location, parameters: .fast)
    #expect(throws: VaultError.corrupt(path: directory.child("passcode.hash"))) { try vault.storedHash() }
  }
}
