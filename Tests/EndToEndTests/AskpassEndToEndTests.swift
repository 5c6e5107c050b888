import Foundation
import PasscodeTestSupport
import Testing

/// A LUKS2 image on a file, made with the real `cryptsetup luksFormat` (a cheap pbkdf2, as in the VM lab).
private struct LUKSImage {
  static let passphrase = "correct horse ☃ 42"
  /// `cryptsetup`, where Debian puts it.
  static let cryptsetup = ["/usr/sbin/cryptsetup", "/sbin/cryptsetup"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  let directory: String
  var path: String { directory + "/disk.img" }
  /// Where the tests put what the keyscript wrote and its exit status.
  var outputPath: String { directory + "/stdout" }
  var statusPath: String { directory + "/status" }

  init() throws {
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent("passcode-askpass-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let script =
      "truncate -s 20M \"$1\" && printf %s \"$2\" | \"$3\" luksFormat --batch-mode --type luks2 --pbkdf pbkdf2 "
      + "--pbkdf-force-iterations 1000 --key-file=- \"$1\""
    let status = try SpawnedProcess.run(
      executable: "sh", arguments: ["-c", script, "sh", path, Self.passphrase, Self.cryptsetup ?? "cryptsetup"],
      timeout: .seconds(120))
    guard status == 0 else { throw ImageError.formatFailed(status) }
  }

  func remove() { try? FileManager.default.removeItem(atPath: directory) }

  /// What the keyscript wrote to its standard output, when a test sent it to ``outputPath``.
  func output() -> [UInt8]? { FileManager.default.contents(atPath: outputPath).map { Array($0) } }

  /// The keyscript's exit status, as the script recorded it in ``statusPath``.
  func keyscriptStatus() -> Int? {
    (try? String(contentsOfFile: statusPath, encoding: .utf8)).flatMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  enum ImageError: Error { case formatFailed(Int32?) }
}

/// `passcode-askpass`, the crypttab keyscript, in a pseudo-terminal, its standard output piped into the real
/// `cryptsetup open --test-passphrase --key-file=-` on a real LUKS2 image, as cryptsetup's initramfs scripts
/// run a keyscript.
@Suite(
  "passcode-askpass piped into the real cryptsetup", .serialized,
  .enabled(if: LUKSImage.cryptsetup != nil, "needs cryptsetup"))
struct AskpassEndToEndTests {
  /// The pipeline: the keyscript (`$0`, called as `passcode-askpass` through a link) with crypttab's third
  /// field, into cryptsetup; the keyscript's status goes to a file, cryptsetup's is printed.
  private static let pipeline =
    "ln -s \"$0\" \"$DIR/passcode-askpass\" && { \"$DIR/passcode-askpass\" none; echo $? > \"$DIR/status\"; } "
    + "| \"$CRYPTSETUP\" open --test-passphrase --key-file=- \"$DIR/disk.img\"; echo \"cryptsetup said $?\""

  private func session(
    _ image: LUKSImage, tried: Int = 0, script: String = Self.pipeline, environment: [String: String] = [:]
  ) throws -> DemoSession {
    var variables = [
      "DIR": image.directory, "CRYPTSETUP": LUKSImage.cryptsetup ?? "cryptsetup", "CRYPTTAB_NAME": "cryptroot",
      "CRYPTTAB_SOURCE": "/dev/vda2", "CRYPTTAB_TRIED": "\(tried)", "CRYPTTAB_KEY": "none",
    ]
    variables.merge(environment) { _, new in new }
    return try DemoSession([], environment: variables, shell: script)
  }

  /// Waits for the disk's question, types `text` key by key and Enter, and waits for `ending`.
  private func answer(_ text: String, in session: DemoSession, until ending: String) throws {
    try session.waitFor("Passphrase for disk cryptroot (/dev/vda2)")
    try session.typeCounting(text)
    try session.type("\r")
    try session.waitFor(ending)
  }

  @Test(
    "the right passphrase opens the image: the question names the disk, each key is counted, nothing typed is shown")
  func rightPassphrase() throws {
    let image = try LUKSImage()
    defer { image.remove() }
    let session = try session(image)
    try answer(LUKSImage.passphrase, in: session, until: "Checking")
    try session.waitFor("cryptsetup said 0")
    #expect(try session.finish() == .exited(0))
    #expect(image.keyscriptStatus() == 0)
    #expect(!session.text.contains("horse") && !session.text.contains("☃"), "the terminal showed the passphrase")
    #expect(!session.text.contains("Wrong passphrase"))
    #expect(try session.terminalRestored())
  }

  @Test("a wrong passphrase is written as typed, and cryptsetup refuses it")
  func wrongPassphrase() throws {
    let image = try LUKSImage()
    defer { image.remove() }
    let session = try session(image)
    try answer("correct horse", in: session, until: "No key available with this passphrase")
    try session.waitFor("cryptsetup said 2")
    #expect(try session.finish() == .exited(0))
    #expect(image.keyscriptStatus() == 0)
  }

  @Test("exactly the bytes typed reach standard output, with no line feed")
  func exactBytes() throws {
    let image = try LUKSImage()
    defer { image.remove() }
    let script = "\"$0\" askpass none > \"$DIR/stdout\"; echo \"askpass said $?\""
    let session = try session(image, script: script)
    try answer(LUKSImage.passphrase, in: session, until: "askpass said 0")
    #expect(try session.finish() == .exited(0))
    #expect(image.output() == Array(LUKSImage.passphrase.utf8))
  }

  @Test("CRYPTTAB_TRIED=1 says the last passphrase was wrong and that this is try 2, before the question")
  func retryWords() throws {
    let image = try LUKSImage()
    defer { image.remove() }
    let session = try session(image, tried: 1)
    let opening = try session.waitFor("Wrong passphrase. Try 2")
    #expect(opening.contains("Passphrase for disk cryptroot (/dev/vda2)"))
    try session.typeCounting(LUKSImage.passphrase)
    try session.type("\r")
    try session.waitFor("cryptsetup said 0")
    #expect(try session.finish() == .exited(0))
  }

  @Test(
    "Esc, Ctrl-C and Ctrl-D cancel with exit 2 and write nothing to standard output",
    arguments: ["\u{1B}", "\u{03}", "\u{04}"])
  func cancelWritesNothing(key: String) throws {
    let image = try LUKSImage()
    defer { image.remove() }
    let script = "\"$0\" askpass none > \"$DIR/stdout\"; echo \"askpass said $?\""
    let session = try session(image, script: script)
    try session.waitFor("Passphrase for disk cryptroot (/dev/vda2)")
    try session.typeCounting("abc")
    try session.type(key)
    try session.waitFor("Cancelled")
    try session.waitFor("askpass said 2")
    #expect(try session.finish() == .exited(0))
    #expect(image.output() == [], "the keyscript wrote to standard output")
    #expect(try session.terminalRestored())
  }

  @Test(
    "keys typed before the keyscript takes the console (while cryptsetup checked the last try) are thrown away, and it says so"
  )
  func keysTypedBeforeTheQuestion() throws {
    let image = try LUKSImage()
    defer { image.remove() }
    let script = "echo waiting; read -r gate; " + Self.pipeline
    let session = try session(image, tried: 1, script: script)
    try session.waitFor("waiting")
    // The shell reads a line; what follows it stays in the terminal for the keyscript to find.
    try session.type("go\nzz")
    try session.waitFor("Keys typed before this question were ignored")
    try session.waitFor("Wrong passphrase. Try 2")
    try session.typeCounting(LUKSImage.passphrase)
    try session.type("\r")
    try session.waitFor("cryptsetup said 0")
    #expect(try session.finish() == .exited(0))
    #expect(image.keyscriptStatus() == 0, "the keys typed before were taken into the passphrase")
  }

  @Test("with no controlling terminal (a new session), it asks on the terminal standard input is")
  func noControllingTerminal() throws {
    let image = try LUKSImage()
    defer { image.remove() }
    let script =
      "{ setsid -w \"$0\" askpass none; echo $? > \"$DIR/status\"; } "
      + "| \"$CRYPTSETUP\" open --test-passphrase --key-file=- \"$DIR/disk.img\"; echo \"cryptsetup said $?\""
    let session = try session(image, script: script)
    try answer(LUKSImage.passphrase, in: session, until: "cryptsetup said 0")
    #expect(try session.finish() == .exited(0))
    #expect(image.keyscriptStatus() == 0)
  }

  @Test(
    "with speech wanted and no daemon, the keyscript's notice fits the boot: no speech, words on screen, no command")
  func bootWordsWithoutSpeech() throws {
    let image = try LUKSImage()
    defer { image.remove() }
    let missing = "unix_socket:/tmp/passcode-no-such-daemon-\(getpid()).sock"
    let session = try session(
      image, environment: ["SPEECHD_ADDRESS": missing, "PASSCODE_SPEECH": "on"])
    try session.waitFor("Passphrase for disk cryptroot (/dev/vda2)")
    // After the boot's grace for a daemon that starts late (3 seconds).
    try session.waitFor(
      "No speech at this boot: speech-dispatcher is not answering; the words are on the screen only",
      timeout: .seconds(20))
    try session.typeCounting(LUKSImage.passphrase)
    try session.type("\r")
    try session.waitFor("cryptsetup said 0")
    #expect(try session.finish() == .exited(0))
    #expect(!session.text.contains("passcode doctor"), "a person at boot was told to run a command")
  }

  @Test("speech says the question, the retry, the counts and Checking, and never a typed character")
  func speech() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let image = try LUKSImage()
    defer { image.remove() }
    let session = try session(
      image, tried: 2,
      script: Self.pipeline.replacingOccurrences(
        of: "passcode-askpass\" none", with: "passcode-askpass\" --speech on none"),
      environment: ["SPEECHD_ADDRESS": daemon.address])
    try session.waitFor("Wrong passphrase. Try 3")
    let opening = "Passphrase for disk cryptroot (/dev/vda2). Wrong passphrase. Try 3"
    _ = daemon.waitForLastRequest(text: opening)
    let typed = "zebra"
    for (index, character) in typed.enumerated() {
      try session.type(String(character))
      let count = index == 0 ? "1 character entered" : "\(index + 1) characters entered"
      try session.waitFor(count)
      _ = daemon.waitForLastRequest(text: count)
    }
    try session.type("\r")
    try session.waitFor("cryptsetup said 2")
    #expect(try session.finish() == .exited(0))
    _ = daemon.waitForLastRequest(text: "Checking")
    let texts = daemon.protocolRequests().map(\.text)
    for expected in [opening, "5 characters entered", "Checking"] {
      #expect(texts.contains(expected), "not spoken: \(expected); spoken: \(texts)")
    }
    for file in try FileManager.default.subpathsOfDirectory(atPath: daemon.base) {
      let contents = (try? String(contentsOfFile: daemon.base + "/" + file, encoding: .utf8)) ?? ""
      #expect(!contents.contains("zebra") && !contents.contains("ebr"), "\(file) holds the passphrase")
    }
    #expect(!session.text.contains("zebra"))
  }
}
