internal import SystemCalls

/// The directory systemd's askers write their questions to, and what it holds.
package struct AskPasswordDirectory: Sendable {
  /// Where systemd 252 puts questions; `systemd-ask-password` has no way to choose another.
  package static let systemPath = "/run/systemd/ask-password"

  /// The directory's path.
  package let path: String

  /// One `ask.*` file: its question, or why it is not one.
  package struct Entry: Sendable {
    /// The file's name, such as `ask.BL8SiQ`.
    package var fileName: String
    /// The question, or why the file could not be read as one.
    package var question: Result<PasswordQuestion, AskFileError>
    /// Whether the asking process is alive (`true` when the file names none).
    package var askerIsAlive: Bool
    /// The file's modification time, in nanoseconds: the order questions are asked in.
    var modified: Int64
  }

  /// Names a directory.
  ///
  /// - Parameter path: The directory; the system's by default.
  package init(path: String = Self.systemPath) {
    self.path = path
  }

  /// Makes the directory and its parents (mode 0755) if they are missing, as
  /// `systemd-ask-password-console.path` does.
  ///
  /// - Throws: ``AgentError/directory(path:errno:)`` when it cannot be made.
  package func create() throws(AgentError) {
    if let error = AgentSystemCalls.makeDirectory(path) { throw .directory(path: path, errno: error) }
  }

  /// Reads every `ask.*` file, oldest first. Files that vanish while being read are left out.
  ///
  /// A file is trusted only when root owns it and neither its group nor others may write it (checked with
  /// `fstat` on the opened file), and when the `Socket=` it names, if still there, is a socket that root
  /// owns, reached without following a symbolic link. Any other file is reported as
  /// ``AskFileError/untrusted(_:)`` and its contents are not used.
  ///
  /// - Returns: The entries.
  /// - Throws: ``AgentError/directory(path:errno:)`` when the directory cannot be listed.
  package func scan() throws(AgentError) -> [Entry] {
    let names = try AgentSystemCalls.listDirectory(path).get().filter { $0.hasPrefix("ask.") }
    var entries: [Entry] = []
    for name in names {
      guard
        let file = AgentSystemCalls.readRegularFile(path + "/" + name, limit: AskFileParser.maximumByteCount)
      else { continue }
      let question = Result { () throws(AskFileError) in
        if let reason = AgentSystemCalls.distrust(ofQuestionFile: file.status) { throw .untrusted(reason) }
        let question = try AskFileParser.parse(file.bytes, fileName: name)
        // A socket already gone is left for the answer to find (the question then counts as withdrawn).
        switch AgentSystemCalls.openTrustedSocket(question.socketPath) {
        case let .success(socket): socket.closeIgnoringErrors()
        case let .failure(.untrustedSocket(reason)): throw .untrusted(reason)
        case .failure: break
        }
        return question
      }
      var alive = true
      if case let .success(parsed) = question, let process = parsed.processIdentifier {
        alive = ProcessIdentifier(rawValue: process).exists
      }
      entries.append(
        Entry(fileName: name, question: question, askerIsAlive: alive, modified: file.status.modified))
    }
    return entries.sorted { ($0.modified, $0.fileName) < ($1.modified, $1.fileName) }
  }

  /// The questions that can be answered: readable, trusted, with a living asker, oldest first.
  ///
  /// - Returns: The questions.
  /// - Throws: ``AgentError/directory(path:errno:)`` when the directory cannot be listed.
  package func answerableQuestions() throws(AgentError) -> [PasswordQuestion] {
    try scan().compactMap { entry in entry.askerIsAlive ? try? entry.question.get() : nil }
  }
}
