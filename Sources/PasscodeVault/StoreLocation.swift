import PasscodeEngine

/// Where the vault keeps its files, resolved purely from the environment and an optional `--store DIR`.
///
/// Without a store directory the XDG Base Directory rules apply:
/// - data (the hash): `$XDG_DATA_HOME/passcode`, default `~/.local/share/passcode`;
/// - state (failures and lockout): `$XDG_STATE_HOME/passcode`, default `~/.local/state/passcode`;
/// - runtime (the grace stamp): `$XDG_RUNTIME_DIR/passcode`; when that is unset the state directory is used
///   instead and ``runtimeDirectoryIsFallback`` says so;
/// - settings: `$XDG_CONFIG_HOME/passcode/config`, default `~/.config/passcode/config`.
///
/// As the specification requires, an XDG variable that is empty or holds a relative path is ignored.
/// `--store DIR`, or else `PASSCODE_HOME`, puts data, state and runtime files in DIR, and the settings in
/// `DIR/config`.
package struct StoreLocation: Equatable, Hashable, Sendable {
  /// The directory of the passcode hash.
  package let dataDirectory: String
  /// The directory of the failure count and the lock file.
  package let stateDirectory: String
  /// The directory of the grace stamp.
  package let runtimeDirectory: String
  /// The settings file.
  package let configFile: String
  /// `true` when `XDG_RUNTIME_DIR` was unusable and ``runtimeDirectory`` is the state directory.
  package let runtimeDirectoryIsFallback: Bool

  /// Creates a location from explicit paths.
  ///
  /// - Parameters:
  ///   - dataDirectory: The directory of the passcode hash.
  ///   - stateDirectory: The directory of the failure count.
  ///   - runtimeDirectory: The directory of the grace stamp.
  ///   - configFile: The settings file.
  ///   - runtimeDirectoryIsFallback: Whether the runtime directory is a stand-in for a missing
  ///     `XDG_RUNTIME_DIR`.
  package init(
    dataDirectory: String, stateDirectory: String, runtimeDirectory: String, configFile: String,
    runtimeDirectoryIsFallback: Bool = false
  ) {
    self.dataDirectory = dataDirectory
    self.stateDirectory = stateDirectory
    self.runtimeDirectory = runtimeDirectory
    self.configFile = configFile
    self.runtimeDirectoryIsFallback = runtimeDirectoryIsFallback
  }

  /// Puts every file in one directory (`--store DIR` or `PASSCODE_HOME`).
  ///
  /// - Parameter directory: The directory.
  /// - Returns: The location, with the settings in `directory/config`.
  package static func singleDirectory(_ directory: String) -> StoreLocation {
    let directory = trimmingTrailingSlashes(directory)
    return StoreLocation(
      dataDirectory: directory, stateDirectory: directory, runtimeDirectory: directory,
      configFile: joined(directory, "config"))
  }

  /// Resolves the location from environment variables and the `--store` option.
  ///
  /// - Parameters:
  ///   - environment: The environment variables (`HOME`, `XDG_*`, `PASSCODE_HOME`).
  ///   - store: The value of `--store DIR`, which wins over `PASSCODE_HOME`; `nil` when not given.
  /// - Returns: The location.
  /// - Throws: ``VaultError/noHomeDirectory`` when a default under `HOME` is needed and `HOME` is unset or
  ///   relative.
  package static func resolve(environment: [String: String], store: String? = nil) throws(VaultError)
    -> StoreLocation
  {
    if let store, !store.isEmpty { return singleDirectory(store) }
    // `PASSCODE_HOME`, set and not empty: the one directory for all state in place of the XDG ones.
    if let home = environment["PASSCODE_HOME"], !home.isEmpty { return singleDirectory(home) }

    let home = environment["HOME"].flatMap(absolute)
    func base(_ variable: String, default relativeToHome: String) throws(VaultError) -> String {
      if let value = environment[variable].flatMap(absolute) { return value }
      guard let home else { throw .noHomeDirectory }
      return joined(home, relativeToHome)
    }
    let data = joined(try base("XDG_DATA_HOME", default: ".local/share"), "passcode")
    let state = joined(try base("XDG_STATE_HOME", default: ".local/state"), "passcode")
    let config = joined(joined(try base("XDG_CONFIG_HOME", default: ".config"), "passcode"), "config")
    if let runtime = environment["XDG_RUNTIME_DIR"].flatMap(absolute) {
      return StoreLocation(
        dataDirectory: data, stateDirectory: state, runtimeDirectory: joined(runtime, "passcode"),
        configFile: config)
    }
    return StoreLocation(
      dataDirectory: data, stateDirectory: state, runtimeDirectory: state, configFile: config,
      runtimeDirectoryIsFallback: true)
  }

  /// A sentence to show when the runtime directory is a stand-in, or `nil` when it is not.
  package var fallbackNotice: String? {
    guard runtimeDirectoryIsFallback else { return nil }
    return "XDG_RUNTIME_DIR is not set, so the grace stamp is kept in \(runtimeDirectory)."
  }

  /// The passcode hash file.
  package var hashFile: String { Self.joined(dataDirectory, "passcode.hash") }
  /// The failure-count file.
  package var stateFile: String { Self.joined(stateDirectory, "state") }
  /// The file locked while the failure count is read and changed.
  package var lockFile: String { Self.joined(stateDirectory, "state.lock") }

  private static func absolute(_ path: String) -> String? {
    guard path.hasPrefix("/") else { return nil }
    return trimmingTrailingSlashes(path)
  }

  private static func trimmingTrailingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }

  static func joined(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
