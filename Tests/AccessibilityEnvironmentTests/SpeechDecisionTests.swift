import AccessibilityEnvironment
import PasscodeEngine
import PasscodePreferences
import Testing

/// Every row of the speech policy's table (Docs/ScreenReaders.md, "When passcode speaks").
@Suite("The speech policy")
struct SpeechDecisionTests {
  private static let orca = ScreenReaderDetection(
    atspiEnabled: nil, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: true)
  private static let atspi = ScreenReaderDetection(
    atspiEnabled: true, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: false)
  private static let speakup = ScreenReaderDetection(
    atspiEnabled: nil, speakupPresent: true, speakupKeyEcho: 0, orcaRunning: false)
  private static let unknown = ScreenReaderDetection(
    atspiEnabled: nil, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: false)
  private static let ssh = SessionLocality.remote(.environment(variable: "SSH_CONNECTION"))
  private static let mosh = SessionLocality.remote(.ancestor(program: "mosh-server"))
  private static let tmux = SessionLocality.remote(
    .multiplexerClient(program: "tmux", evidence: "SSH_CONNECTION is set"))

  /// One row: the inputs and the channel that must come out.
  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let inputs: SpeechPolicyInputs
    let channel: SpeechDecision.Channel
    let reason: String
    var testDescription: String { name }
  }

  private static let wanted = Setting(SpeechMode.on, from: .environment(variable: "PASSCODE_SPEECH"))
  private static let wantedInFile = Setting(SpeechMode.on, from: .configuration(path: "/c", line: 3))
  private static let forced = Setting(SpeechMode.on, from: .option(spelling: "--speech"))
  private static let refused = Setting(SpeechMode.off, from: .configuration(path: "/c", line: 1))
  private static let automatic = Setting(SpeechMode.auto)
  private static let speakNoSpawn = SpeechDecision.Channel.speechDispatcher(mayStartDaemon: false)

  static let rows: [Row] = [
    Row(
      name: "off, even locally with a daemon", inputs: .init(speech: refused, daemon: .answering),
      channel: .printOnly, reason: "speech is off (speech = off on line 1 of /c)"),
    Row(
      name: "off, with a screen reader", inputs: .init(speech: refused, detection: orca), channel: .printOnly,
      reason: "speech is off (speech = off on line 1 of /c)"),
    Row(
      name: "--speech on, over SSH with Orca: forced, and may start a daemon",
      inputs: .init(speech: forced, locality: ssh, detection: orca, daemon: .absent),
      channel: .speechDispatcher(mayStartDaemon: true), reason: "speech is forced on (--speech on)"),
    Row(
      name: "auto over SSH with a daemon answering",
      inputs: .init(speech: automatic, locality: ssh, daemon: .answering),
      channel: .printOnly,
      reason: "this is a remote session (SSH_CONNECTION is set); your own screen reader reads the printed lines"),
    Row(
      name: "auto under mosh", inputs: .init(speech: automatic, locality: mosh), channel: .printOnly,
      reason: "this is a remote session (it runs under mosh-server); your own screen reader reads the printed lines"),
    Row(
      name: "auto in tmux with a remote client", inputs: .init(speech: automatic, locality: tmux), channel: .printOnly,
      reason:
        "this is a remote session (a tmux client of yours is remote (SSH_CONNECTION is set)); your own screen reader "
        + "reads the printed lines"),
    Row(
      name: "wanted, but over SSH", inputs: .init(speech: wanted, locality: ssh), channel: .printOnly,
      reason: "this is a remote session (SSH_CONNECTION is set); your own screen reader reads the printed lines"),
    Row(
      name: "auto with Orca reading", inputs: .init(speech: automatic, detection: orca, daemon: .answering),
      channel: .printOnly, reason: "Orca is reading the screen"),
    Row(
      name: "auto with the AT-SPI setting on", inputs: .init(speech: automatic, detection: atspi),
      channel: .printOnly, reason: "AT-SPI screen reader is reading the screen"),
    Row(
      name: "wanted, with Speakup reading", inputs: .init(speech: wanted, detection: speakup), channel: .printOnly,
      reason: "Speakup is reading the screen"),
    Row(
      name: "wanted, local, no reader, no daemon: speak, never start one",
      inputs: .init(speech: wanted, detection: unknown, daemon: .absent), channel: speakNoSpawn,
      reason: "you asked for speech (PASSCODE_SPEECH=on)"),
    Row(
      name: "on in the config file: a standing wish, never forced",
      inputs: .init(speech: wantedInFile, daemon: .absent), channel: speakNoSpawn,
      reason: "you asked for speech (speech = on on line 3 of /c)"),
    Row(
      name: "auto, local, no reader, a daemon answering", inputs: .init(speech: automatic, daemon: .answering),
      channel: speakNoSpawn, reason: "speech-dispatcher is already running for you"),
    Row(
      name: "auto, local, no reader, no daemon", inputs: .init(speech: automatic, daemon: .absent),
      channel: .printOnly, reason: "no speech-dispatcher is running and speech was not asked for"),
    Row(
      name: "auto, local, no reader, daemon not looked for", inputs: .init(speech: automatic, daemon: .notChecked),
      channel: .printOnly, reason: "no speech-dispatcher is running and speech was not asked for"),
  ]

  @Test("each row of the policy table gives its channel and reason", arguments: rows)
  func policyRow(row: Row) {
    let decision = SpeechDecision.decide(row.inputs)
    #expect(decision.channel == row.channel)
    #expect(decision.reason == row.reason)
  }

  @Test("only --speech on may start a daemon")
  func onlyForcedSpawns() {
    for row in Self.rows {
      let spawns = SpeechDecision.decide(row.inputs).channel == .speechDispatcher(mayStartDaemon: true)
      #expect(spawns == (row.inputs.speech == Self.forced), "\(row.name)")
    }
  }

  @Test("the daemon is looked for only when auto, local and no screen reader decide nothing yet")
  func daemonCheckedOnlyWhenItMatters() {
    #expect(SpeechDecision.needsDaemonCheck(.init(speech: Self.automatic)))
    #expect(!SpeechDecision.needsDaemonCheck(.init(speech: Self.automatic, locality: Self.ssh)))
    #expect(!SpeechDecision.needsDaemonCheck(.init(speech: Self.automatic, detection: Self.orca)))
    #expect(!SpeechDecision.needsDaemonCheck(.init(speech: Self.wanted)))
    #expect(!SpeechDecision.needsDaemonCheck(.init(speech: Self.forced)))
    #expect(!SpeechDecision.needsDaemonCheck(.init(speech: Self.refused)))
  }

  @Test("screen-reader lines when the person said so, a reader is reading, or the session is remote")
  func profile() {
    let stated = SpeechDecision.decide(
      .init(locality: Self.ssh, profile: Setting(.screenReader, from: .option(spelling: "--screen-reader"))))
    #expect(stated.usesScreenReaderLines)
    #expect(stated.profileReason == "you said you use a screen reader (--screen-reader)")
    #expect(stated.advice.isEmpty)

    let detected = SpeechDecision.decide(.init(speech: Self.refused, detection: Self.speakup))
    #expect(detected.usesScreenReaderLines)
    #expect(detected.profileReason == "Speakup is reading the screen")

    let remote = SpeechDecision.decide(.init(speech: Self.automatic, locality: Self.ssh))
    #expect(remote.usesScreenReaderLines)
    #expect(remote.profileReason?.hasPrefix("this is a remote session (") == true, "\(remote)")
    #expect(remote.advice.isEmpty)

    let chosen = SpeechDecision.decide(
      .init(
        speech: Self.automatic, locality: Self.ssh, profile: Setting(.visual, from: .configuration(path: "c", line: 1)))
    )
    #expect(!chosen.usesScreenReaderLines, "a profile the person chose wins over the remote default")
    #expect(chosen.profileReason == nil)

    let local = SpeechDecision.decide(.init(speech: Self.automatic, daemon: .answering))
    #expect(!local.usesScreenReaderLines)
    #expect(local.advice.isEmpty)
  }

  @Test("a remote session reduces motion unless the person chose either way; a local one never does")
  func remoteReducesMotion() {
    #expect(SpeechDecision.decide(.init(speech: Self.automatic, locality: Self.ssh)).reducesMotion)
    #expect(SpeechDecision.decide(.init(speech: Self.forced, locality: Self.ssh)).reducesMotion)
    let chosenNo = SpeechPolicyInputs(
      speech: Self.automatic, locality: Self.ssh, reduceMotionSource: .environment(variable: "PASSCODE_REDUCE_MOTION"))
    #expect(!SpeechDecision.decide(chosenNo).reducesMotion)
    #expect(!SpeechDecision.decide(.init(speech: Self.automatic, daemon: .answering)).reducesMotion)
  }

  @Test("two readers are named together")
  func twoReaders() {
    var both = Self.orca
    both.speakupPresent = true
    #expect(
      SpeechDecision.decide(.init(speech: Self.automatic, detection: both)).reason
        == "Orca and Speakup are reading the screen")
  }

  @Test("Speakup echoing keys is flagged only for key_echo 2")
  func speakupEcho() {
    var detection = Self.speakup
    #expect(!detection.speakupEchoesKeys)
    detection.speakupKeyEcho = 2
    #expect(detection.speakupEchoesKeys)
  }

  @Test(
    "speech not answering: at boot the notice says what the person gets and names no command; elsewhere, doctor")
  func unreachableNoticeWords() {
    let boot = SpeechDecision.unreachableNotice(atBoot: true)
    let desktop = SpeechDecision.unreachableNotice(atBoot: false)
    #expect(boot == "No speech at this boot: speech-dispatcher is not answering; the words are on the screen only")
    #expect(!boot.contains("passcode doctor"), "a person at boot cannot run a command")
    #expect(desktop == "speech-dispatcher is not answering; run 'passcode doctor'")
  }
}
