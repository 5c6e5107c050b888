/// A Unix datagram socket bound at a path, as a systemd asker's (`Socket=`), that reads only when the test
/// says so: for answers that must arrive byte-exact, and for an asker that stops reading.
package final class BoundDatagramSocket: @unchecked Sendable {
  /// The socket's path.
  package let path: String
  private var descriptor: Int32

  /// Binds the socket.
  ///
  /// - Parameter path: Where; nothing may be there yet.
  /// - Throws: ``SpeechTestSupportError`` when the socket cannot be made.
  package init(path: String) throws {
    self.path = path
    descriptor = try SpeechTestSystemCalls.bindDatagram(path: path)
  }

  deinit { close() }

  /// Fills the receive queue from another socket with one-byte datagrams (`x`) until a send would block;
  /// nothing reads them unless the test does.
  ///
  /// - Returns: How many now wait in the queue; 0 when the queue did not end up full.
  package func fillQueue() -> Int {
    let filler = SpeechTestSystemCalls.unboundDatagram()
    defer { SpeechTestSystemCalls.closeDescriptor(filler) }
    var count = 0
    while true {
      let failure = SpeechTestSystemCalls.sendDatagramWithoutWaiting([UInt8(ascii: "x")], to: path, from: filler)
      guard let failure else {
        count += 1
        continue
      }
      return failure == SpeechTestSystemCalls.wouldBlock ? count : 0
    }
  }

  /// The next datagram, waiting up to 10 seconds.
  package func receive() -> [UInt8]? {
    guard descriptor >= 0, SpeechTestSystemCalls.waitReadable(descriptor, timeout: .seconds(10)) else {
      return nil
    }
    return SpeechTestSystemCalls.receiveWithoutWaiting(descriptor)
  }

  /// Every datagram waiting in the queue, read without waiting.
  package func receiveAll() -> [[UInt8]] {
    var datagrams: [[UInt8]] = []
    while descriptor >= 0, let datagram = SpeechTestSystemCalls.receiveWithoutWaiting(descriptor) {
      datagrams.append(datagram)
    }
    return datagrams
  }

  /// Closes the socket; its file stays, with nobody bound to it (an asker that gave up).
  package func close() {
    if descriptor >= 0 { SpeechTestSystemCalls.closeDescriptor(descriptor) }
    descriptor = -1
  }
}
