import Foundation
import Testing

@testable import PasscodeVault

@Suite("SecureFile")
struct SecureFileTests {
  @Test("an atomic write leaves one 0600 file with the content and no temporary files")
  func atomicWrite() throws {
    let directory = try TemporaryDirectory()
    let file = directory.child("state")
    try SecureFile.write(Array("first\n".utf8), to: file)
    try SecureFile.write(Array("second\n".utf8), to: file)
    #expect(try directory.entries() == ["state"])
    #expect(permissions(of: file) == 0o600)
    #expect(try SecureFile.read(file) == Array("second\n".utf8))
  }

  @Test("a missing file reads as nil")
  func missingFile() throws {
    let directory = try TemporaryDirectory()
    #expect(try SecureFile.read(directory.child("absent")) == nil)
  }

  @Test("a file readable by others is refused with the chmod that fixes it")
  func openFileIsRefused() throws {
    let directory = try TemporaryDirectory()
    try directory.write("passcode-state 1\nfailures 0\nlast-failure 0.0\n", to: "state", mode: 0o644)
    let file = directory.child("state")
    let error = #expect(throws: VaultError.self) { try SecureFile.read(file) }
    #expect(error == .insecurePermissions(path: file, mode: UInt32(S_IFREG) | 0o644))
    #expect(error?.description.contains("chmod 600 \(file)") == true)
  }

  @Test("a file owned by another user is refused", .enabled(if: getuid() == 0, "only root can give a file away"))
  func otherOwnerIsRefused() throws {
    let directory = try TemporaryDirectory()
    try directory.write("x", to: "foreign", mode: 0o600)
    let file = directory.child("foreign")
    #expect(chown(file, 65534, 65534) == 0)
    #expect(throws: VaultError.wrongOwner(path: file)) { try SecureFile.read(file) }
  }

  @Test("a symbolic link is not followed")
  func symbolicLinkIsRefused() throws {
    let directory = try TemporaryDirectory()
    try directory.write("x", to: "target", mode: 0o600)
    let link = directory.child("link")
    #expect(symlink(directory.child("target"), link) == 0)
    #expect(throws: VaultError.notRegularFile(path: link)) { try SecureFile.read(link) }
  }

  @Test("directories are created with mode 0700, parents included")
  func directoriesArePrivate() throws {
    let directory = try TemporaryDirectory()
    let nested = directory.child("a/b/passcode")
    try SecureFile.ensureDirectory(nested)
    #expect(permissions(of: nested) == 0o700)
    #expect(permissions(of: directory.child("a")) == 0o700)
    try SecureFile.ensureDirectory(nested)
  }

  @Test("an existing directory open to others is refused with chmod 700")
  func openDirectoryIsRefused() throws {
    let directory = try TemporaryDirectory()
    let open = directory.child("open")
    #expect(mkdir(open, 0o755) == 0)
    #expect(chmod(open, 0o755) == 0)
    let error = #expect(throws: VaultError.self) { try SecureFile.ensureDirectory(open) }
    #expect(error?.description.contains("chmod 700 \(open)") == true)
  }

  @Test(
    "an existing directory owned by another user is refused",
    .enabled(if: getuid() == 0, "only root can give a directory away"))
  func foreignDirectoryIsRefused() throws {
    let directory = try TemporaryDirectory()
    let foreign = directory.child("foreign")
    #expect(mkdir(foreign, 0o700) == 0)
    #expect(chown(foreign, 65534, 65534) == 0)
    #expect(throws: VaultError.wrongOwner(path: foreign)) { try SecureFile.ensureDirectory(foreign) }
  }

  @Test("removing reports whether a file was there")
  func remove() throws {
    let directory = try TemporaryDirectory()
    try SecureFile.write([1], to: directory.child("f"))
    #expect(try SecureFile.remove(directory.child("f")))
    #expect(try !SecureFile.remove(directory.child("f")))
  }

  @Test("a file larger than the limit counts as corrupt")
  func oversizedIsCorrupt() throws {
    let directory = try TemporaryDirectory()
    let file = directory.child("big")
    try SecureFile.write([UInt8](repeating: 65, count: 300), to: file)
    #expect(throws: VaultError.corrupt(path: file)) { try SecureFile.read(file, maximumSize: 256) }
  }

  @Test("a write removes the temporary files of writers that died, and keeps a live writer's")
  func abandonedTemporariesAreRemoved() throws {
    let directory = try TemporaryDirectory()
    let finished = Process()
    finished.executableURL = URL(fileURLWithPath: "/bin/true")
    try finished.run()
    finished.waitUntilExit()
    let dead = finished.processIdentifier
    try directory.write("x", to: ".state.tmp-\(dead)-1f", mode: 0o600)
    try directory.write("x", to: ".state.tmp-1-2e", mode: 0o600)
    try directory.write("x", to: ".config.tmp-\(dead)-3d", mode: 0o600)
    try SecureFile.write([1], to: directory.child("state"))
    #expect(try directory.entries() == [".config.tmp-\(dead)-3d", ".state.tmp-1-2e", "state"])
  }

  @Test("a write that fails leaves no temporary file")
  func failedWriteLeavesNothing() throws {
    let directory = try TemporaryDirectory()
    #expect(mkdir(directory.child("state"), 0o700) == 0)
    try directory.write("x", to: "state/keep", mode: 0o600)
    #expect(throws: VaultError.self) { try SecureFile.write([1], to: directory.child("state")) }
    #expect(try directory.entries() == ["state"])
  }
}
