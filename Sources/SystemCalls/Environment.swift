internal import Glibc

/// This process's environment variables, one at a time.
package enum Environment {
  /// An environment variable's value. The corresponding C function is `getenv`.
  ///
  /// - Parameter name: The variable's name.
  /// - Returns: Its value, or `nil` when it is not set.
  package static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
