import Foundation
import Testing

@testable import PasscodeVault

/// The safe walk to a store directory (OpenSSH's `safe_path` rules) and the `openat` work under it.
@Suite("TrustedDirectory: the path to the store")
struct TrustedDirectoryTests {
  @Test("a symbolic link anywhere on the path is refused for reading, writing and creating")
  func symbolicLinkOnThePath() throws {
    let directory = try TemporaryDirectory()
    let real = directory.child("real")
    #expect(mkdir(real, 0o700) == 0)
    try SecureFile.write(Array("passcode-state 1\nfailures 0\nlast-failure 0\n".utf8), to: real + "/state")
    #expect(symlink(real, directory.child("link")) == 0)
    let viaLink = directory.child("link")
    #expect(throws: VaultError.unsafeDirectory(path: viaLink)) { try SecureFile.read(viaLink + "/state") }
    #expect(throws: VaultError.unsafeDirectory(path: viaLink)) { try SecureFile.write([1], to: viaLink + "/state") }
    #expect(throws: VaultError.unsafeDirectory(path: viaLink)) { try SecureFile.ensureDirectory(viaLink + "/deeper") }
    #expect(throws: VaultError.unsafeDirectory(path: viaLink)) { try SecureFile.remove(viaLink + "/state") }
    #expect(try SecureFile.read(real + "/state") != nil, "nothing was changed through the link")
  }

  @Test("a directory on the path that others may write is refused; the store files stay untouched")
  func writableByOthersOnThePath() throws {
    let directory = try TemporaryDirectory()
    let shared = directory.child("shared")
    #expect(mkdir(shared, 0o700) == 0)
    try SecureFile.ensureDirectory(shared + "/store")
    #expect(chmod(shared, 0o777) == 0)
    #expect(throws: VaultError.unsafeDirectory(path: shared)) { try SecureFile.read(shared + "/store/state") }
    #expect(throws: VaultError.unsafeDirectory(path: shared)) { try SecureFile.write([1], to: shared + "/store/x") }
    #expect(chmod(shared, 0o770) == 0)
    #expect(throws: VaultError.unsafeDirectory(path: shared)) { try SecureFile.read(shared + "/store/state") }
    #expect(chmod(shared, 0o755) == 0)
    #expect(try SecureFile.read(shared + "/store/state") == nil, "readable once only the owner may write")
  }

  @Test(
    "a sticky directory others may write is accepted on the way only when root owns it",
    .enabled(if: getuid() == 0, "only root can make root's and another user's directories"))
  func stickyDirectory() throws {
    let directory = try TemporaryDirectory()
    let sticky = directory.child("sticky")
    #expect(mkdir(sticky, 0o700) == 0)
    #expect(chmod(sticky, 0o1777) == 0)
    try SecureFile.ensureDirectory(sticky + "/store")
    try SecureFile.write([1], to: sticky + "/store/state")
    #expect(try SecureFile.read(sticky + "/store/state") == [1])
    #expect(chown(sticky, 65534, 65534) == 0)
    #expect(throws: VaultError.unsafeDirectory(path: sticky)) { try SecureFile.read(sticky + "/store/state") }
  }

  @Test(
    "a directory on the path owned by another user is refused",
    .enabled(if: getuid() == 0, "only root can give a directory away"))
  func foreignOwnerOnThePath() throws {
    let directory = try TemporaryDirectory()
    let foreign = directory.child("foreign")
    #expect(mkdir(foreign, 0o755) == 0)
    try SecureFile.ensureDirectory(foreign + "/store")
    #expect(chown(foreign, 65534, 65534) == 0)
    #expect(throws: VaultError.unsafeDirectory(path: foreign)) { try SecureFile.read(foreign + "/store/state") }
  }
}
