import PasscodeLocalization
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
      return .displayUnknown(
        reason: Localization.text(
          "BrlAPI did not answer within {milliseconds} ms", ["milliseconds": "\(deadline.wholeMilliseconds)"]))
    }
    switch result {
    case let .success(display): return .display(columns: display.columns, rows: display.rows, driver: display.driver)
    case let .failure(failure): return .displayUnknown(reason: failure.reason)
    }
  }

  /// The report as one line of words, in the user's language; BrlAPI's own reason stays as it said it.
  package var line: String {
    switch self {
    case .brlttyNotRunning:
      return Localization.text("Braille: brltty not running.")
    case let .displayUnknown(reason):
      return Localization.text("Braille: brltty running; display size unknown ({reason}).", ["reason": reason])
    case let .display(columns, rows, driver):
      let size =
        rows > 1
        ? Localization.text(
          singular: "{count} cell x {rows} lines", plural: "{count} cells x {rows} lines", count: columns,
          ["rows": "\(rows)"])
        : Localization.text(singular: "{count} cell", plural: "{count} cells", count: columns)
      let values = ["size": size, "driver": driver ?? ""]
      return driver == nil
        ? Localization.text("Braille: brltty running, display of {size}.", values)
        : Localization.text("Braille: brltty running, display of {size} (driver {driver}).", values)
    }
  }
}
