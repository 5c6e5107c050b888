internal import Glibc

/// A sending Unix-domain datagram socket, non-blocking and close-on-exec: its methods are the package's
/// only `socket`, `connect` and `send` calls.
///
/// A socket does not close itself: the owner calls ``close()``, as with the C value.
package struct UnixDatagramSocket: Sendable {
  /// The socket's descriptor, for a ``Poll`` on ``PollEvents/writable``.
  package let descriptor: FileDescriptor

  /// Makes an unconnected socket. The corresponding C function is `socket`.
  ///
  /// - Throws: The call's ``Errno``.
  package init() throws(Errno) {
    let type = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
    descriptor = FileDescriptor(rawValue: try valueOrErrno { socket(AF_UNIX, type, 0) })
  }

  /// Connects to the socket file that `file` is open on, named as `/proc/self/fd/N`, so the socket reached
  /// is the very file that was opened and checked, whatever its path names by now. Once connected, a
  /// ``PollEvents/writable`` poll waits until the peer's queue has room. The corresponding C function is
  /// `connect`.
  ///
  /// - Parameter file: A descriptor for the socket file, such as an ``FileDescriptor/OpenOptions/pathOnly`` one.
  /// - Throws: The call's ``Errno``: ``Errno/connectionRefused`` when nobody is bound to it any more,
  ///   ``Errno/noSuchFileOrDirectory`` when `/proc` is not mounted.
  package func connect(toOpened file: FileDescriptor) throws(Errno) {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    // At most 25 bytes: it always fits the 108 of `sun_path`.
    let path = Array("/proc/self/fd/\(file.rawValue)".utf8)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
    let length = socklen_t(MemoryLayout<sockaddr_un>.size)
    let result = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        Result { () throws(Errno) in try nothingOrErrno { Glibc.connect(descriptor.rawValue, socketAddress, length) } }
      }
    }
    try result.get()
  }

  /// Sends one datagram to the connected peer without waiting (`MSG_DONTWAIT`) and without `SIGPIPE`
  /// (`MSG_NOSIGNAL`). The corresponding C function is `send`.
  ///
  /// - Parameter bytes: The datagram.
  /// - Throws: The call's ``Errno``: ``Errno/wouldBlock`` when the peer's queue is full (it is not reading),
  ///   ``Errno/connectionRefused`` when the peer is gone.
  package func send(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    let flags = Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)
    try nothingOrErrno { Glibc.send(descriptor.rawValue, bytes.baseAddress, bytes.count, flags) }
  }

  /// Closes the socket.
  package func close() {
    descriptor.closeIgnoringErrors()
  }
}
