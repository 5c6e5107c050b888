package import SystemCalls

/// One try with polkit's own helper, `polkit-agent-helper-1` (setuid root): it runs PAM for the user, asks the
/// agent for each answer through its standard input and output, and tells polkitd itself when the user
/// authenticated. The agent never sees the password check; it only passes the person's answers on.
///
/// The cookie goes on standard input (never in `argv`, where other users could read it); the helper's standard
/// error, PAM's and its own diagnostics, goes nowhere: no outside text reaches the terminal unsanitised.
///
/// One thread uses it at a time: the agent's asking thread, and the prompt's verifier, which runs on a thread of
/// the prompt's while the asking thread waits in the prompt.
package final class PolkitHelperSession: @unchecked Sendable {
  /// Where Debian and other distributions put the helper, in the order tried.
  package static let helperPaths = [
    "/usr/lib/polkit-1/polkit-agent-helper-1", "/usr/libexec/polkit-agent-helper-1",
    "/usr/lib/policykit-1/polkit-agent-helper-1",
  ]
  /// The longest line read from the helper; PAM's messages are far shorter.
  private static let lineLimit = 8192

  private let process: ProcessIdentifier
  private let toHelper: FileDescriptor
  private let fromHelper: FileDescriptor
  private var received: [UInt8] = []
  private var isEnded = false

  private init(process: ProcessIdentifier, toHelper: FileDescriptor, fromHelper: FileDescriptor) {
    self.process = process
    self.toHelper = toHelper
    self.fromHelper = fromHelper
  }

  /// Starts the helper for a user and gives it the cookie.
  ///
  /// - Parameters:
  ///   - user: The user's name, who authenticates.
  ///   - cookie: The authentication's cookie, from polkitd.
  ///   - language: The `LANG`, `LANGUAGE` and `LC_MESSAGES` PAM's messages are written for.
  ///   - helperPath: The helper; by default the first of ``helperPaths`` that exists.
  /// - Returns: The session; ``end()`` it.
  /// - Throws: The ``Errno`` of a pipe or of starting the helper (`ENOENT` when there is none).
  package static func start(
    user: String, cookie: String, language: [String: String], helperPath: String? = nil
  ) throws(Errno) -> PolkitHelperSession {
    guard let path = helperPath ?? helperPaths.first(where: { FileSystem.isExecutable($0) }) else {
      throw .noSuchFileOrDirectory
    }
    let input = try Pipe()
    let output: Pipe
    do {
      output = try Pipe()
    } catch {
      input.close()
      throw error
    }
    var spawn = Spawn(
      executable: path, arguments: [user],
      environment: language.merging(["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]) { first, _ in first })
    spawn.fileActions = [
      .duplicate(input.readEnd, as: .standardInput), .duplicate(output.writeEnd, as: .standardOutput),
      .open(.standardError, path: "/dev/null", .writeOnly, [], permissions: 0),
    ]
    let process: ProcessIdentifier
    do {
      process = try spawn.run()
    } catch {
      input.close()
      output.close()
      throw error
    }
    input.readEnd.closeIgnoringErrors()
    output.writeEnd.closeIgnoringErrors()
    let session = PolkitHelperSession(process: process, toHelper: input.writeEnd, fromHelper: output.readEnd)
    do {
      try session.toHelper.writeAll(Array((cookie + "\n").utf8))
    } catch {
      session.end()
      throw error
    }
    return session
  }

  /// Waits for the helper's next line. A helper that ended, or wrote something the protocol does not have, is
  /// `unrecognised`: the try is over.
  package func nextMessage() -> HelperMessage {
    while true {
      if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(received[..<newline])
        received.removeSubrange(...newline)
        return HelperMessage(line: line)
      }
      guard received.count < Self.lineLimit, let chunk = try? fromHelper.read(upTo: 4096), !chunk.isEmpty else {
        return .unrecognised
      }
      received += chunk
    }
  }

  /// Gives the helper the person's answer, from its secret storage, and a line feed.
  ///
  /// - Parameter answer: The answer's bytes; no line feed among them.
  /// - Throws: The ``Errno`` of the write (`EPIPE` when the helper is gone).
  package func answer(_ answer: UnsafeRawBufferPointer) throws(Errno) {
    try toHelper.writeAll(answer)
    try toHelper.writeAll([UInt8(ascii: "\n")])
  }

  /// Closes the pipes, ends the helper if it still runs (`SIGTERM`) and collects it.
  package func end() {
    guard !isEnded else { return }
    isEnded = true
    toHelper.closeIgnoringErrors()
    fromHelper.closeIgnoringErrors()
    if (try? process.statusIfExited()) == nil { try? process.send(.terminate) }
    _ = try? process.waitForExit()
  }

  deinit { end() }
}
