/// What the prompt tells about the lock keys, decided from what the terminal reports: a pure value the
/// engine keeps, one per prompt.
///
/// - Caps Lock matters where letters may be typed. Its state is known only on a Linux virtual console
///   (`KDGKBLED`), read when the prompt starts and as each key arrives; elsewhere nothing is read and
///   nothing is said. "Caps Lock is on" is said when the prompt starts with it on, then each change is said.
/// - Num Lock matters where only digits may be typed: a keypad whose Num Lock is off sends arrows, Home, End,
///   Page Up and Down, Insert and its 5 key's "begin" in place of digits. The first such key of a prompt says
///   "Num Lock is off: the keypad sends arrows"; later ones are keys not allowed, as before.
package struct LockKeyHints: Equatable, Sendable {
  /// The Caps Lock state last read, or `nil` before the first reading.
  package private(set) var capsLock: Bool?
  /// Whether the Num Lock hint was given.
  package private(set) var toldNumLock = false

  /// Nothing read, nothing told.
  package init() {}

  /// Takes a reading of Caps Lock.
  ///
  /// - Parameters:
  ///   - isOn: Whether Caps Lock is on.
  ///   - lettersAllowed: Whether the prompt takes letters; when it does not, nothing is told.
  /// - Returns: What to tell: ``Announcement/capsLockOn`` at a first reading that finds it on or when it
  ///   was turned on, ``Announcement/capsLockOff`` when it was turned off, else `nil`.
  package mutating func readCapsLock(_ isOn: Bool, lettersAllowed: Bool) -> Announcement? {
    guard lettersAllowed else { return nil }
    let previous = capsLock
    capsLock = isOn
    switch (previous, isOn) {
    case (nil, true), (false?, true): return .capsLockOn
    case (true?, false): return .capsLockOff
    default: return nil
    }
  }

  /// Takes a keypad navigation key.
  ///
  /// - Parameter digitsOnly: Whether the prompt takes digits only.
  /// - Returns: ``Announcement/numLockOff`` the first time on a digit prompt, else `nil` (the key is then one
  ///   not allowed).
  package mutating func keypadNavigation(digitsOnly: Bool) -> Announcement? {
    guard digitsOnly, !toldNumLock else { return nil }
    toldNumLock = true
    return .numLockOff
  }
}
