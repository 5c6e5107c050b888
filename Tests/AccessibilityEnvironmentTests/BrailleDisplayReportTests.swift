import AccessibilityEnvironment
import Testing

@Suite("What doctor says about braille")
struct BrailleDisplayReportTests {
  @Test("no brltty: BrlAPI is not even loaded, and the line says so")
  func notRunning() {
    #expect(BrailleDisplayReport.gather(brlttyRunning: false) == .brlttyNotRunning)
    #expect(BrailleDisplayReport.brlttyNotRunning.line == "Braille: brltty not running.")
  }

  @Test("the display's size and driver, or why it is unknown, in words")
  func lines() {
    #expect(
      BrailleDisplayReport.display(columns: 40, rows: 1, driver: "Virtual").line
        == "Braille: brltty running, display of 40 cells (driver Virtual).")
    #expect(
      BrailleDisplayReport.display(columns: 20, rows: 2, driver: nil).line
        == "Braille: brltty running, display of 20 cells x 2 lines.")
    #expect(
      BrailleDisplayReport.displayUnknown(reason: "connect: No such file or directory").line
        == "Braille: brltty running; display size unknown (connect: No such file or directory).")
  }
}
