import Foundation
import PasscodeSpeech
import Synchronization
internal import SystemCalls
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// A real speech-dispatcher of its own for tests, with no audio: its output module writes each text it is asked to
/// speak to `BASE/spoken.txt`, and its protocol log records every SSIP request (PLATFORM.md's recipe).
///
/// A slow recorder (`secondsPerMessage` above 0) first writes each text to `BASE/started.txt`, then sleeps as
/// if speaking, then writes it to `BASE/spoken.txt`: a text the daemon cut off (its priority model stops the
/// module, which kills the sleep) is started and never spoken.
package final class PrivateSpeechDispatcher: Sendable {
  /// The fresh temporary directory holding configuration, logs, socket and output.
  package let base: String
  private let process = Mutex<SpawnedProcess?>(nil)

  /// Makes a fresh base directory with the recorder configuration and starts the daemon.
  ///
  /// - Parameter secondsPerMessage: How long the recorder takes to "speak" each text; 0 records at once.
  /// - Throws: ``SpeechTestSupportError`` when the directory cannot be made or the daemon does not start.
  package init(secondsPerMessage: Int = 0) throws {
    do {
      base = try FileSystem.makeTemporaryDirectory("/tmp/passcode-speech.XXXXXX")
    } catch {
      throw SpeechTestSupportError.systemCall("mkdtemp", errno: error.rawValue)
    }
    try writeConfiguration(secondsPerMessage: secondsPerMessage)
    try start()
  }

  /// The daemon's socket.
  package var socketPath: String { base + "/run/speechd.sock" }

  /// The address in `SPEECHD_ADDRESS` form: `unix_socket:BASE/run/speechd.sock`.
  package var address: String { "unix_socket:\(socketPath)" }

  /// The address as the announcer's configuration takes it.
  package var speechAddress: SpeechDispatcherAddress { .unixSocket(path: socketPath) }

  /// Starts the daemon (again) at the same address and waits up to 3 s for its socket to accept connections:
  /// the daemon makes the socket's file before it listens, so a client that came at once could be refused.
  ///
  /// - Throws: ``SpeechTestSupportError`` when it cannot start or the socket does not appear.
  package func start() throws {
    try? FileSystem.removeFile(socketPath)
    try? FileSystem.removeFile(base + "/run/speechd.pid")
    let daemon = try SpawnedProcess(
      executable: "speech-dispatcher",
      arguments: [
        "-s", "-t", "0", "-C", base + "/conf", "-c", "unix_socket", "-S", socketPath, "-P", base + "/run/speechd.pid",
        "-L", base + "/log",
      ],
      environment: ["XDG_RUNTIME_DIR": base + "/run", "HOME": base + "/home"], outputPath: base + "/log/stdout.txt")
    process.withLock { $0 = daemon }
    let end = ContinuousClock.now + .seconds(3)
    while !ConnectionProbe.unixStreamAccepts(socketPath) {
      guard ContinuousClock.now < end, daemon.isRunning else {
        daemon.signal(Signal.kill.number)
        throw SpeechTestSupportError.notReady("speech-dispatcher socket \(socketPath)")
      }
      sleep(for: .milliseconds(10))
    }
  }

  /// The lines the output module was asked to speak (the generic module splits text at full stops).
  ///
  /// - Returns: The non-empty lines of `BASE/spoken.txt`, trimmed.
  package func spokenLines() -> [String] {
    lines(of: base + "/spoken.txt")
  }

  /// The lines a slow recorder began to speak, whether or not it finished them.
  ///
  /// - Returns: The non-empty lines of `BASE/started.txt`, trimmed.
  package func startedLines() -> [String] {
    lines(of: base + "/started.txt")
  }

  /// Waits until a slow recorder has begun a line that starts with `prefix`, polling every 20 ms.
  ///
  /// - Parameters:
  ///   - prefix: The start of the line.
  ///   - timeout: The longest wait.
  /// - Returns: The started lines at the end of the wait.
  package func waitForStarted(prefix: String, timeout: Duration = .seconds(5)) -> [String] {
    waitFor(timeout: timeout, { self.startedLines() }, until: { $0.contains { $0.hasPrefix(prefix) } })
  }

  /// Waits until a line that starts with `prefix` was spoken to its end, polling every 20 ms.
  ///
  /// - Parameters:
  ///   - prefix: The start of the line.
  ///   - timeout: The longest wait.
  /// - Returns: The spoken lines at the end of the wait.
  package func waitForSpoken(prefix: String, timeout: Duration = .seconds(10)) -> [String] {
    waitFor(timeout: timeout, { self.spokenLines() }, until: { $0.contains { $0.hasPrefix(prefix) } })
  }

  private func lines(of path: String) -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// The protocol log's text.
  ///
  /// - Returns: The text, or an empty string before the first request.
  package func protocolLog() -> String {
    FileManager.default.contents(atPath: base + "/log/protocol.log").map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// The SSIP commands clients sent, in order (replies left out).
  ///
  /// - Returns: Each command line, such as `SET SELF PUNCTUATION none`.
  package func protocolCommands() -> [String] {
    SSIPSpeakRequest.dataRecords(inProtocolLog: protocolLog()).map(\.line)
  }

  /// The SPEAK requests clients sent, in order, each with its priority.
  ///
  /// - Returns: The requests.
  package func protocolRequests() -> [SSIPSpeakRequest] {
    SSIPSpeakRequest.requests(inProtocolLog: protocolLog())
  }

  /// Waits until at least `count` lines were spoken, polling every 20 ms.
  ///
  /// - Parameters:
  ///   - count: How many lines to wait for.
  ///   - timeout: The longest wait.
  /// - Returns: The spoken lines at the end of the wait, however many there are.
  package func waitForSpoken(count: Int, timeout: Duration = .seconds(5)) -> [String] {
    waitFor(timeout: timeout, { self.spokenLines() }, until: { $0.count >= count })
  }

  /// Waits until at least `count` SPEAK requests reached the daemon, polling every 20 ms.
  ///
  /// - Parameters:
  ///   - count: How many requests to wait for.
  ///   - timeout: The longest wait.
  /// - Returns: The requests at the end of the wait, however many there are.
  package func waitForRequests(count: Int, timeout: Duration = .seconds(5)) -> [SSIPSpeakRequest] {
    waitFor(timeout: timeout, { self.protocolRequests() }, until: { $0.count >= count })
  }

  /// Waits until at least `count` SPEAK requests have the given text (the second "Checking" of a retry),
  /// polling every 20 ms.
  ///
  /// - Parameters:
  ///   - text: The text to count.
  ///   - count: How many requests with it to wait for.
  ///   - timeout: The longest wait.
  /// - Returns: The requests at the end of the wait.
  package func waitForRequests(text: String, count: Int, timeout: Duration = .seconds(5)) -> [SSIPSpeakRequest] {
    waitFor(timeout: timeout, { self.protocolRequests() }, until: { $0.filter { $0.text == text }.count >= count })
  }

  /// Waits until the last SPEAK request has the given text, polling every 20 ms.
  ///
  /// - Parameters:
  ///   - text: The text the last request must have.
  ///   - timeout: The longest wait.
  /// - Returns: The requests at the end of the wait.
  package func waitForLastRequest(text: String, timeout: Duration = .seconds(5)) -> [SSIPSpeakRequest] {
    waitFor(timeout: timeout, { self.protocolRequests() }, until: { $0.last?.text == text })
  }

  /// Kills the daemon with SIGKILL, as if it crashed, and reaps it.
  package func kill() {
    guard let daemon = process.withLock({ $0 }) else { return }
    daemon.signal(Signal.kill.number)
    _ = daemon.waitForExit(timeout: .seconds(2))
  }

  /// Stops the daemon with SIGTERM and waits up to 3 s (it takes about 1 s to stop its modules), then SIGKILL.
  package func stop() {
    guard let daemon = process.withLock({ $0 }) else { return }
    daemon.signal(Signal.terminate.number)
    if daemon.waitForExit(timeout: .seconds(3)) == nil {
      daemon.signal(Signal.kill.number)
      _ = daemon.waitForExit(timeout: .seconds(1))
    }
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(atPath: base)
  }

  private func waitFor<Value>(timeout: Duration, _ read: () -> Value, until done: (Value) -> Bool) -> Value {
    let end = ContinuousClock.now + timeout
    while true {
      let value = read()
      if done(value) || ContinuousClock.now >= end { return value }
      sleep(for: .milliseconds(20))
    }
  }

  private func writeConfiguration(secondsPerMessage: Int) throws {
    for directory in ["log", "run", "home"] {
      try FileManager.default.createDirectory(atPath: base + "/" + directory, withIntermediateDirectories: true)
    }
    try Self.writeRecorderConfiguration(in: base + "/conf", base: base, secondsPerMessage: secondsPerMessage)
    try "default_driver=null\n".write(toFile: base + "/home/.libao", atomically: true, encoding: .utf8)
  }

  /// Writes the recorder configuration (`speechd.conf` and `modules/recorder.conf`) into a configuration
  /// directory, such as a scratch home's `~/.config/speech-dispatcher`, which a speech-dispatcher started
  /// without `-C` reads in place of `/etc/speech-dispatcher`: it then speaks into `BASE/spoken.txt` and logs
  /// its protocol to `BASE/log/protocol.log`, with no audio.
  ///
  /// - Parameters:
  ///   - directory: The configuration directory; made when missing.
  ///   - base: Where the spoken text and the logs go (`BASE/log` is made).
  ///   - more: More lines for `speechd.conf`, such as `Timeout 1`.
  ///   - secondsPerMessage: How long each text takes to "speak"; above 0, each is first written to
  ///     `BASE/started.txt`.
  /// - Throws: An error when a directory or file cannot be written.
  package static func writeRecorderConfiguration(
    in directory: String, base: String, more: String = "", secondsPerMessage: Int = 0
  ) throws {
    for made in [directory + "/modules", base + "/log"] {
      try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
    }
    let daemonConfiguration = """
      LogLevel 4
      LogDir "\(base)/log"
      CustomLogFile "protocol" "\(base)/log/protocol.log"
      AudioOutputMethod "libao"
      AddModule "recorder" "sd_generic" "recorder.conf"
      DefaultModule recorder
      LanguageDefaultModule "en" "recorder"
      LanguageDefaultModule "es" "recorder"
      LanguageDefaultModule "fr" "recorder"
      LanguageDefaultModule "de" "recorder"

      """ + more
    let recorderConfiguration = #"""
      Debug 0
      GenericExecuteSynth "SLOW"
      GenericCmdDependency "printf"
      GenericMaxChunkLength 1000
      AddVoice "en" "MALE1" "rec"
      AddVoice "es" "MALE1" "rec"
      AddVoice "fr" "MALE1" "rec"
      AddVoice "de" "MALE1" "rec"
      DefaultVoice "rec"
      GenericLanguage "en" "en" "utf-8"
      GenericLanguage "es" "es" "utf-8"
      GenericLanguage "fr" "fr" "utf-8"
      GenericLanguage "de" "de" "utf-8"

      """#
      // The module puts the text in place of the first `$DATA` only, so a slow recorder keeps it in a file.
      .replacingOccurrences(
        of: "SLOW",
        with: secondsPerMessage > 0
          ? #"printf '%s\\n' \'$DATA\' > BASE/speaking.txt; cat BASE/speaking.txt >> BASE/started.txt; "#
            + #"sleep \#(secondsPerMessage); cat BASE/speaking.txt >> BASE/spoken.txt"#
          : #"printf '%s\\n' \'$DATA\' >> BASE/spoken.txt"#
      )
      .replacingOccurrences(of: "BASE", with: base)
    try daemonConfiguration.write(toFile: directory + "/speechd.conf", atomically: true, encoding: .utf8)
    try recorderConfiguration.write(toFile: directory + "/modules/recorder.conf", atomically: true, encoding: .utf8)
  }
}
