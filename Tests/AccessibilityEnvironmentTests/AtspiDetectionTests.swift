import AccessibilityEnvironment
import PasscodeTestSupport
import Testing

@Suite("AT-SPI ScreenReaderEnabled over a real private session bus", .serialized)
struct AtspiDetectionTests {
  @Test("the property is read as true or false from the a11y bus launcher", arguments: [true, false])
  func readsProperty(enabled: Bool) throws {
    let bus = try PrivateSessionBus()
    try bus.startA11yService(screenReaderEnabled: enabled)
    let detector = ScreenReaderDetector(
      sysRoot: bus.base, procRoot: bus.base, sessionBusAddress: bus.address, atspiDeadline: .milliseconds(100))
    let detection = detector.detect()
    #expect(detection.atspiEnabled == enabled)
    #expect(detection.isReading == enabled)
  }

  @Test("a bus without the a11y launcher gives an unknown setting")
  func noLauncher() throws {
    let bus = try PrivateSessionBus()
    let detector = ScreenReaderDetector(sessionBusAddress: bus.address, atspiDeadline: .milliseconds(100))
    #expect(detector.atspiScreenReaderEnabled() == nil)
  }

  // A bus that never answers would hold the call for ever without the deadline: the time limit is there to
  // end such a hang as a failure, not to measure speed (passcode-bench does that).
  @Test(
    "a bus address that never answers gives an unknown setting: the deadline ends the call", .timeLimit(.minutes(1)))
  func silentBus() throws {
    let bus = try PrivateSessionBus()
    let server = try SilentSSIPServer(path: bus.base + "/silent")
    defer { server.stop() }
    let detector = ScreenReaderDetector(
      sessionBusAddress: "unix:path=\(bus.base)/silent", atspiDeadline: .milliseconds(100))
    #expect(detector.atspiScreenReaderEnabled() == nil)
  }
}
