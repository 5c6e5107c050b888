internal import Glibc
/// Reads the process environment into a dictionary once, without Foundation, and is the one place that
/// reads the variables more than one layer acts on (`NO_COLOR`, `PASSCODE_HOME`).
public enum ProcessEnvironment {
  /// The environment as `NAME: value`. The corresponding C variable is `environ`.
  ///
  /// Entries are split at their first `=` byte, not by `Character`: this runs at every start, and
  /// grapheme breaking would cost more than the whole split.
  public static func current() -> [String: String] {
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

  /// Whether `NO_COLOR` asks for no colour: set and not empty, as no-color.org has it. `--color always`
  /// still wins.
  ///
  /// - Parameter environment: The environment, as ``current()`` gives it.
  /// - Returns: `true` when colour is to be left out unless asked for.
  public static func asksForNoColor(_ environment: [String: String]) -> Bool {
    !(environment["NO_COLOR"] ?? "").isEmpty
  }

  /// `PASSCODE_HOME`: the one directory for all state in place of the XDG ones, when set and not empty.
  /// `--store DIR` wins over it.
  ///
  /// - Parameter environment: The environment, as ``current()`` gives it.
  /// - Returns: The directory, or `nil`.
  public static func storeDirectory(_ environment: [String: String]) -> String? {
    environment["PASSCODE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
  }
}
