import Foundation
import PasscodeEngine
import PasscodeSpeech
import PasscodeTestSupport
import Synchronization
import SystemCalls
import Testing

/// Records `onUnavailable` calls, and wakes a test waiting for them.
private final class UnavailableReports: Sendable {
  private let reasons = Mutex<[String]>([])
  private let reported = Semaphore()

  var all: [String] { reasons.withLock { $0 } }

  var handler: @Sendable (String) -> Void {
    { reason in
      self.reasons.withLock { $0.append(reason) }
      self.reported.signal()
    }
  }

  /// Waits until `count` reports came, waking at each; a worker that stops reporting for a few seconds ends
  /// the wait rather than hanging the test.
  func waitForCount(_ count: Int) -> [String] {
    while all.count < count, reported.wait(for: .seconds(10)) {}
    return all
  }
}

/// Work on a thread of its own, for what a test checks does not wait: a body that never returns fails the
/// test after a few seconds rather than hanging it.
private final class OtherThread<Value: Sendable>: Sendable {
  private let value = Mutex<Value?>(nil)
  private let done = Semaphore()

  init(_ body: @escaping @Sendable () -> Value) {
    BackgroundThread.start { [self] in
      let result = body()
      value.withLock { $0 = result }
      done.signal()
    }
  }

  /// What the body returned, or `nil` when it has not returned within a few seconds.
  func result() -> Value? {
    done.wait(for: .seconds(10)) ? value.withLock { $0 } : nil
  }
}

