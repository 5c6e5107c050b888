import Foundation
import PasscodeTestSupport
import Testing

/// The voice's settings through the real binary: from each layer to speech-dispatcher's `SET SELF` commands,
/// to `doctor`, and refused with exit 64; and the priorities heard through a slow private daemon.
@Suite("The voice's settings and priorities through the real binary", .serialized)
struct VoiceSettingsEndToEndTests {
  private static let opening = "Enter Passcode, 4 digits. The passcode is two five eight zero"

  @Test("option, PASSCODE_SPEECH_* and a group-writable config file's voice keys all reach the daemon")
  func layersReachTheDaemon() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    // A config file others could change keeps its accessibility choices, the voice among them, and says so.
    let session = try DemoSession(
      ["demo", "--speech", "on", "--speech-rate", "-40"],
      environment: ["SPEECHD_ADDRESS": daemon.address, "PASSCODE_SPEECH_VOLUME": "60"],
      configFile: "speech-rate = 90\nspeech-pitch = 25\nspeech-voice = female2\n", configFileMode: 0o664)
    try session.waitFor("Enter Passcode, 4 digits")
    _ = daemon.waitForLastRequest(text: Self.opening)
    #expect(try session.unlockAndQuit() == .exited(0))
    let commands = daemon.protocolCommands()
    let speak = try #require(commands.firstIndex { $0.uppercased() == "SPEAK" })
    for sent in ["SET SELF VOICE_TYPE FEMALE2", "SET SELF RATE -40", "SET SELF PITCH 25", "SET SELF VOLUME 60"] {
      let position = commands.firstIndex(of: sent)
      #expect(position != nil, "\(sent) in \(commands)")
      #expect((position ?? .max) < speak, "\(sent) comes before anything is said")
    }
    #expect(!commands.contains("SET SELF RATE 90"), "the option wins over the config file")
    #expect(daemon.protocolRequests().contains { $0.text.hasPrefix("Others could change your config file") })
  }

  @Test("doctor shows each voice setting in force and where it came from")
  func doctorShowsTheVoice() throws {
    let session = try DemoSession(
      ["doctor", "--speech", "off", "--speech-pitch", "-10", "--store", "/tmp/passcode-doctor-voice-store"],
      environment: ["PASSCODE_SPEECH_VOICE": "child_female"])
    _ = try session.finish()
    #expect(
      session.text.contains(
        "Voice: speech-rate speech-dispatcher's own (the default); speech-pitch -10 (--speech-pitch); "
          + "speech-volume speech-dispatcher's own (the default); speech-voice child_female (PASSCODE_SPEECH_VOICE)."),
      "\(session.text)")
  }

  @Test("a level out of range on the command line is a usage error, exit 64, that says what will do")
  func outOfRangeIsUsageError() throws {
    let session = try DemoSession(["demo", "--speech-rate", "150"])
    #expect(try session.finish() == .exited(64))
    #expect(
      session.text.contains(
        "The value '150' is invalid for '--speech-rate <level>'. Please provide a whole number from -100 to 100."))
  }

  @Test("Wrong passcode cuts off the long opening still being spoken; the opening never finishes")
  func wrongPasscodeCutsTheOpening() throws {
    let daemon = try PrivateSpeechDispatcher(secondsPerMessage: 3)
    defer { daemon.stop() }
    let session = try DemoSession(["demo", "--speech", "on"], environment: ["SPEECHD_ADDRESS": daemon.address])
    try session.waitFor("Enter Passcode, 4 digits")
    _ = daemon.waitForStarted(prefix: "Enter Passcode")
    try session.type("1111")
    try session.waitFor("Wrong passcode")
    let spoken = daemon.waitForSpoken(prefix: "Wrong passcode")
    try session.type("\u{1b}")
    _ = try session.finish()
    #expect(spoken.contains("Wrong passcode"), "started: \(daemon.startedLines())")
    #expect(!spoken.contains { $0.hasPrefix("Enter Passcode") }, "the opening was cut: \(spoken)")
  }
}
