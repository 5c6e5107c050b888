internal import SystemCalls

/// What `passcode doctor` says about braille: whether brltty runs, and the display's width when BrlAPI tells it.
package enum BrailleDisplayReport: Equatable, Sendable {
  /// No brltty process runs.
  case brlttyNotRunning
  /// brltty runs, but its API could not be asked (no API server, no permission for its key, no library).
  case displayUnknown(reason: String)
  /// brltty runs and its API described the display.
  case display(columns: Int, rows: Int, driver: String?)

  /// Asks brltty's API about its display when brltty runs, within a deadline (a wedged server must not hang
  /// `doctor`). BrlAPI is loaded only here.
  ///
  /// - Parameters:
  ///   - brlttyRunning: Whether the detector found a brltty process.
  ///   - deadline: The longest wait for BrlAPI.
  /// - Returns: The report.
  package static func gather(brlttyRunning: Bool, deadline: Duration = .seconds(2)) -> BrailleDisplayReport {
    guard brlttyRunning else { return .brlttyNotRunning }
    guard let result = DeadlineRunner.run(deadline: deadline, { BrailleApiCalls.queryDisplay() }) else {
      return .displayUnknown(reason: "BrlAPI did not answer within \(deadline.wholeMilliseconds) ms")
    }
    switch result {
    case let .success(display): return .display(columns: display.columns, rows: display.rows, driver: display.driver)
    case let .failure(failure): return .displayUnknown(reason: failure.reason)
    }
  }

  /// The report as one line of words.
  package var line: String {
    switch self {
    case .brlttyNotRunning:
      "Braille: brltty not running."
    case let .displayUnknown(reason):
      "Braille: brltty running; display size unknown (\(reason))."
    case let .display(columns, rows, driver):
      "Braille: brltty running, display of \(columns) cells"
        + (rows > 1 ? " x \(rows) lines" : "") + (driver.map { " (driver \($0))" } ?? "") + "."
    }
  }
}
