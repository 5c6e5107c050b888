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

  @Test("a bus without the a11y launcher gives an unknown setting within the deadline")
  func noLauncher() throws {
    let bus = try PrivateSessionBus()
    let detector = ScreenReaderDetector(sessionBusAddress: bus.address, atspiDeadline: .milliseconds(100))
    let start = ContinuousClock.now
    #expect(detector.atspiScreenReaderEnabled() == nil)
    #expect(ContinuousClock.now - start < .milliseconds(300))
  }

  @Test("a bus address that never answers gives an unknown setting within the deadline")
  func silentBus() throws {
    let bus = try PrivateSessionBus()
    let server = try SilentSSIPServer(path: bus.base + "/silent")
    defer { server.stop() }
    let detector = ScreenReaderDetector(
      sessionBusAddress: "unix:path=\(bus.base)/silent", atspiDeadline: .milliseconds(100))
    let start = ContinuousClock.now
    #expect(detector.atspiScreenReaderEnabled() == nil)
    #expect(ContinuousClock.now - start < .milliseconds(300))
  }
}
