import PasscodeSpeech
import PasscodeTestSupport
import Testing

@Suite("SpeechDiagnostics", .serialized)
struct SpeechDiagnosticsTests {
  @Test("a running daemon is reported reachable with its address and output module")
  func reachable() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let diagnostics = SpeechDiagnostics.gather(
      configuration: SpeechDispatcherConfiguration(address: daemon.speechAddress, autospawn: false),
      detector: ScreenReaderDetector(sysRoot: daemon.base, procRoot: daemon.base, sessionBusAddress: nil))
    #expect(diagnostics.reachable)
    #expect(diagnostics.address == daemon.address)
    #expect(diagnostics.outputModule == "recorder")
    #expect(diagnostics.lines().contains("speech-dispatcher: reachable, output module recorder"))
  }

  @Test("a missing daemon is reported unreachable with libspeechd's reason")
  func unreachable() {
    let diagnostics = SpeechDiagnostics.gather(
      configuration: SpeechDispatcherConfiguration(
        address: .unixSocket(path: "/tmp/passcode-no-such-dir/speechd.sock"), autospawn: false),
      detector: ScreenReaderDetector(sessionBusAddress: nil))
    #expect(!diagnostics.reachable)
    #expect(diagnostics.failure?.contains("/tmp/passcode-no-such-dir/speechd.sock") == true)
    #expect(diagnostics.lines()[1].hasPrefix("speech-dispatcher: not reachable ("))
  }
}
