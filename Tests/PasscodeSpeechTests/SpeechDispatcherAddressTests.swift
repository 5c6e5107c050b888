import PasscodeSpeech
import PasscodeTestSupport
import Testing

@Suite("SpeechDispatcherAddress and SSIP log parsing")
struct SpeechDispatcherAddressTests {
  @Test("addresses parse as libspeechd reads SPEECHD_ADDRESS, with its defaults")
  func parses() {
    #expect(SpeechDispatcherAddress(parsing: "unix_socket:/tmp/s.sock") == .unixSocket(path: "/tmp/s.sock"))
    #expect(
      SpeechDispatcherAddress(parsing: "unix_socket", runtimeDirectory: "/run/user/7")
        == .unixSocket(path: "/run/user/7/speech-dispatcher/speechd.sock"))
    #expect(SpeechDispatcherAddress(parsing: "inet_socket") == .inetSocket(host: "127.0.0.1", port: 6560))
    #expect(
      SpeechDispatcherAddress(parsing: "inet_socket:example.org:7000") == .inetSocket(host: "example.org", port: 7000))
    #expect(SpeechDispatcherAddress(parsing: "inet_socket:h:port") == nil)
    #expect(SpeechDispatcherAddress(parsing: "dbus") == nil)
    #expect(SpeechDispatcherAddress.inetSocket(host: "h", port: 1).description == "inet_socket:h:1")
  }

  @Test("SPEAK requests are read from a protocol log with the priority in force for each client")
  func parsesProtocolLog() {
    let log = [
      "[Tue Dec  1 00:44:56 2026 : 23083] speechd:     18:DATA:|SET SELF PRIORITY IMPORTANT\r", "| (29)",
      "[Tue Dec  1 00:44:56 2026 : 23089] speechd:     18:REPLY:|202 OK PRIORITY SET\r", "|",
      "[Tue Dec  1 00:44:56 2026 : 23158] speechd:     18:DATA:|speak\r", "| (7)",
      "[Tue Dec  1 00:44:56 2026 : 23168] speechd:     18:REPLY:|230 OK RECEIVING DATA\r", "|",
      "[Tue Dec  1 00:44:56 2026 : 23298] speechd:     18:DATA:|Wrong passcode\r", "| (16)",
      "[Tue Dec  1 00:44:56 2026 : 23314] speechd:     18:DATA:|.\r", "| (3)",
      "[Tue Dec  1 00:44:56 2026 : 23158] speechd:     19:DATA:|SPEAK\r", "| (7)",
      "[Tue Dec  1 00:44:56 2026 : 23298] speechd:     19:DATA:|Ready\r", "| (7)",
      "[Tue Dec  1 00:44:56 2026 : 23314] speechd:     19:DATA:|.\r", "| (3)",
    ].joined(separator: "\n")
    #expect(
      SSIPSpeakRequest.requests(inProtocolLog: log) == [
        SSIPSpeakRequest(priority: "IMPORTANT", text: "Wrong passcode"),
        SSIPSpeakRequest(priority: "MESSAGE", text: "Ready"),
      ])
  }
}
