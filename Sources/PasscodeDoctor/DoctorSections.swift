/// `passcode doctor`'s sections, each a pure function from the ``DoctorSnapshot`` to its findings, in the
/// order the report prints them.
package enum DoctorSections {
  /// Every section's findings, in report order: speech, screen readers, terminal, preferences, store,
  /// secret memory, pinentry.
  ///
  /// - Parameter snapshot: What was gathered.
  /// - Returns: The findings.
  package static func all(_ snapshot: DoctorSnapshot) -> [DoctorFinding] {
    speech(snapshot) + screenReaders(snapshot) + terminal(snapshot) + preferences(snapshot) + store(snapshot)
      + secretMemory(snapshot) + pinentry(snapshot)
  }

  /// The command that adds a line to the config file, making its directory and the file private to you
  /// (`umask 077`) when they are new, or `nil` when the store was not found.
  ///
  /// - Parameters:
  ///   - line: The line, such as `profile = screen-reader`; it holds no single quote.
  ///   - snapshot: What was gathered.
  /// - Returns: One shell command.
  package static func appendToConfigFile(_ line: String, _ snapshot: DoctorSnapshot) -> String? {
    guard case let .located(configFile, _, _) = snapshot.store, let file = snapshot.configFileWord else {
      return nil
    }
    let directory = configFile.lastIndex(of: "/").map { String(configFile[..<$0]) } ?? "."
    return "(umask 077; mkdir -p \(DoctorText.shellWord(directory.isEmpty ? "/" : directory)) && "
      + "echo '\(line)' >> \(file))"
  }
}
