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

  /// Sets an environment variable of this process, unless it already has the value: `setenv` is not safe
  /// while another thread reads the environment, so a caller that sets the same value again and again (a
  /// pinentry naming its language for every dialog) calls it only the first time. The corresponding C
  /// functions are `getenv` and `setenv`.
  ///
  /// - Parameters:
  ///   - name: The variable's name.
  ///   - newValue: Its new value.
  package static func set(_ name: String, to newValue: String) {
    if value(name) == newValue { return }
    _ = setenv(name, newValue, 1)
  }
}
