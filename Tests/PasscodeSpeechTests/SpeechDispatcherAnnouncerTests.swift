import Foundation
import PasscodeEngine
import PasscodeSpeech
import PasscodeTestSupport
import Synchronization
import Testing

/// Counts `onUnavailable` calls.
private final class UnavailableReports: Sendable {
  private let reasons = Mutex<[String]>([])

  var all: [String] { reasons.withLock { $0 } }

  var handler: @Sendable (String) -> Void {
    { reason in self.reasons.withLock { $0.append(reason) } }
  }

  func waitForCount(_ count: Int, timeout: Duration = .seconds(5)) -> [String] {
    let end = ContinuousClock.now + timeout
    while all.count < count, ContinuousClock.now < end { usleep(10_000) }
    return all
  }
}

/// Waits (bounded) until the announcer has connected, so a test's announcements go over a live connection.
func connected(_ announcer: SpeechDispatcherAnnouncer) -> SpeechDispatcherAnnouncer {
  let end = ContinuousClock.now + .seconds(5)
  while !announcer.isConnected, ContinuousClock.now < end { usleep(5_000) }
  return announcer
}

@Suite("SpeechDispatcherAnnouncer against a real private speech-dispatcher", .serialized)
struct SpeechDispatcherAnnouncerTests {
  private func configuration(_ address: SpeechDispatcherAddress) -> SpeechDispatcherConfiguration {
    SpeechDispatcherConfiguration(address: address, autospawn: false)
  }

