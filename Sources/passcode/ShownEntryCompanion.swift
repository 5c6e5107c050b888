import PasscodeEngine
import PasscodeTerminal

/// Says what is typed in an entry that is not a secret (git's "Username for"), after each change: "Typed:
/// alice". The visual profile's cells show it as well; the screen-reader and plain profiles show only words, so
/// this is how the typed text reaches them and speech.
final class ShownEntryCompanion: EntryCompanion {
  /// Leaves every key to the prompt.
  func answer(to key: Key) -> CompanionAnswer? { nil }

  /// The entry as typed, sanitised; nothing for an empty entry.
  func entryChanged(_ entry: UnsafeRawBufferPointer) -> Announcement? {
    guard !entry.isEmpty else { return nil }
    return .shownEntry(SanitizedText(String(decoding: entry, as: UTF8.self)))
  }
}
