internal import Glibc

/// Reads the process environment into a dictionary once, without Foundation: the one reader of `environ`.
/// What a variable means is decided where it acts (`NO_COLOR` by the terminal's capabilities,
/// `PASSCODE_HOME` by the store's location).
package enum ProcessEnvironment {
  /// The environment as `NAME: value`. The corresponding C variable is `environ`.
  ///
  /// Entries are split at their first `=` byte, not by `Character`: this runs at every start, and
  /// grapheme breaking would cost more than the whole split.
  package static func current() -> [String: String] {
    var count = 0
    while environ[count] != nil { count += 1 }
    var result = [String: String](minimumCapacity: count)
    for index in 0..<count {
      guard let entry = environ[index] else { continue }
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strlen(entry))
      guard let separator = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<separator]), as: UTF8.self)
      result[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(separator + 1)...]), as: UTF8.self)
    }
    return result
  }
}
