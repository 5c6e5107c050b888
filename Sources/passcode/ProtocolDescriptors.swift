internal import SystemCalls

/// Keeps the Assuan protocol the only thing on standard output: the protocol gets a private duplicate of
/// descriptor 1, and descriptor 1 itself is pointed at standard error, so a stray write from any library
/// lands in gpg-agent's log instead of corrupting the replies.
enum ProtocolDescriptors {
  /// Moves standard output aside for the protocol.
  ///
  /// - Returns: The descriptor the protocol writes to, or `nil` (and nothing changed) when it cannot be
  ///   duplicated; then the protocol keeps descriptor 1.
  static func takeStandardOutput() -> Int32? {
    guard let duplicate = duplicate(1) else { return nil }
    guard redirect(2, onto: 1) else {
      _ = closeDescriptor(duplicate)
      return nil
    }
    return duplicate
  }

  /// A new descriptor from 3 up for the same open file, closed on exec, by the layer's `fcntl`.
  ///
  /// - Parameter descriptor: The descriptor to duplicate.
  /// - Returns: The new descriptor, or `nil` on failure.
  static func duplicate(_ descriptor: Int32) -> Int32? {
    (try? FileDescriptor(rawValue: descriptor).duplicate(atLeast: FileDescriptor(rawValue: 3)))?.rawValue
  }

  /// Makes `target` refer to the same open file as `source`, through the layer's `dup2` and `EINTR` retry.
  ///
  /// - Parameters:
  ///   - source: The descriptor to copy.
  ///   - target: The descriptor to replace.
  /// - Returns: `true` on success.
  static func redirect(_ source: Int32, onto target: Int32) -> Bool {
    (try? FileDescriptor(rawValue: source).duplicate(as: FileDescriptor(rawValue: target))) != nil
  }

  /// Closes a descriptor through the layer.
  ///
  /// - Parameter descriptor: The descriptor.
  /// - Returns: `true` on success.
  static func closeDescriptor(_ descriptor: Int32) -> Bool {
    (try? FileDescriptor(rawValue: descriptor).close()) != nil
  }
}
