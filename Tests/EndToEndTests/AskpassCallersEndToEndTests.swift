import Foundation
import PasscodeTestSupport
import Testing

/// A directory for one test: the `passcode-askpass` link, keys, what a caller wrote; removed when released.
private final class CallerDirectory {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("passcode-callers-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    chmod(path, 0o755)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func read(_ name: String) -> String? { try? String(contentsOfFile: path + "/" + name, encoding: .utf8) }
}

/// What every caller's test needs: a program of Debian's, found where Debian puts it.
private enum CallerPrograms {
  static func find(_ paths: String...) -> String? { paths.first { FileManager.default.isExecutableFile(atPath: $0) } }
  static let sshAdd = find("/usr/bin/ssh-add")
  static let git = find("/usr/bin/git")
  static let sudo = find("/usr/bin/sudo")
  static let runuser = find("/usr/sbin/runuser", "/sbin/runuser")
  static let useradd = find("/usr/sbin/useradd", "/sbin/useradd")
  static let canSwitchUser = getuid() == 0 && sudo != nil && runuser != nil && useradd != nil
}

/// Answers the caller's question wrong ("zebra"), waits for the caller's own words after it and passcode's retry,
/// answers it right and waits for `ending`.
private func answerWrongThenRight(
  _ session: DemoSession, callerSays: String, retry: String, right: String, until ending: String
) throws {
  try session.typeCounting("zebra")
  try session.type("\r")
  try session.waitFor(callerSays)
  try session.waitFor(retry)
  try session.typeCounting(right)
  try session.type("\r")
  try session.waitFor(ending)
}

/// What the private daemon was asked to say: the retry and the counts of both answers, never an answer (both
/// start "zebra" or "Quokka") and never the caller's colon.
private func expectRetrySpoken(_ daemon: PrivateSpeechDispatcher, retry: String, colon: String) {
  // Speech may trail the screen: wait for the second answer's "Checking".
  let texts = daemon.waitForRequests(text: "Checking", count: 2).map(\.text)
  #expect(texts.contains { $0.contains(retry) }, "spoken: \(texts)")
  for count in ["5 characters entered", "15 characters entered"] {
    #expect(texts.contains(count), "not spoken: \(count); spoken: \(texts)")
  }
  #expect(!texts.contains { $0.contains("zebra") || $0.contains("Quokka") || $0.contains(colon) })
}

/// `passcode-askpass` as the real ssh-add, ssh-agent and ssh-keygen run it (`SSH_ASKPASS`, with
/// `SSH_ASKPASS_REQUIRE=force`), and as the real git runs it (`GIT_ASKPASS`), in a pseudo-terminal with a private
/// speech-dispatcher. Detection is pinned (no reader running).
@Suite(
  "passcode-askpass answering the real ssh-add, ssh-agent and git", .serialized,
  .enabled(if: CallerPrograms.sshAdd != nil && CallerPrograms.git != nil, "needs openssh-client and git"))
struct AskpassSSHAndGitEndToEndTests {
  private static let passphrase = "Quokka right 42"

  /// A session running `script` with `DIR` and `ASKPASS` (a `passcode-askpass` link) set, an agent socket in
  /// `DIR`, and speech on at the daemon's address.
  private func session(_ script: String, directory: CallerDirectory, daemon: PrivateSpeechDispatcher) throws
    -> DemoSession
  {
    let prelude = "ln -s \"$0\" \"$DIR/passcode-askpass\" && "
    return try DemoSession(
      [],
      environment: [
        "DIR": directory.path, "SSH_ASKPASS": directory.path + "/passcode-askpass", "SSH_ASKPASS_REQUIRE": "force",
        "SSH_AUTH_SOCK": directory.path + "/agent.sock", "PASSCODE_SPEECH": "on", "SPEECHD_ADDRESS": daemon.address,
        "TERM": "dumb",
      ], shell: prelude + script)
  }

  /// A key with ``passphrase``, made by the real ssh-keygen.
  private func makeKey(in directory: CallerDirectory) throws {
    let status = try SpawnedProcess.run(
      executable: "ssh-keygen",
      arguments: ["-q", "-t", "ed25519", "-N", Self.passphrase, "-C", "test key", "-f", directory.path + "/key"],
      timeout: .seconds(30))
    #expect(status == 0)
  }

  /// The agent in the foreground of the session's shell (`-D`), so that it keeps the terminal for its
  /// confirmations, as an agent started from a terminal does.
  private static let startAgent =
    "ssh-agent -D -a \"$SSH_AUTH_SOCK\" >/dev/null & AGENT=$!; "
    + "while [ ! -S \"$SSH_AUTH_SOCK\" ]; do sleep 0.05; done; "

