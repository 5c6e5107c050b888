import Testing

/// A key the lab presses, as each reader's driver types it: bytes on Fenrir's pseudo-terminal, `xdotool` under Orca.
enum LabKey: Equatable, Sendable, CustomStringConvertible {
  /// Printable characters, one key each.
  case text(String)
  /// BackSpace.
  case backspace
  /// Escape. Fenrir keeps a lone Escape for itself, so its driver sends its bypass chord (Alt-:) first.
  case escape
  /// Return.
  case enter
  /// Tab, which asks a prompt with a time limit for more time.
  case tab
  /// A Ctrl chord with a letter, such as Ctrl-U.
  case control(Character)
  /// A bracketed paste of the text (the terminal's own paste under Orca).
  case paste(String)

  var description: String {
    switch self {
    case let .text(text): text
    case .backspace: "BackSpace"
    case .escape: "Esc"
    case .enter: "Return"
    case .tab: "Tab"
    case let .control(letter): "Ctrl-\(letter.uppercased())"
    case let .paste(text): "paste(\(text))"
    }
  }
}

/// The screen readers the lab runs.
enum LabReader: String, Sendable, CaseIterable {
  case orca = "Orca"
  case fenrir = "Fenrir"
}

/// One step of a scenario: keys, then the phrases the reader must speak because of them, in order.
struct LabStep: Sendable {
  let keys: [LabKey]
  let heard: [String]
  /// Extra time the step may take before its phrases come (a timeout warning, a lockout).
  let patience: Duration

  init(_ keys: [LabKey], heard: [String], patience: Duration = .seconds(15)) {
    self.keys = keys
    self.heard = heard
    self.patience = patience
  }
}

/// What to prepare before a scenario runs.
enum LabPreparation: Sendable, Equatable {
  /// Nothing: `demo` needs no store.
  case none
  /// A private store (`--store DIR`) with a fast lockout schedule and, when given, a passcode already set
  /// (by running `passcode set` on a pseudo-terminal outside any reader).
  case store(passcode: String?)
  /// A private gpg-agent whose pinentry is the built binary; the scenario's program is `gpg-connect-agent`.
  case gnuPGAgent
  /// A scratch user whose password the lab user's sudo asks for (`targetpw`), through `passcode-askpass` as
  /// `SUDO_ASKPASS`; the scenario's program is `sudo -A`. Needs root, so the lab user is another (`nobody`).
  case sudo
}

/// A scenario: a program run in a terminal a reader reads, the keys pressed, and every phrase the reader must
/// speak, each once and in order.
struct LabScenario: Sendable, CustomTestStringConvertible {
  let name: String
  /// The `passcode` arguments (or, with ``LabPreparation/gnuPGAgent``, the agent command).
  let arguments: [String]
  let preparation: LabPreparation
  /// The phrases spoken when the program starts, before any key.
  let opening: [String]
  let steps: [LabStep]
  let exitStatus: Int32
  let readers: Set<LabReader>

  init(
    _ name: String, _ arguments: [String], preparation: LabPreparation = .none, opening: [String],
    steps: [LabStep], exitStatus: Int32, readers: Set<LabReader> = Set(LabReader.allCases)
  ) {
    self.name = name
    self.arguments = arguments
    self.preparation = preparation
    self.opening = opening
    self.steps = steps
    self.exitStatus = exitStatus
    self.readers = readers
  }

  var testDescription: String { name }

  /// Every phrase the reader must speak, in order. ``checking`` marks where "Checking" may come: a stored
  /// passcode's Argon2id check can take longer than the 150 ms after which the prompt says so.
  var expectedPhrases: [String] { opening + steps.flatMap(\.heard) }

  /// The marker for an optional "Checking" in ``LabStep/heard``.
  static let checking = "Checking?"

  /// Whether the heard phrases are exactly the expected ones, in order, an optional "Checking" allowed where
  /// marked.
  func matches(_ heard: [String]) -> Bool {
    var remaining = heard[...]
    for phrase in expectedPhrases {
      if phrase == Self.checking {
        if remaining.first == "Checking" { remaining = remaining.dropFirst() }
        continue
      }
      guard remaining.first == phrase else { return false }
      remaining = remaining.dropFirst()
    }
    return remaining.isEmpty
  }

  /// Whether `heard` holds as many phrases as expected through the step at `index` (`nil`: the opening alone),
  /// so that the next keys may be pressed. Phrases are counted here and judged by ``matches(_:)`` at the end, but
  /// a "Checking" is counted only where one may come: counting it against a required phrase let the keys go one
  /// phrase early per "Checking" heard, into a rejection or a lockout, whose end throws typed-ahead keys away.
  func hasHeard(throughStep index: Int?, in heard: [String]) -> Bool {
    let expected = opening + steps.prefix(index.map { $0 + 1 } ?? 0).flatMap(\.heard)
    var remaining = heard[...]
    for phrase in expected {
      if phrase == Self.checking {
        if remaining.first == "Checking" { remaining = remaining.dropFirst() }
        continue
      }
      guard !remaining.isEmpty else { return false }
      remaining = remaining.dropFirst()
    }
    return true
  }
}
