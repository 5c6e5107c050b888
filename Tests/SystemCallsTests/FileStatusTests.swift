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

  @Test("an open file's status is the file's; a terminal is a character device with its major number")
  func openFileStatus() throws {
    let descriptor = try FileDescriptor.open("/dev/null", .readOnly, options: [.closeOnExec])
    defer { descriptor.closeIgnoringErrors() }
    let status = try FileStatus(descriptor: descriptor)
    #expect(status == (try FileStatus(path: "/dev/null")))
    #expect(status.isCharacterDevice && !status.isDirectory)
    #expect(status.deviceMajor == 1)  // mem: /dev/null is 1:3
    #expect(!descriptor.isPseudoTerminalMaster)
  }

  @Test("only a pseudo-terminal's master side says which pseudo-terminal it is")
  func pseudoTerminalMaster() throws {
    let master = try FileDescriptor.open("/dev/ptmx", .readWrite, options: [.closeOnExec, .noControllingTerminal])
    defer { master.closeIgnoringErrors() }
    #expect(master.isPseudoTerminalMaster)
    #expect(master.isTerminal)
    #expect(try FileStatus(descriptor: master).deviceMajor == 5)
  }

  @Test("a path with nothing there throws no such file or directory")
  func missingPathThrows() {
    #expect(throws: Errno.noSuchFileOrDirectory) { try FileStatus(path: "/nonexistent/passcode-file-status") }
  }
}
