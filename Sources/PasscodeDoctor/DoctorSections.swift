/// `passcode doctor`'s sections, each a pure function from the ``DoctorSnapshot`` to its findings, in the
/// order the report prints them.
package enum DoctorSections {
  /// Every section's findings, in report order: speech, screen readers, terminal, preferences, store,
  /// pinentry.
  ///
  /// - Parameter snapshot: What was gathered.
  /// - Returns: The findings.
  package static func all(_ snapshot: DoctorSnapshot) -> [DoctorFinding] {
    speech(snapshot) + screenReaders(snapshot) + terminal(snapshot) + preferences(snapshot) + store(snapshot)
      + pinentry(snapshot)
  }
}
