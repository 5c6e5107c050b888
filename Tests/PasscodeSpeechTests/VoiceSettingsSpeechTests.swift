import AnnouncementWords
import Foundation
import PasscodeEngine
import PasscodePreferences
import PasscodeSpeech
import PasscodeTestSupport
import Testing

@Suite("The voice's settings and the priorities, against a real private speech-dispatcher", .serialized)
struct VoiceSettingsSpeechTests {
  private func announcer(
    _ daemon: PrivateSpeechDispatcher, voice: VoiceSettings = VoiceSettings()
  ) -> SpeechDispatcherAnnouncer {
    connected(
      SpeechDispatcherAnnouncer(
        configuration: SpeechDispatcherConfiguration(
          address: daemon.speechAddress, autospawn: false, language: "en", voice: voice)
      ) { _ in })
  }

  @Test("rate, pitch, volume and a voice type are sent with SET SELF after the language and before any text")
  func voiceTypeAndLevelsReachTheDaemon() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let speech = announcer(daemon, voice: VoiceSettings(rate: 40, pitch: -30, volume: 50, voice: .type(.female1)))
    speech.announce(.ready)
    _ = daemon.waitForLastRequest(text: "Ready")
    speech.close()
    let commands = daemon.protocolCommands()
    let sent = ["SET SELF VOICE_TYPE FEMALE1", "SET SELF RATE 40", "SET SELF PITCH -30", "SET SELF VOLUME 50"]
    let positions = sent.map { commands.firstIndex(of: $0) }
    #expect(positions.allSatisfy { $0 != nil }, "commands: \(commands)")
    let language = try #require(commands.firstIndex(of: "SET SELF LANGUAGE en"))
    let speak = try #require(commands.firstIndex { $0.uppercased() == "SPEAK" })
    #expect(positions.compactMap { $0 }.allSatisfy { $0 > language && $0 < speak })
  }

  @Test("a voice name is sent as SET SELF SYNTHESIS_VOICE, and nothing else when no level is given")
  func synthesisVoiceReachesTheDaemon() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let speech = announcer(daemon, voice: VoiceSettings(voice: .named("rec")))
    speech.announce(.ready)
    _ = daemon.waitForLastRequest(text: "Ready")
    speech.close()
    let commands = daemon.protocolCommands()
    #expect(commands.contains("SET SELF SYNTHESIS_VOICE rec"), "commands: \(commands)")
    #expect(!commands.contains { $0.hasPrefix("SET SELF RATE") || $0.hasPrefix("SET SELF VOLUME") })
  }

  @Test("with no voice settings the daemon's own are left alone: no SET SELF RATE, PITCH, VOLUME or voice")
  func noSettingsSendsNone() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let speech = announcer(daemon)
    speech.announce(.ready)
    _ = daemon.waitForLastRequest(text: "Ready")
    speech.close()
    let voiceCommands = ["RATE", "PITCH", "VOLUME", "VOICE_TYPE", "SYNTHESIS_VOICE"].map { "SET SELF " + $0 }
    #expect(!daemon.protocolCommands().contains { command in voiceCommands.contains { command.hasPrefix($0) } })
  }

  @Test("the settings are sent again on the new connection after the daemon comes back")
  func settingsAfterReconnect() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let clock = ManualClock()
    let speech = SpeechDispatcherAnnouncer(
      configuration: SpeechDispatcherConfiguration(
        address: daemon.speechAddress, autospawn: false, backoff: ReconnectBackoff(initial: .milliseconds(20)),
        language: "en", voice: VoiceSettings(rate: -25)),
      clock: clock
    ) { _ in }
    speech.announce(.ready)
    _ = daemon.waitForLastRequest(text: "Ready")
    daemon.kill()
    try daemon.start()
    // The first send after the restart fails on the dead connection; the worker reconnects after its backoff
    // and sends it again.
    speech.announce(.accepted)
    let reconnection = clock.now() + .milliseconds(20)
    #expect(clock.waitForSleeper(until: reconnection))
    clock.set(to: reconnection)
    #expect(daemon.waitForLastRequest(text: "Passcode accepted").last?.text == "Passcode accepted")
    speech.close()
    let log = daemon.protocolLog()
    let connections = log.components(separatedBy: "SET SELF CLIENT_NAME").count - 1
    let rates = log.components(separatedBy: "SET SELF RATE -25").count - 1
    #expect(connections >= 2, "log: \(log)")
    #expect(rates == connections)
  }

  // The rule, speech-dispatcher's priority model with the priorities of `Announcement.priority`:
  // IMPORTANT cuts whatever is being said; MESSAGE cuts progress (TEXT); a newer progress cuts an older one;
  // progress never cuts a MESSAGE: a key's count waits until the prompt has been said.

  /// What is being said, what comes while it is, and all that is heard to its end.
  struct Interruption: Sendable, CustomTestStringConvertible {
    var speaking: [Announcement]
    var then: Announcement
    var heard: [String]
    var testDescription: String { "\(speaking) then \(then)" }
  }

  static let interruptions: [Interruption] = [
    // Wrong passcode stops the prompt.
    Interruption(
      speaking: [.prompt(title: "Enter Passcode", length: 4, kind: .digits)], then: .wrong(triesLeft: nil),
      heard: ["Wrong passcode"]),
    // A newer count stops an older one, and a message stops both.
    Interruption(
      speaking: [.progress(entered: 1, length: 4, kind: .digits), .progress(entered: 2, length: 4, kind: .digits)],
      then: .accepted, heard: ["Passcode accepted"]),
    // A key's count waits until the prompt has been said.
    Interruption(
      speaking: [.prompt(title: "Enter Passcode", length: 4, kind: .digits)],
      then: .progress(entered: 1, length: 4, kind: .digits),
      heard: ["Enter Passcode, 4 digits", "1 of 4 digits entered"]),
  ]

  @Test("what comes while something is being said cuts it off or waits, as its priority says", arguments: interruptions)
  func interruption(_ row: Interruption) throws {
    let daemon = try PrivateSpeechDispatcher(secondsPerMessage: 2)
    defer { daemon.stop() }
    let speech = announcer(daemon)
    let catalogue = AnnouncementCatalogue.english
    for announcement in row.speaking {
      speech.announce(announcement)
      _ = daemon.waitForStarted(prefix: catalogue.phrase(for: announcement).words)
    }
    speech.announce(row.then)
    let spoken = daemon.waitForSpoken(prefix: catalogue.phrase(for: row.then).words)
    speech.close()
    #expect(spoken == row.heard, "started: \(daemon.startedLines())")
  }
}
