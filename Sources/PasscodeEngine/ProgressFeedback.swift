/// How much the feedback on an entry reveals (`--progress`, `progress =`): what someone nearby hears or sees
/// of the code's length as it is typed. It shapes announcements and cells alike, in every profile.
public enum ProgressFeedback: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Every key is told with the count and, for a fixed length, the length ("3 of 6 digits entered"); the
  /// cells show the length, filled and empty. The default.
  case count
  /// Every key is told with a short word and no number ("Entered"); the status (Ctrl-R) tells only whether
  /// anything is typed; the cells show only what is typed, never the length.
  case tick
  /// Nothing is told as keys are typed: only verdicts and warnings (a wrong code, "Checking", a lockout, a
  /// timeout, a key that is not allowed); the cells show nothing of the entry.
  case silent

  /// Whether announcements and cells may carry the count typed and the code's length.
  package var revealsCount: Bool { self == .count }
}
