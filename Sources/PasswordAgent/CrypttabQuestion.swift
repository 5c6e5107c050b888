import PasscodeEngine

/// What a Debian crypttab keyscript is asked (`keyscript=` in `/etc/crypttab`, run by cryptsetup's
/// initramfs-tools scripts and `cryptdisks_start`): the disk from `CRYPTTAB_NAME` and `CRYPTTAB_SOURCE`, the
/// tries before this one from `CRYPTTAB_TRIED`, and the one argument, crypttab's third field. Every value is
/// outside text: it reaches the screen and speech only as ``SanitizedText``.
package struct CrypttabQuestion: Equatable, Sendable {
  /// The most tries counted; a larger `CRYPTTAB_TRIED` is read as this.
  package static let triesLimit = 999

  /// `CRYPTTAB_NAME`: the mapping's name, such as `cryptroot`, raw; `nil` when unset or empty.
  package var name: String?
  /// `CRYPTTAB_SOURCE`: the device, such as `/dev/vda2`, raw; `nil` when unset or empty.
  package var source: String?
  /// `CRYPTTAB_TRIED`: how many tries came before this one (0 on the first, and when unset or not a number).
  package var triesBefore: Int
  /// The argument, crypttab's third field (`none` for a passphrase typed at boot), raw.
  package var argument: String?
  /// crypttab's `tries=`, from `CRYPTTAB_OPTIONS`: how many tries cryptroot makes, 0 for no limit; 3 when not
  /// given, as cryptroot's default.
  package var triesAllowed: Int

  /// Reads the question from a keyscript's environment and argument.
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - argument: The first argument, if any.
  package init(environment: [String: String], argument: String?) {
    func value(_ key: String) -> String? {
      guard let text = environment[key], !text.isEmpty else { return nil }
      return text
    }
    name = value("CRYPTTAB_NAME")
    source = value("CRYPTTAB_SOURCE")
    if let tried = value("CRYPTTAB_TRIED"), tried.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
      // Digits only, so the only way `Int` fails is a number too large to hold.
      triesBefore = min(Int(tried) ?? Self.triesLimit, Self.triesLimit)
    } else {
      triesBefore = 0
    }
    self.argument = argument
    triesAllowed = 3
    for option in (value("CRYPTTAB_OPTIONS") ?? "").split(separator: ",") where option.hasPrefix("tries=") {
      let number = option.dropFirst("tries=".count)
      if !number.isEmpty, number.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
        triesAllowed = min(Int(number) ?? Self.triesLimit, Self.triesLimit)
      }
    }
  }

  /// Whether cryptroot runs the keyscript again when this try's answer does not open the disk: every try but
  /// the last of `tries=`.
  package var mayBeAskedAgain: Bool {
    triesAllowed == 0 || triesBefore + 1 < triesAllowed
  }

  /// The disk's question, "Passphrase for disk cryptroot (/dev/vda2)", by the rule systemd-cryptsetup's
  /// questions use (``PasswordQuestion/diskQuestion(name:device:)``); `nil` without a name.
  package var disk: Announcement? {
    name.flatMap { PasswordQuestion.diskQuestion(name: $0, device: source) }
  }

  /// Which try this is, from the second on ("Wrong passphrase. Try 2"); `nil` on the first.
  package var attempt: Int? {
    triesBefore > 0 ? triesBefore + 1 : nil
  }

  /// The argument as words to say before the question, sanitised and cut like a question's message; `nil`
  /// when it is missing, empty or `none` (what crypttab's third field holds when the passphrase is typed).
  package var argumentText: SanitizedText? {
    guard let argument, argument != "none" else { return nil }
    return PasswordQuestion.messageText(argument)
  }
}
