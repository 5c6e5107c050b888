import PasscodeEngine

extension PasswordQuestion {
  /// The most characters of a message that are shown and spoken; the rest is cut with "…".
  package static let maximumMessageLength = 300

  /// The prompt's title: the message, sanitised and cut to ``maximumMessageLength``; "Passphrase" when
  /// nothing is left.
  package var title: SanitizedText {
    Self.messageText(message) ?? "Passphrase"
  }

  /// Outside text as a question's message is shown: sanitised and cut to ``maximumMessageLength`` with "…";
  /// `nil` when nothing is left.
  package static func messageText(_ raw: String) -> SanitizedText? {
    var cleaned = SanitizedText(raw).text
    if cleaned.count > maximumMessageLength {
      cleaned = String(cleaned.prefix(maximumMessageLength - 1)) + "…"
    }
    return cleaned.isEmpty ? nil : SanitizedText(cleaned)
  }

  /// Who asks, from `Id=`: `cryptsetup:/dev/sda2` is "Asked by cryptsetup for /dev/sda2"; `nil` without an
  /// `Id=`.
  package var source: Announcement? {
    guard let identifier else { return nil }
    let parts = identifier.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map {
      SanitizedText(String($0.prefix(100)))
    }
    guard let asker = parts.first, !asker.isEmpty else { return nil }
    let subject = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
    return .questionSource(asker: asker, subject: subject)
  }
}

extension PasswordQuestion {
  /// What systemd-cryptsetup's passphrase question starts with, before the disk's friendly name.
  private static let diskMessagePrefix = "Please enter passphrase for disk "

  /// The friendly name in systemd-cryptsetup's passphrase question, raw: `cryptroot` from "Please enter
  /// passphrase for disk cryptroot:" with `Id=cryptsetup:…`; `nil` for any other question.
  private var diskFriendlyName: String? {
    guard identifier?.hasPrefix("cryptsetup:") == true, message.hasPrefix(Self.diskMessagePrefix),
      message.hasSuffix(":")
    else { return nil }
    let name = message.dropFirst(Self.diskMessagePrefix.count).dropLast()
    return name.isEmpty ? nil : String(name)
  }

  /// systemd-cryptsetup's passphrase question in words made for it: "Passphrase for disk cryptroot
  /// (/dev/vda)", the name from `Message=` and the device from `Id=` (`cryptsetup:/dev/vda`), both through the
  /// sanitiser and cut to 100 characters. The device is left out when the name already holds its last part
  /// (`luks-UUID` for `/dev/disk/by-uuid/UUID`), so a UUID is not spoken twice. `nil` for any other question.
  package var disk: Announcement? {
    guard let friendlyName = diskFriendlyName else { return nil }
    return Self.diskQuestion(name: friendlyName, device: identifier.map { String($0.dropFirst("cryptsetup:".count)) })
  }

  /// A disk's question in words, "Passphrase for disk cryptroot (/dev/vda)", from its name and device, raw:
  /// both go through the sanitiser and are cut to 100 characters, and the device is left out when it is
  /// empty or the name already holds its last part (`luks-UUID` for `/dev/disk/by-uuid/UUID`). The one
  /// rule for systemd-cryptsetup's questions and crypttab's keyscripts (``CrypttabQuestion``).
  ///
  /// - Returns: The announcement; `nil` when nothing is left of the name.
  package static func diskQuestion(name: String, device: String?) -> Announcement? {
    let name = SanitizedText(String(name.prefix(100)))
    guard !name.isEmpty else { return nil }
    let device = device.map { SanitizedText(String($0.prefix(100))) }
    let deviceLeaf = device?.text.split(separator: "/").last.map(String.init) ?? ""
    let isNamed = deviceLeaf.isEmpty || name.text.lastRange(of: deviceLeaf) != nil
    return .diskQuestion(name: name, device: isNamed ? nil : device)
  }

  /// The device-mapper name systemd-cryptsetup gives the disk once unlocked, from the friendly name: it is
  /// the volume name, `vol`, in each of its forms (`vol`, `description (vol)`, `vol on /mount`,
  /// `description (vol) on /mount`). Compared with the names in `/sys/block`, never shown. `nil` for any
  /// other question.
  package var diskVolumeName: String? {
    guard var name = diskFriendlyName else { return nil }
    if let mountPoint = name.lastRange(of: " on /") { name = String(name[..<mountPoint.lowerBound]) }
    if name.hasSuffix(")"), let open = name.lastRange(of: " (") {
      name = String(name[open.upperBound...].dropLast())
    }
    return name.isEmpty ? nil : name
  }
}

extension String {
  /// Where `part` last occurs, compared byte by byte: written here because the release build leaves out the
  /// string-processing module that `ranges(of:)` and `contains(_:)` with a string come from.
  ///
  /// - Parameter part: The text to find; its first byte must start a character (the callers' are ASCII).
  /// - Returns: Its range, or `nil` when it does not occur.
  fileprivate func lastRange(of part: String) -> Range<String.Index>? {
    let bytes = Array(utf8)
    let needle = Array(part.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
    for start in stride(from: bytes.count - needle.count, through: 0, by: -1)
    where bytes[start..<start + needle.count].elementsEqual(needle) {
      let lower = utf8.index(utf8.startIndex, offsetBy: start)
      return lower..<utf8.index(lower, offsetBy: needle.count)
    }
    return nil
  }
}
