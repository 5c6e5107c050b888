import PasscodeLocalization

extension DoctorSections {
  /// Whether typed codes can be kept out of swap: nothing when secret memory locks; when it cannot, why (the
  /// locked-memory limit, when there is one) and how to allow it. Not a stop: a prompt works all the same,
  /// its secrets wiped and left out of core dumps.
  ///
  /// - Parameter snapshot: What was gathered.
  /// - Returns: No finding, or one.
  package static func secretMemory(_ snapshot: DoctorSnapshot) -> [DoctorFinding] {
    guard case let .unlocked(limitKilobytes, reason) = snapshot.secretMemory else { return [] }
    let verdict =
      if let limitKilobytes {
        Localization.text(
          "Secret memory: cannot be locked against swap (the locked-memory limit, ulimit -l, is {limit} kB); "
            + "secrets are still wiped and kept out of core dumps.",
          ["limit": "\(limitKilobytes)"])
      } else {
        Localization.text(
          "Secret memory: cannot be locked against swap ({reason}); secrets are still wiped and kept out of core "
            + "dumps.",
          ["reason": DoctorText.printable(reason)])
      }
    return [
      DoctorFinding(
        verdict: verdict,
        next: Localization.text(
          "Raise the locked-memory limit (ulimit -l, or LimitMEMLOCK= for a systemd service), or run passcode as "
            + "a user with CAP_IPC_LOCK."))
    ]
  }
}
