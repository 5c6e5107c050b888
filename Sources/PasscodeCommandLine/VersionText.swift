/// The text `--version` prints.
package enum VersionText {
  /// The version line for a program name, ending in a newline.
  ///
  /// `passcode` prints `passcode 0.2.0`; as a pinentry program it prints
  /// `pinentry-passcode (passcode) 0.2.0`, in the manner of other pinentry programs.
  ///
  /// - Parameter programName: The base name the program was started under.
  /// - Returns: The version text.
  package static func render(programName: String) -> String {
    if programName == CommandLineParser.pinentryProgramName {
      return "\(programName) (passcode) \(PasscodeVersion.current)\n"
    }
    return "passcode \(PasscodeVersion.current)\n"
  }
}
