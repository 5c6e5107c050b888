import PasscodeEngine

/// What was found out about screen readers already reading this session (Docs/ScreenReaders.md).
package struct ScreenReaderDetection: Equatable, Sendable {
  /// The AT-SPI `org.a11y.Status.ScreenReaderEnabled` property, or `nil` when it could not be read in time.
  package var atspiEnabled: Bool?
  /// Whether the Speakup console screen reader is loaded (`/sys/accessibility/speakup` exists).
  package var speakupPresent: Bool
  /// Speakup's `key_echo` setting when readable; 2 means Speakup speaks every key, digits included.
  package var speakupKeyEcho: Int?
  /// Whether this process may change Speakup's `key_echo` (root may), so that a prompt turns it off while it
  /// holds the terminal.
  package var speakupKeyEchoWritable = false
  /// Whether an `orca` process of the same user is running (Orca 43 started by hand does not set the property).
  package var orcaRunning: Bool
  /// Whether a `fenrir` process (the console screen reader) of the same user is running: it reads this prompt in
  /// its pseudo-terminal mode as well as on the console.
  package var fenrirRunning: Bool
  /// Whether a `fenrir` process of any user is running, such as Debian's `fenrir.service`, which runs it as root
  /// reading the active virtual console (`/dev/vcsa*`): it reads this prompt when the prompt is on a console.
  package var consoleFenrirRunning = false
  /// Whether an `espeakup` process (console speech for Speakup) of any user is running; it is usually a system
  /// service.
  package var espeakupRunning: Bool
  /// Whether a `brltty` process (braille) of any user is running; it is usually a system service.
  package var brlttyRunning: Bool
  /// Whether the prompt's terminal is a Linux virtual console. Speakup, espeakup, brltty and another user's Fenrir
  /// read only the console, so they count as reading this prompt only then; `true` when it could not be found out.
  package var promptOnConsole: Bool

  /// Creates a detection result.
  ///
  /// - Parameters:
  ///   - atspiEnabled: The AT-SPI property, or `nil` when unknown.
  ///   - speakupPresent: Whether Speakup is loaded.
  ///   - speakupKeyEcho: Speakup's `key_echo`, or `nil` when unknown.
  ///   - orcaRunning: Whether an `orca` process of this user runs.
  ///   - fenrirRunning: Whether a `fenrir` process of this user runs.
  ///   - espeakupRunning: Whether an `espeakup` process of any user runs.
  ///   - brlttyRunning: Whether a `brltty` process of any user runs.
  ///   - promptOnConsole: Whether the prompt's terminal is a Linux virtual console.
  package init(
    atspiEnabled: Bool?, speakupPresent: Bool, speakupKeyEcho: Int?, orcaRunning: Bool, fenrirRunning: Bool = false,
    espeakupRunning: Bool = false, brlttyRunning: Bool = false, promptOnConsole: Bool = true
  ) {
    self.atspiEnabled = atspiEnabled
    self.speakupPresent = speakupPresent
    self.speakupKeyEcho = speakupKeyEcho
    self.orcaRunning = orcaRunning
    self.fenrirRunning = fenrirRunning
    self.espeakupRunning = espeakupRunning
    self.brlttyRunning = brlttyRunning
    self.promptOnConsole = promptOnConsole
  }

  /// No screen reader found.
  package static let none = ScreenReaderDetection(
    atspiEnabled: false, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: false)

  /// Whether some screen reader is reading, so the program must print and not also speak.
  package var isReading: Bool { !readers.isEmpty }

  /// Whether Speakup speaks every key typed, so the front must warn before entry (Docs/ScreenReaders.md).
  package var speakupEchoesKeys: Bool {
    speakupPresent && speakupKeyEcho == 2
  }

  /// The screen readers reading this prompt, desktop readers first.
  package var readers: [ScreenReader] {
    var readers: [ScreenReader] = []
    if orcaRunning {
      readers.append(.orca)
    } else if atspiEnabled == true {
      readers.append(.atspiReader)
    }
    if fenrirRunning { readers.append(.fenrir) }
    if promptOnConsole { readers += consoleReaders }
    return readers
  }

  /// The console-only readers running while the prompt is not on a console (a pseudo-terminal: a desktop
  /// terminal, SSH, tmux), which therefore do not read it.
  package var consoleReadersElsewhere: [ScreenReader] {
    promptOnConsole ? [] : consoleReaders
  }

  /// The readers found that read only the Linux console, whoever runs them: a Fenrir not of this user (one of this
  /// user counts anywhere), Speakup, espeakup and brltty.
  private var consoleReaders: [ScreenReader] {
    var readers: [ScreenReader] = []
    if consoleFenrirRunning, !fenrirRunning { readers.append(.fenrir) }
    if speakupPresent { readers.append(.speakup) }
    if espeakupRunning { readers.append(.espeakup) }
    if brlttyRunning { readers.append(.brltty) }
    return readers
  }

  /// The screen readers found, by name, for messages: "Orca", "Fenrir", "brltty", ….
  package var readerNames: [String] { readers.map(\.name) }
}
