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

  @Test("fstat on an open file gives its type, group- and other-write bits, owner and modification time")
  func statusOfOpenFile() throws {
    let path = "/tmp/passcode-file-status-open-\(ProcessIdentifier.current.rawValue)"
    let file = try FileDescriptor.open(path, .writeOnly, options: [.closeOnExec, .create, .exclusiveCreate])
    defer {
      file.closeIgnoringErrors()
      unlink(path)
    }
    #expect(fchmod(file.rawValue, 0o644) == 0)
    let status = try FileStatus(descriptor: file)
    #expect(status.isRegularFile && !status.isSocket && !status.isSymbolicLink)
    #expect(!status.isWritableByGroupOrOthers)
    #expect(status.isOwnedByRoot == (geteuid() == 0))
    #expect(status.modified == (try FileStatus(path: path)).modified)
    #expect(status.modified > 0)
    for mode: mode_t in [0o664, 0o646, 0o666] {
      #expect(fchmod(file.rawValue, mode) == 0)
      #expect(try FileStatus(descriptor: file).isWritableByGroupOrOthers, "mode \(String(mode, radix: 8))")
    }
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
