/// What `passcode doctor` reads in a `gpg-agent.conf`: the `pinentry-program` line. A pure parser of the
/// file's text; reading the file is the command's job.
package struct GnuPGAgentConfiguration: Equatable, Sendable {
  /// The value of the last `pinentry-program` line, or `nil` when there is none; gpg-agent, like this,
  /// lets a later line win.
  package var pinentryProgram: String?

  /// Reads the text of a `gpg-agent.conf`.
  ///
  /// A line counts when its first word (after any spaces or tabs) is `pinentry-program` and a value
  /// follows; the value is the rest of the line after the spaces or tabs that follow the keyword.
  ///
  /// - Parameter text: The file's text.
  package init(text: String) {
    var program: String?
    for line in text.split(whereSeparator: \.isNewline) {
      let words = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
      guard words.first == "pinentry-program", words.count == 2 else { continue }
      program = String(words[1].drop(while: { $0 == " " || $0 == "\t" }))
    }
    pinentryProgram = program
  }

  /// Where gpg-agent reads its configuration: `$GNUPGHOME/gpg-agent.conf` when `GNUPGHOME` is set and not
  /// empty, else `$HOME/.gnupg/gpg-agent.conf`, with `~` standing for an unset `HOME`.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The file's path.
  package static func path(environment: [String: String]) -> String {
    let home =
      environment["GNUPGHOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (environment["HOME"] ?? "~") + "/.gnupg"
    return home + "/gpg-agent.conf"
  }
}
