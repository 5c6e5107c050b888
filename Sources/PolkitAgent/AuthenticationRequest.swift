package import GDBus

/// What polkitd asks the agent (`BeginAuthentication`): the action, its message, the cookie that names this
/// authentication, and who may authenticate. Every text in it is outside text: the caller sanitises it.
package struct AuthenticationRequest: Equatable, Sendable {
  /// Who may authenticate: a user, or (from older polkitd, which does not expand groups) a group.
  package enum Identity: Equatable, Sendable {
    /// A user, by ID.
    case user(UInt32)
    /// A group, by ID.
    case group(UInt32)
  }

  /// The action's ID, such as `org.freedesktop.policykit.exec`.
  package let actionIdentifier: String
  /// The action's message, in the agent's language: "Authentication is needed to run `/bin/true' as the super
  /// user".
  package let message: String
  /// The action's details (pkexec's `command_line`, `user`, …).
  package let details: [String: String]
  /// Names this authentication to polkit's helper and to `CancelAuthentication`.
  package let cookie: String
  /// Who may authenticate, in polkitd's order.
  package let identities: [Identity]

  /// Reads `BeginAuthentication`'s arguments, `(s action_id, s message, s icon_name, a{ss} details, s cookie,
  /// a(sa{sv}) identities)`.
  ///
  /// - Parameter arguments: The call's arguments; `nil` when they are not of that shape.
  package init?(arguments: [DBusValue]) {
    guard arguments.count == 6, let action = arguments[0].string, let message = arguments[1].string,
      case let .array(_, detailEntries) = arguments[3], let cookie = arguments[4].string,
      case let .array(_, identityValues) = arguments[5]
    else { return nil }
    var details: [String: String] = [:]
    for case let .dictionaryEntry(.string(key), .string(value)) in detailEntries { details[key] = value }
    actionIdentifier = action
    self.message = message
    self.details = details
    self.cookie = cookie
    identities = identityValues.compactMap { value in
      guard case let .tuple(members) = value, members.count == 2, let kind = members[0].string else { return nil }
      switch (kind, members[1]["uid"], members[1]["gid"]) {
      case ("unix-user", .uint32(let uid)?, _): return .user(uid)
      case ("unix-group", _, .uint32(let gid)?): return .group(gid)
      default: return nil
      }
    }
  }

  /// The users who may authenticate, in polkitd's order; groups are left out.
  package var users: [UInt32] {
    identities.compactMap { if case let .user(uid) = $0 { uid } else { nil } }
  }
}
