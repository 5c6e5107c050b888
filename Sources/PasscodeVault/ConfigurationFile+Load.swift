import PasscodePreferences

extension ConfigurationFile {
  /// Reads the config file with the vault's checks (private, owned by the user, on a trusted path) and
  /// parses it.
  ///
  /// - Parameter path: The file.
  /// - Returns: Its settings; the defaults when the file does not exist.
  /// - Throws: ``VaultError/invalidSetting(path:line:reason:)`` for a line that cannot be used, or a
  ///   permission, ownership or I/O ``VaultError``.
  public static func load(from path: String) throws(VaultError) -> ConfigurationFile {
    guard let bytes = try SecureFile.read(path) else { return ConfigurationFile() }
    do {
      return try parse(String(decoding: bytes, as: UTF8.self))
    } catch {
      throw .invalidSetting(path: path, line: error.line, reason: error.reason)
    }
  }
}
