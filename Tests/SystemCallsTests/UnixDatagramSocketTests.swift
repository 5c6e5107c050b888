import Glibc
import Testing

@testable import SystemCalls

/// A bound datagram socket that nobody reads unless the test does, in a directory of its own.
private final class BoundSocket {
  let directory: String
  let path: String
  let descriptor: Int32

  init() throws {
    var template = Array("/tmp/passcode-datagram-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw Errno.current }
    directory = String(cString: made)
    path = directory + "/sck"
    descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard descriptor >= 0, bound == 0 else { throw Errno.current }
  }

  deinit {
    close(descriptor)
    unlink(directory + "/link")
    unlink(directory + "/through")
    unlink(path)
    rmdir(directory)
  }

  /// The next datagram, without waiting.
  func receive() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
    return count < 0 ? nil : Array(buffer[0..<count])
  }
}

/// Sends one datagram.
private func send(_ bytes: [UInt8], on socket: UnixDatagramSocket) throws(Errno) {
  try bytes.withUnsafeBytes { raw in Result { () throws(Errno) in try socket.send(raw) } }.get()
}

@Suite("Unix datagram sockets and paths opened without following links")
struct UnixDatagramSocketTests {
  @Test("a socket opened without following links is reached through its descriptor, whatever its path names later")
  func connectsToTheOpenedFile() throws {
    let asker = try BoundSocket()
    let file = try FileDescriptor.openWithoutFollowingLinks(asker.path)
    defer { file.closeIgnoringErrors() }
    let status = try FileStatus(descriptor: file)
    #expect(status.isSocket && !status.isSymbolicLink && !status.isRegularFile)
    #expect(status.owner == ProcessCredentials.effective.user)
    // The path no longer names the socket: the descriptor still does.
    #expect(rename(asker.path, asker.directory + "/moved") == 0)
    defer { rename(asker.directory + "/moved", asker.path) }
    let sender = try UnixDatagramSocket()
    defer { sender.close() }
    try sender.connect(toOpened: file)
    try send(Array("+hi".utf8), on: sender)
    #expect(asker.receive() == [UInt8]("+hi".utf8))
  }

  @Test("a full queue makes send fail at once with EAGAIN, and poll waits until the reader makes room")
  func fullQueueWouldBlock() throws {
    let asker = try BoundSocket()
    let file = try FileDescriptor.openWithoutFollowingLinks(asker.path)
    defer { file.closeIgnoringErrors() }
    let sender = try UnixDatagramSocket()
    defer { sender.close() }
    try sender.connect(toOpened: file)
    var sent = 0
    var failure: Errno?
    while failure == nil {
      do throws(Errno) {
        try send([UInt8(ascii: "x")], on: sender)
        sent += 1
      } catch {
        failure = error
      }
    }
    #expect(failure == .wouldBlock)
    #expect(sent > 0)
    #expect(try Poll.wait(for: sender.descriptor, .writable, timeout: .zero).isEmpty)
    #expect(asker.receive() == [UInt8(ascii: "x")])
    #expect(try Poll.wait(for: sender.descriptor, .writable, timeout: .seconds(10)).contains(.writable))
  }

  @Test("a symbolic link is opened as itself, and a linked directory on the way is refused")
  func linksAreNotFollowed() throws {
    let asker = try BoundSocket()
    #expect(symlink(asker.path, asker.directory + "/link") == 0)
    let link = try FileDescriptor.openWithoutFollowingLinks(asker.directory + "/link")
    defer { link.closeIgnoringErrors() }
    #expect(try FileStatus(descriptor: link).isSymbolicLink)
    #expect(symlink(asker.directory, asker.directory + "/through") == 0)
    #expect(throws: Errno.notADirectory) {
      try FileDescriptor.openWithoutFollowingLinks(asker.directory + "/through/sck")
    }
    #expect(throws: Errno.noSuchFileOrDirectory) {
      try FileDescriptor.openWithoutFollowingLinks(asker.directory + "/missing")
    }
  }

  @Test("nobody bound to the socket any more refuses the connection")
  func closedSocketRefuses() throws {
    let asker = try BoundSocket()
    let file = try FileDescriptor.openWithoutFollowingLinks(asker.path)
    defer { file.closeIgnoringErrors() }
    close(asker.descriptor)
    let sender = try UnixDatagramSocket()
    defer { sender.close() }
    #expect(throws: Errno.connectionRefused) { try sender.connect(toOpened: file) }
  }
}
