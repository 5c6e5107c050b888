import PasscodePreferences

/// The permissions and owners of the store's files and directories and of the config file, checked
/// before anything is typed (`passcode doctor`, `passcode status`). Nothing is read but metadata.
package struct StoreHealth: Equatable, Sendable {
  /// One file or directory and what was found.
  package struct Entry: Equatable, Sendable {
    /// What it is, in words: "passcode hash", "store directory".
    package var role: String
    /// Its path.
    package var path: String
    /// Whether it exists and is private, or the problem found.
    package var state: State

    /// Creates an entry, as ``StoreHealth/check(_:)`` does and as `doctor`'s tests do.
    ///
    /// - Parameters:
    ///   - role: What it is, in words.
    ///   - path: Its path.
    ///   - state: What was found.
    package init(role: String, path: String, state: State) {
      self.role = role
      self.path = path
      self.state = state
    }
  }

  /// What was found about one path.
  package enum State: Equatable, Sendable {
    /// It does not exist (yet).
    case missing
    /// It exists, is the right kind and is safe: a store file or directory belongs to this user and is
    /// private; the config file, which holds no secret, belongs to this user or root and nobody else may
    /// change it (others may read it).
    case privateToYou
    /// The config file exists but another user could change it, so its security settings are not used.
    case changeableByOthers(ConfigurationRefusal)
    /// It cannot be trusted or read; the error says why and how to fix it.
    case problem(VaultError)
  }

  /// Every path checked, in order.
  package var entries: [Entry]

  /// Creates a report of paths already checked.
  ///
  /// - Parameter entries: Every path checked, in order.
  package init(entries: [Entry]) {
    self.entries = entries
  }

  /// The entries with a problem; a config file others could change is not one (its security settings
  /// are replaced by the defaults instead).
  package var problems: [Entry] {
    entries.filter { if case .problem = $0.state { true } else { false } }
  }

  /// Checks the store's directories and files and the config file.
  ///
  /// - Parameter location: Where they are.
  /// - Returns: What was found, directories before the files in them.
  package static func check(_ location: StoreLocation) -> StoreHealth {
    var seen: Set<String> = []
    var entries: [Entry] = []
    let paths: [(String, String, Bool)] = [
      ("store directory", location.dataDirectory, true),
      ("passcode hash", location.hashFile, false),
      ("state directory", location.stateDirectory, true),
      ("failure state", location.stateFile, false),
      ("grace stamp directory", location.runtimeDirectory, true),
      ("config file", location.configFile, false),
    ]
    for (role, path, directory) in paths where seen.insert(path).inserted {
      let state: State
      if role == "config file" {
        state = ConfigurationFile.health(of: path)
      } else {
        do {
          state = try SecureFile.inspect(path, directory: directory) ? .privateToYou : .missing
        } catch {
          state = .problem(error)
        }
      }
      entries.append(Entry(role: role, path: path, state: state))
    }
    return StoreHealth(entries: entries)
  }
}