  @Test("the exact catalogue texts are sent with their priorities, in order, as client passcode with no punctuation")
  func sendsCatalogueTextsWithPriorities() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let reports = UnavailableReports()
    let announcer = connected(
      SpeechDispatcherAnnouncer(configuration: configuration(daemon.speechAddress), onUnavailable: reports.handler))
    let announcements: [Announcement] = [
      .prompt(title: "Enter passcode", length: 4, kind: .digits),
      .progress(entered: 1, length: 4, kind: .digits),
      .wrong(triesLeft: nil),
      .lockedOut(seconds: 65),
      .accepted,
    ]
    for announcement in announcements { announcer.announce(announcement) }
    let requests = daemon.waitForRequests(count: announcements.count)
    announcer.close()
    #expect(
      requests == [
        SSIPSpeakRequest(priority: "MESSAGE", text: "Enter passcode, 4 digits"),
        SSIPSpeakRequest(priority: "TEXT", text: "1 of 4 digits entered"),
        SSIPSpeakRequest(priority: "IMPORTANT", text: "Wrong passcode"),
        SSIPSpeakRequest(priority: "IMPORTANT", text: "Too many tries. Try again in 1 minute 5 seconds"),
        SSIPSpeakRequest(priority: "MESSAGE", text: "Passcode accepted"),
      ])
    let commands = daemon.protocolCommands()
    #expect(commands.contains { $0.hasPrefix("SET SELF CLIENT_NAME") && $0.hasSuffix(":passcode:main\"") })
    #expect(commands.contains("SET SELF PUNCTUATION none"))
    #expect(reports.all.isEmpty)
  }

  @Test("a description and progress announced before the connection is up are each sent once, in order")
  func announcementsBeforeConnectingAreAllSent() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let announcer = SpeechDispatcherAnnouncer(configuration: configuration(daemon.speechAddress)) { _ in }
    announcer.announce(.callerDescription("Unlock the signing key"))
    announcer.announce(.prompt(title: "Passphrase", length: nil, kind: .characters))
    announcer.announce(.progress(entered: 1, length: nil, kind: .characters))
    announcer.announce(.progress(entered: 2, length: nil, kind: .characters))
    let requests = daemon.waitForLastRequest(text: "2 characters entered")
    announcer.close()
    #expect(requests.first == SSIPSpeakRequest(priority: "MESSAGE", text: "Unlock the signing key"))
    #expect(requests.filter { $0.text == "Unlock the signing key" }.count == 1)
    #expect(requests.dropFirst().first?.priority == "MESSAGE")
    #expect(requests.last == SSIPSpeakRequest(priority: "TEXT", text: "2 characters entered"))
  }

  @Test("the output module really receives Wrong passcode")
  func spokenFileHasWrongPasscode() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let announcer = SpeechDispatcherAnnouncer(configuration: configuration(daemon.speechAddress)) { _ in }
    announcer.announce(.wrong(triesLeft: nil))  // the newest, so it is sent once connected
    let spoken = daemon.waitForSpoken(count: 1)
    announcer.close()
    #expect(spoken.contains("Wrong passcode"))
  }

  @Test("a burst of 20 progress messages sends the newest and never a stale one last")
  func burstOfProgressSendsNewest() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let announcer = connected(SpeechDispatcherAnnouncer(configuration: configuration(daemon.speechAddress)) { _ in })
    for entered in 1...20 { announcer.announce(.progress(entered: entered, length: 20, kind: .digits)) }
    let requests = daemon.waitForLastRequest(text: "20 of 20 digits entered")
    announcer.close()
    #expect(requests.last == SSIPSpeakRequest(priority: "TEXT", text: "20 of 20 digits entered"))
    #expect(requests.count <= 20)
    let counts = requests.compactMap { Int($0.text.prefix { $0.isNumber }) }
    #expect(counts == counts.sorted())
  }

  @Test("sound cues are sent as sound icons")
  func soundCue() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let announcer = connected(SpeechDispatcherAnnouncer(configuration: configuration(daemon.speechAddress)) { _ in })
    announcer.play(.error)
    announcer.announce(.ready)
    _ = daemon.waitForRequests(count: 1)
    announcer.close()
    #expect(
      daemon.protocolCommands().suffix(5) == ["SOUND_ICON error", "SET SELF PRIORITY MESSAGE", "speak", "Ready", "."])
  }

  @Test("with no daemon, onUnavailable is called once across the retries")
  func noDaemon() throws {
    let reports = UnavailableReports()
    let missing = SpeechDispatcherAddress.unixSocket(path: "/tmp/passcode-missing-\(getpid())/speechd.sock")
    let announcer = SpeechDispatcherAnnouncer(
      configuration: SpeechDispatcherConfiguration(
        address: missing, autospawn: false, backoff: ReconnectBackoff(initial: .milliseconds(20))),
      onUnavailable: reports.handler)
    for entered in 1...50 { announcer.announce(.progress(entered: entered, length: 50, kind: .digits)) }
    _ = reports.waitForCount(1)
    // Wait for the retries themselves (20, 40, 80, 160 ms apart): once the sixth attempt has begun, five
    // have failed; none but the first may report.
    let deadline = ContinuousClock.now + .seconds(30)
    while announcer.attemptCount < 6, ContinuousClock.now < deadline { usleep(5_000) }
    #expect(announcer.attemptCount >= 6)
    announcer.close()
    #expect(reports.all.count == 1, "\(reports.all)")
    #expect(reports.all.first?.contains("/tmp/passcode-missing") == true)
  }

  @Test("a daemon that starts within the startup grace is never reported missing, and hears the question first")
  func daemonStartingWithinGrace() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    daemon.stop()
    let reports = UnavailableReports()
    var configuration = SpeechDispatcherConfiguration(
      address: daemon.speechAddress, autospawn: false, backoff: ReconnectBackoff(initial: .milliseconds(20)))
    configuration.startupGrace = .seconds(60)
    let announcer = SpeechDispatcherAnnouncer(configuration: configuration, onUnavailable: reports.handler)
    announcer.announce(.prompt(title: "Passphrase for disk cryptroot", length: nil, kind: .characters))
    // Several attempts fail before the daemon is there, as at boot before the sound card.
    let deadline = ContinuousClock.now + .seconds(30)
    while announcer.attemptCount < 3, ContinuousClock.now < deadline { usleep(5_000) }
    #expect(announcer.attemptCount >= 3)
    // Keys typed before speech came: the question is not dropped for them, and the newer count wins.
    announcer.announce(.progress(entered: 1, length: nil, kind: .characters))
    announcer.announce(.progress(entered: 2, length: nil, kind: .characters))
    try daemon.start()
    let requests = daemon.waitForRequests(count: 2)
    announcer.close()
    #expect(requests.map(\.text) == ["Passphrase for disk cryptroot", "2 characters entered"])
    #expect(reports.all.isEmpty, "reported within the grace: \(reports.all)")
  }

  @Test("a daemon still missing when the startup grace ends is reported once")
  func daemonMissingAfterGrace() throws {
    let reports = UnavailableReports()
    let missing = SpeechDispatcherAddress.unixSocket(path: "/tmp/passcode-missing-\(getpid())/speechd.sock")
    var configuration = SpeechDispatcherConfiguration(
      address: missing, autospawn: false, backoff: ReconnectBackoff(initial: .milliseconds(20)))
    configuration.startupGrace = .milliseconds(200)
    let announcer = SpeechDispatcherAnnouncer(configuration: configuration, onUnavailable: reports.handler)
    #expect(reports.waitForCount(1, timeout: .seconds(30)).count == 1)
    announcer.close()
    #expect(reports.all.count == 1, "\(reports.all)")
  }

  @Test("a daemon killed mid-session: the process survives, the outage is reported, and speech resumes")
  func daemonKilledThenRestarted() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let reports = UnavailableReports()
    let announcer = SpeechDispatcherAnnouncer(
      configuration: configuration(daemon.speechAddress), onUnavailable: reports.handler)
    announcer.announce(.ready)
    #expect(daemon.waitForRequests(count: 1).count == 1)
    daemon.kill()
    announcer.announce(.checking)
    announcer.announce(.cancelled)
    #expect(reports.waitForCount(1).count == 1)
    try daemon.start()
    announcer.announce(.accepted)
    let requests = daemon.waitForLastRequest(text: "Passcode accepted")
    announcer.close()
    #expect(requests.last == SSIPSpeakRequest(priority: "MESSAGE", text: "Passcode accepted"))
    #expect(reports.all.count == 1)
  }

  @Test("a daemon that accepts but never answers: announcing does not wait for the stuck connection")
  func silentServer() throws {
    let directory = try PrivateSpeechDispatcher()
    directory.stop()
    let server = try SilentSSIPServer(path: directory.base + "/silent.sock")
    defer { server.stop() }
    let reports = UnavailableReports()
    let announcer = SpeechDispatcherAnnouncer(
      configuration: SpeechDispatcherConfiguration(
        address: .unixSocket(path: server.path), autospawn: false, deadline: .seconds(2)),
      onUnavailable: reports.handler)
    announcer.announce(.ready)
    // Once the server has the connection, the worker is stuck in the handshake until its deadline; an announce
    // that waited on it would return only after the deadline had been reported.
    let connected = ContinuousClock.now + .seconds(30)
    while server.connectionCount < 1, ContinuousClock.now < connected { usleep(5_000) }
    #expect(server.connectionCount == 1)
    for entered in 1...10 { announcer.announce(.progress(entered: entered, length: 10, kind: .digits)) }
    #expect(reports.all.isEmpty, "an announce waited for the stuck connection: \(reports.all)")
    #expect(reports.waitForCount(1) == ["speech-dispatcher did not answer within 2000 ms"])
    announcer.close()
    #expect(server.connectionCount == 1)
  }
}
