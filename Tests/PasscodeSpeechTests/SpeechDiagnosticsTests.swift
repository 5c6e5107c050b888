import PasscodeSpeech
import PasscodeTestSupport
import Testing

@Suite("SpeechDiagnostics", .serialized)
struct SpeechDiagnosticsTests {
  @Test("a running daemon is reported answering with its address and output module")
  func reachable() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let diagnostics = SpeechDiagnostics.gather(
      configuration: SpeechDispatcherConfiguration(address: daemon.speechAddress))
    #expect(diagnostics.reachable)
    #expect(diagnostics.address == daemon.address)
    #expect(diagnostics.outputModule == "recorder")
  }

  @Test("a running daemon that plays finishes the short test, and its pid file and log are not guessed elsewhere")
  func playsTest() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let diagnostics = SpeechDiagnostics.gather(
      configuration: SpeechDispatcherConfiguration(address: daemon.speechAddress), playbackText: "short test")
    #expect(diagnostics.reachable && diagnostics.accepting)
    #expect(diagnostics.playback == .finished)
    #expect(daemon.waitForSpoken(prefix: "short test").contains("short test"))
    // Its pid file is not beside its socket (-P elsewhere), so no process is named.
    #expect(diagnostics.processID == nil)
  }

  @Test("a missing daemon is reported not answering, with libspeechd's reason on one line and no daemon started")
  func unreachable() {
    let diagnostics = SpeechDiagnostics.gather(
      configuration: SpeechDispatcherConfiguration(address: .unixSocket(path: "/tmp/passcode-no-such-dir/speechd.sock"))
    )
    #expect(!diagnostics.reachable)
    #expect(diagnostics.failure?.contains("/tmp/passcode-no-such-dir/speechd.sock") == true)
    #expect(diagnostics.address.hasPrefix("unix_socket:/tmp/passcode-no-such-dir/"))
    #expect(diagnostics.failure?.contains("\n") == false)
    #expect(diagnostics.failure?.contains("Autospawn disabled") == true)
    #expect(!diagnostics.accepting)
  }

  @Test("a library's multi-line reason becomes one line without control characters or a doubled full stop")
  func reasonOnOneLine() {
    let diagnostics = SpeechDiagnostics(
      reachable: false, failure: "Error: Can't connect.\n  Reason:\u{1b}[31m\tstderr\r\n)\n.", address: "x",
      outputModule: nil)
    #expect(diagnostics.failure == "Error: Can't connect. Reason:[31m stderr )")
  }
}
