import Glibc
import Testing

@testable import SystemCalls

@Suite("File status")
struct FileStatusTests {
  @Test("a file's status gives its type, permission bits, owner and group; /tmp reads as a directory")
  func fileHasTypeModeAndOwner() throws {
    let path = "/tmp/passcode-file-status-\(ProcessIdentifier.current.rawValue)"
    try FileDescriptor.open(path, .writeOnly, options: [.closeOnExec, .create, .exclusiveCreate]).close()
    defer { unlink(path) }
    #expect(chmod(path, 0o640) == 0)
    let file = try FileStatus(path: path)
    let credentials = ProcessCredentials.effective
    #expect(!file.isDirectory)
    #expect(file.mode & 0o7777 == 0o640)
    #expect(file.owner == credentials.user)
    #expect(file.group == credentials.group)
    #expect(credentials.isRoot == (geteuid() == 0))
    #expect(try FileStatus(path: "/tmp").isDirectory)
  }

  @Test("a path with nothing there throws no such file or directory")
  func missingPathThrows() {
    #expect(throws: Errno.noSuchFileOrDirectory) { try FileStatus(path: "/nonexistent/passcode-file-status") }
  }
}