  @Test(
    "ssh-add: a wrong passphrase is heard as a retry with its number, the right one adds the key; nothing typed shows")
  func sshAddWrongThenRight() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let directory = try CallerDirectory()
    try makeKey(in: directory)
    let session = try session(
      Self.startAgent + "ssh-add \"$DIR/key\"; echo \"ssh-add said $?\"; ssh-add -l; kill $AGENT",
      directory: directory, daemon: daemon)
    try session.waitFor("Enter passphrase for \(directory.path)/key")
    try answerWrongThenRight(
      session, callerSays: "Bad passphrase, try again for \(directory.path)/key", retry: "Wrong passphrase. Try 2",
      right: Self.passphrase, until: "ssh-add said 0")
    try session.waitFor("test key (ED25519)")
    #expect(try session.finish() == .exited(0))
    #expect(!session.text.contains("zebra") && !session.text.contains("Quokka"), "the terminal showed a passphrase")
    #expect(!session.text.contains("key:"), "the caller's colon was shown")
    expectRetrySpoken(daemon, retry: "Wrong passphrase. Try 2", colon: "key:")
  }

  @Test("ssh-add -c: each use of the key is a yes-or-no question; Enter signs, Esc refuses")
  func confirmationBothWays() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let directory = try CallerDirectory()
    try makeKey(in: directory)
    let sign = "ssh-keygen -Y sign -f \"$DIR/key.pub\" -n file \"$DIR/message\" >/dev/null 2>&1; "
    let session = try session(
      Self.startAgent + "echo hello > \"$DIR/message\"; ssh-add -c \"$DIR/key\" 2>/dev/null; "
        + sign + "echo \"first signature $?\"; rm -f \"$DIR/message.sig\"; "
        + sign + "echo \"second signature $?\"; kill $AGENT",
      directory: directory, daemon: daemon)
    try session.waitFor("Enter passphrase for")
    try session.typeCounting(Self.passphrase)
    try session.type("\r")
    let question = try session.waitFor("Enter: Yes. Esc: No.")
    #expect(question.contains("Allow use of key test key? Key fingerprint SHA256:"), "\(question)")
    try session.type("\r")
    try session.waitFor("first signature 0")
    try session.waitFor("Enter: Yes. Esc: No.")
    try session.type("\u{1B}")
    try session.waitFor("second signature 255")
    #expect(try session.finish() == .exited(0))
    #expect(try session.terminalRestored())
    let texts = daemon.protocolRequests().map(\.text)
    #expect(texts.contains { $0.contains("Enter: Yes. Esc: No.") }, "spoken: \(texts)")
  }

  @Test("SSH_ASKPASS_PROMPT=none: the notice is shown and spoken until the caller's SIGTERM, which ends it cleanly")
  func noticeUntilKilled() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let directory = try CallerDirectory()
    let session = try session(
      "SSH_ASKPASS_PROMPT=none \"$DIR/passcode-askpass\" 'Confirm user presence for key ED25519-SK SHA256:abc' "
        + "& echo \"notice $! started\"; wait $!; echo \"notice said $?\"",
      directory: directory, daemon: daemon)
    let started = try session.waitFor("started")
    try session.waitFor("This notice ends by itself when the program is done")
    let pid = started.split(separator: "\n").compactMap { line -> Int32? in
      let words = line.split(separator: " ")
      return words.count == 3 && words[0] == "notice" ? Int32(words[1]) : nil
    }.first
    let identifier = try #require(pid)
    // The notice and the words after it are told at once, so they are spoken as one request.
    let notice =
      "Confirm user presence for key ED25519-SK SHA256:abc. This notice ends by itself when the program is done"
    _ = daemon.waitForLastRequest(text: notice)
    #expect(kill(identifier, SIGTERM) == 0)
    try session.waitFor("notice said 0")
    #expect(try session.finish() == .exited(0))
    #expect(try session.terminalRestored())
    let texts = daemon.protocolRequests().map(\.text)
    #expect(texts == [notice], "spoken: \(texts)")
  }

  @Test("a caller's question with standard output on the terminal is refused before anything is asked (exit 64)")
  func outputOnTheTerminalIsRefused() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let directory = try CallerDirectory()
    let session = try session(
      "\"$DIR/passcode-askpass\" 'Vault token: '; echo \"askpass said $?\"", directory: directory, daemon: daemon)
    try session.waitFor("standard output is a terminal, where the answer would be shown")
    try session.waitFor("askpass said 64")
    #expect(try session.finish() == .exited(0))
    #expect(!session.text.contains("Vault token"), "it asked")
    #expect(try session.terminalRestored())
  }

  @Test("git credential fill: the username is shown as typed and said to be; the password is not; both reach git")
  func gitCredentialFill() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let directory = try CallerDirectory()
    let session = try session(
      "printf 'protocol=https\\nhost=example.com\\n\\n' | GIT_ASKPASS=\"$DIR/passcode-askpass\" "
        + "GIT_TERMINAL_PROMPT=0 HOME=\"$DIR\" git credential fill > \"$DIR/credential\"; echo \"git said $?\"",
      directory: directory, daemon: daemon)
    try session.waitFor("Username for 'https://example.com'")
    try session.waitFor("What you type here is shown on screen")
    try session.typeCounting("alice")
    try session.waitFor("Typed: alice")
    try session.type("\r")
    try session.waitFor("Password for 'https://alice@example.com'")
    try session.typeCounting("Quokka")
    try session.type("\r")
    try session.waitFor("git said 0")
    #expect(try session.finish() == .exited(0))
    #expect(!session.text.contains("Quokka"), "the terminal showed the password")
    let credential = directory.read("credential") ?? ""
    #expect(credential.contains("username=alice\n") && credential.contains("password=Quokka\n"), "\(credential)")
    _ = daemon.waitForLastRequest(text: "Checking")
    let texts = daemon.protocolRequests().map(\.text)
    #expect(texts.contains { $0.contains("What you type here is shown on screen") }, "spoken: \(texts)")
    #expect(texts.contains("Typed: alice"), "spoken: \(texts)")
    #expect(!texts.contains { $0.contains("Quokka") || $0.contains("Typed: Q") })
  }
}

