/// A screen reader the program can detect.
package enum ScreenReader: Equatable, Sendable, CaseIterable {
  /// Orca, the desktop screen reader, found as a running process.
  case orca
  /// A desktop screen reader known only from the AT-SPI `ScreenReaderEnabled` setting.
  case atspiReader
  /// Fenrir, the console screen reader (also in its pseudo-terminal mode).
  case fenrir
  /// Speakup, the kernel's console screen reader.
  case speakup
  /// espeakup, the speech daemon behind Speakup.
  case espeakup
  /// brltty, the braille display driver.
  case brltty

  /// The reader's name as `doctor` and the speech decision show it.
  package var name: String {
    switch self {
    case .orca: "Orca"
    case .atspiReader: "AT-SPI screen reader"
    case .fenrir: "Fenrir"
    case .speakup: "Speakup"
    case .espeakup: "espeakup"
    case .brltty: "brltty"
    }
  }

  /// Whether the reader reads the text screen (a console or a pseudo-terminal) rather than a desktop terminal's
  /// accessibility tree: such readers follow the cursor, which decides the line discipline.
  package var readsTextScreen: Bool {
    switch self {
    case .orca, .atspiReader: false
    case .fenrir, .speakup, .espeakup, .brltty: true
    }
  }
}