/// Waits until the announcer has connected, so a test's announcements go over a live connection.
func connected(_ announcer: SpeechDispatcherAnnouncer) -> SpeechDispatcherAnnouncer {
  #expect(announcer.waitUntilConnected(within: .seconds(5)), "speech-dispatcher did not answer")
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

  @Test("waiting for the connection ends when it is up, with no time passing")
  func waitForConnectionEndsWhenUp() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let clock = ManualClock()
    let announcer = SpeechDispatcherAnnouncer(configuration: configuration(daemon.speechAddress), clock: clock) { _ in }
    let waiting = OtherThread { announcer.waitUntilConnected(within: .seconds(1)) }
    #expect(waiting.result() == true)
    #expect(announcer.isConnected)
    #expect(clock.now() == .zero)
    announcer.close()
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

  private var missing: SpeechDispatcherAddress {
    .unixSocket(path: "/tmp/passcode-missing-\(getpid())/speechd.sock")
  }

  /// Lets the worker's retries happen: for each delay, waits until the worker sleeps that long after its failed
  /// attempt, then moves the clock to the end of the sleep.
  private func retry(
    _ clock: ManualClock, after delays: [Duration], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for delay in delays {
      let retry = clock.now() + delay
      #expect(clock.waitForSleeper(until: retry), "no retry after \(delay)", sourceLocation: sourceLocation)
      clock.set(to: retry)
    }
  }

  @Test("with no daemon, onUnavailable is called once across the retries, which back off 20, 40, 80 ms …")
  func noDaemon() throws {
    let reports = UnavailableReports()
    let clock = ManualClock()
    let announcer = SpeechDispatcherAnnouncer(
      configuration: SpeechDispatcherConfiguration(
        address: missing, autospawn: false, backoff: ReconnectBackoff(initial: .milliseconds(20))),
      clock: clock, onUnavailable: reports.handler)
    for entered in 1...50 { announcer.announce(.progress(entered: entered, length: 50, kind: .digits)) }
    retry(clock, after: [.milliseconds(20), .milliseconds(40), .milliseconds(80), .milliseconds(160)])
    // The fifth attempt has failed once the worker sleeps again; none but the first may report.
    #expect(clock.waitForSleeper(until: clock.now() + .milliseconds(320)))
    announcer.close()
    #expect(reports.all.count == 1, "\(reports.all)")
    #expect(reports.all.first?.contains("/tmp/passcode-missing") == true)
  }

  @Test("with no daemon, waiting for the connection ends when the first attempt fails, with no time passing")
  func waitForConnectionEndsAtFailure() {
    let clock = ManualClock()
    let announcer = SpeechDispatcherAnnouncer(
      configuration: SpeechDispatcherConfiguration(address: missing, autospawn: false), clock: clock
    ) { _ in }
    let waiting = OtherThread { announcer.waitUntilConnected(within: .seconds(1)) }
    #expect(waiting.result() == false)
    #expect(clock.now() == .zero)
    announcer.close()
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
    configuration.startupRetryInterval = .milliseconds(30)
    let clock = ManualClock()
    let announcer = SpeechDispatcherAnnouncer(
      configuration: configuration, clock: clock, onUnavailable: reports.handler)
    announcer.announce(.prompt(title: "Passphrase for disk cryptroot", length: nil, kind: .characters))
    // Three attempts fail before the daemon is there, as at boot before the sound card; within the grace they
    // come at the steady interval, not backing off.
    retry(clock, after: [.milliseconds(30), .milliseconds(30)])
    let fourthAttempt = clock.now() + .milliseconds(30)
    #expect(clock.waitForSleeper(until: fourthAttempt))
    // Keys typed before speech came: the question is not dropped for them, and the newer count wins.
    announcer.announce(.progress(entered: 1, length: nil, kind: .characters))
    announcer.announce(.progress(entered: 2, length: nil, kind: .characters))
    try daemon.start()
    clock.set(to: fourthAttempt)
    let requests = daemon.waitForRequests(count: 2)
    announcer.close()
    #expect(requests.map(\.text) == ["Passphrase for disk cryptroot", "2 characters entered"])
    #expect(reports.all.isEmpty, "reported within the grace: \(reports.all)")
  }

  @Test("a daemon still missing when the startup grace ends is reported once, at the first attempt after it")
  func daemonMissingAfterGrace() throws {
    let reports = UnavailableReports()
    var configuration = SpeechDispatcherConfiguration(
      address: missing, autospawn: false, backoff: ReconnectBackoff(initial: .milliseconds(20)))
    configuration.startupGrace = .milliseconds(200)
    configuration.startupRetryInterval = .milliseconds(50)
    let clock = ManualClock()
    let announcer = SpeechDispatcherAnnouncer(
      configuration: configuration, clock: clock, onUnavailable: reports.handler)
    // Attempts at 0, 50, 100 and 150 ms fail within the grace, at the steady interval; the one at 200 ms is after
    // it, and from there the attempts back off: 20, 40, 80 ms.
    retry(clock, after: [.milliseconds(50), .milliseconds(50), .milliseconds(50)])
    let afterGrace = clock.now() + .milliseconds(50)
    #expect(clock.waitForSleeper(until: afterGrace))
    #expect(reports.all.isEmpty, "reported within the grace: \(reports.all)")
    clock.set(to: afterGrace)
    #expect(reports.waitForCount(1).count == 1)
    retry(clock, after: [.milliseconds(20), .milliseconds(40)])
    #expect(clock.waitForSleeper(until: clock.now() + .milliseconds(80)))
    announcer.close()
    #expect(reports.all.count == 1, "\(reports.all)")
  }

  @Test("a daemon killed mid-session: the process survives, the outage is reported, and speech resumes")
  func daemonKilledThenRestarted() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let reports = UnavailableReports()
    let clock = ManualClock()
    let announcer = SpeechDispatcherAnnouncer(
      configuration: configuration(daemon.speechAddress), clock: clock, onUnavailable: reports.handler)
    announcer.announce(.ready)
    #expect(daemon.waitForRequests(count: 1).count == 1)
    daemon.kill()
    announcer.announce(.checking)
    announcer.announce(.cancelled)
    #expect(reports.waitForCount(1).count == 1)
    // The worker waits out the first backoff, half a second, before it tries again.
    let reconnection = clock.now() + .milliseconds(500)
    #expect(clock.waitForSleeper(until: reconnection))
    try daemon.start()
    announcer.announce(.accepted)
    clock.set(to: reconnection)
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
    let clock = ManualClock()
    let announcer = SpeechDispatcherAnnouncer(
      configuration: SpeechDispatcherConfiguration(
        address: .unixSocket(path: server.path), autospawn: false, deadline: .seconds(2)),
      clock: clock, onUnavailable: reports.handler)
    // Once the server has the connection, the worker is stuck in the handshake until its deadline, which on a
    // clock that does not move never comes: an announce that waited on it would not return.
    #expect(server.waitForConnections(1) == 1)
    let announcing = OtherThread {
      announcer.announce(.ready)
      for entered in 1...10 { announcer.announce(.progress(entered: entered, length: 10, kind: .digits)) }
      return true
    }
    #expect(announcing.result() == true, "an announce waited for the stuck connection")
    // Waiting for the connection ends at its own limit, before the deadline.
    let waiting = OtherThread { announcer.waitUntilConnected(within: .seconds(1)) }
    #expect(clock.waitForSleeper(until: .seconds(1)))
    clock.set(to: .seconds(1))
    #expect(waiting.result() == false)
    #expect(reports.all.isEmpty, "reported before the deadline: \(reports.all)")
    clock.set(to: .seconds(2))
    #expect(reports.waitForCount(1) == ["speech-dispatcher did not answer within 2000 ms"])
    #expect(server.connectionCount == 1)
    // The hang-up ends the stuck handshake, so that closing does not wait for the deadline on a clock that
    // does not move.
    server.stop()
    announcer.close()
    #expect(server.connectionCount == 1)
  }
}
