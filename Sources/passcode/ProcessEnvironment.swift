#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads the process environment into a dictionary once, without Foundation.
enum ProcessEnvironment {
  /// The environment as `NAME: value`. The corresponding C variable is `environ`.
  static func current() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let separator = text.firstIndex(of: "=") {
        result[String(text[..<separator])] = String(text[text.index(after: separator)...])
      }
      pointer += 1
    }
    return result
  }
}