/// `passcode-askpass` as the real sudo runs it (`sudo -A`, `SUDO_ASKPASS`), for a scratch user with a sudoers
/// rule, in a pseudo-terminal with a private speech-dispatcher that the user can reach. Needs root (to make the
/// user), sudo and runuser.
@Suite(
  "passcode-askpass answering the real sudo", .serialized,
  .enabled(if: CallerPrograms.canSwitchUser, "needs root, sudo, runuser and useradd"))
struct AskpassSudoEndToEndTests {
  private static let user = "passcode-sudo-test"
  private static let password = "Quokka right 42"

  /// Makes the scratch user (again), sets its password and gives it a sudoers rule for `true` alone; returns its
  /// IDs.
  private func makeUser() throws -> (uid_t, gid_t) {
    let script =
      "id -u \"$1\" >/dev/null 2>&1 || useradd -M -s /bin/sh \"$1\"; printf '%s:%s\\n' \"$1\" \"$2\" | chpasswd && "
      + "printf '%s ALL=(root) /bin/true, /usr/bin/true\\n' \"$1\" > /etc/sudoers.d/passcode-sudo-test && "
      + "chmod 440 /etc/sudoers.d/passcode-sudo-test"
    let status = try SpawnedProcess.run(
      executable: "/bin/sh", arguments: ["-c", script, "sh", Self.user, Self.password], timeout: .seconds(30))
    #expect(status == 0)
    let entry = try #require(getpwnam(Self.user))
    return (entry.pointee.pw_uid, entry.pointee.pw_gid)
  }

  /// Removes the rule and the user, whose password is known: nothing of them stays on the machine.
  private func removeUser() {
    try? FileManager.default.removeItem(atPath: "/etc/sudoers.d/passcode-sudo-test")
    _ = try? SpawnedProcess.run(executable: "/usr/sbin/userdel", arguments: [Self.user], timeout: .seconds(30))
  }

  @Test("sudo -A -k true, wrong then right: the retry and the counts are spoken, nothing typed shows, sudo succeeds")
  func wrongThenRight() throws {
    let (uid, gid) = try makeUser()
    defer { removeUser() }
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    // The askpass runs as the user: it must reach the daemon's socket.
    for path in [daemon.base, daemon.base + "/run"] { chmod(path, 0o755) }
    chmod(daemon.socketPath, 0o777)
    let directory = try CallerDirectory()
    // The user's own private runtime directory, where the tries are counted.
    let runtime = directory.path + "/runtime"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
    chown(runtime, uid, gid)
    chmod(runtime, 0o700)
    let script =
      "ln -s \"$0\" \"$DIR/passcode-askpass\" && runuser -u \(Self.user) -- env SUDO_ASKPASS=\"$DIR/passcode-askpass\" "
      + "sudo -A -k true; echo \"sudo said $?\""
    let session = try DemoSession(
      [],
      environment: [
        "DIR": directory.path, "PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "XDG_RUNTIME_DIR": runtime,
        "PASSCODE_SPEECH": "on", "SPEECHD_ADDRESS": daemon.address, "TERM": "dumb",
      ], shell: script)
    try session.waitFor("[sudo] password for \(Self.user)")
    try answerWrongThenRight(
      session, callerSays: "Sorry, try again.", retry: "Wrong password. Try 2", right: Self.password,
      until: "sudo said 0")
    #expect(try session.finish() == .exited(0))
    #expect(!session.text.contains("zebra") && !session.text.contains("Quokka"), "the terminal showed a password")
    #expect(!session.text.contains("\(Self.user):"), "sudo's colon was shown")
    expectRetrySpoken(daemon, retry: "Wrong password. Try 2", colon: "\(Self.user):")
    let records = (try? FileManager.default.contentsOfDirectory(atPath: runtime + "/passcode")) ?? []
    for record in records {
      let contents = (try? String(contentsOfFile: runtime + "/passcode/" + record, encoding: .utf8)) ?? ""
      #expect(!contents.contains("zebra") && !contents.contains("Quokka"), "\(record) holds a password")
    }
  }
}
