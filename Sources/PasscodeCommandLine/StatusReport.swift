/// What `passcode status` reports, never a secret: whether a passcode is set, its shape, the failure
/// count, the lockout and the grace period left, and where the hash is kept.
package struct StatusReport: Equatable, Sendable {
  /// Whether a passcode hash is stored.
  package var isPasscodeSet: Bool
  /// The stored passcode's length; `nil` when none is set.
  package var length: Int?
  /// Which characters it is made of (`digits` or `alphanumeric`); `nil` when none is set.
  package var allowed: String?
  /// Consecutive wrong passcodes since the last right one.
  package var failures: Int
  /// Whole seconds of lockout left, rounded up; zero when entry is allowed.
  package var lockoutRemainingSeconds: Int
  /// Whole seconds left of this terminal's grace stamp, rounded up; zero when there is none.
  package var graceRemainingSeconds: Int
  /// The directory of the passcode hash.
  package var store: String

  /// Makes a report.
  ///
  /// - Parameters:
  ///   - isPasscodeSet: Whether a passcode hash is stored.
  ///   - length: The stored passcode's length, if one is set.
  ///   - allowed: Its characters, `digits` or `alphanumeric`, if one is set.
  ///   - failures: Consecutive wrong passcodes.
  ///   - lockoutRemainingSeconds: Seconds of lockout left.
  ///   - graceRemainingSeconds: Seconds left of the grace stamp.
  ///   - store: The directory of the passcode hash.
  package init(
    isPasscodeSet: Bool, length: Int?, allowed: String?, failures: Int, lockoutRemainingSeconds: Int,
    graceRemainingSeconds: Int, store: String
  ) {
    self.isPasscodeSet = isPasscodeSet
    self.length = length
    self.allowed = allowed
    self.failures = failures
    self.lockoutRemainingSeconds = lockoutRemainingSeconds
    self.graceRemainingSeconds = graceRemainingSeconds
    self.store = store
  }

  /// The report as one JSON object on one line, ending in a newline, with its keys always in this order:
  ///
  /// ```
  /// {"passcode_set":true,"length":6,"allowed":"digits","failures":0,"lockout_remaining_seconds":0,
  ///  "grace_remaining_seconds":0,"store":"/home/me/.local/share/passcode"}
  /// ```
  /// `length` and `allowed` are `null` when no passcode is set. The man page documents this schema.
  package var json: String {
    let members: [(String, String)] = [
      ("passcode_set", isPasscodeSet ? "true" : "false"),
      ("length", length.map(String.init) ?? "null"),
      ("allowed", allowed.map(JSONText.string) ?? "null"),
      ("failures", String(failures)),
      ("lockout_remaining_seconds", String(lockoutRemainingSeconds)),
      ("grace_remaining_seconds", String(graceRemainingSeconds)),
      ("store", JSONText.string(store)),
    ]
    return "{" + members.map { "\(JSONText.string($0.0)):\($0.1)" }.joined(separator: ",") + "}\n"
  }
}
