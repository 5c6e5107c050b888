import PasscodePreferences
internal import SystemCalls

/// The config file as the vault read it: the settings to use and, when they are not all the file's, why.
package struct LoadedConfiguration: Equatable, Sendable {
  /// The settings to use: the file's, or for a refused file only its interface preferences, with the
  /// default lockout, length and grace.
  package var settings: ConfigurationFile
  /// Why the file's lockout, length and grace are not used; `nil` when the file is honoured or missing.
  package var refusal: ConfigurationRefusal?

  /// Creates a reading; by default that of a missing file.
  ///
  /// - Parameters:
  ///   - settings: The settings to use.
  ///   - refusal: Why the security settings are not the file's, if they are not.
  package init(settings: ConfigurationFile = ConfigurationFile(), refusal: ConfigurationRefusal? = nil) {
    self.settings = settings
    self.refusal = refusal
  }
}

extension ConfigurationFile {
  /// Reads the config file and parses it. The file holds no secret, so others may read it (0644 is fine)
  /// and root may own it; it must be a regular file on a trusted path (``TrustedDirectory``) that no other
  /// user could change. A file others could change is refused (``ConfigurationRefusal``) but not ignored:
  /// its interface preferences are kept, and only its security settings are replaced by the defaults. A
  /// refused file whose text cannot be parsed gives the defaults alone.
  ///
  /// - Parameter path: The file.
  /// - Returns: The settings to use, and the refusal if there is one; the defaults when the file does not
  ///   exist.
  /// - Throws: ``VaultError/invalidSetting(path:line:reason:)`` for a line of an honoured file that cannot
  ///   be used, or a ``VaultError`` when the file cannot be read (not a regular file, too big, I/O).
  package static func load(from path: String) throws(VaultError) -> LoadedConfiguration {
    let bytes: [UInt8]?
    do {
      bytes = try SecureFile.read(path, rule: .unchangeableByOthers)
    } catch {
      guard let refusal = ConfigurationRefusal(error, file: path) else { throw error }
      // A directory on the way that cannot be trusted says nothing when there is no file under it.
      guard (try? FileStatus(path: path)) != nil else { return LoadedConfiguration() }
      let text = SecureFile.readUntrusted(path).map { String(decoding: $0, as: UTF8.self) }
      let preferences = text.flatMap { try? parse($0).preferences } ?? ConfiguredPreferences()
      return LoadedConfiguration(settings: ConfigurationFile(preferences: preferences), refusal: refusal)
    }
    guard let bytes else { return LoadedConfiguration() }
    do {
      return LoadedConfiguration(settings: try parse(String(decoding: bytes, as: UTF8.self)))
    } catch {
      throw .invalidSetting(path: path, line: error.line, reason: error.description)
    }
  }

  /// What ``StoreHealth`` reports about the config file, from its metadata alone, under the rule of
  /// ``load(from:)``.
  ///
  /// - Parameter path: The file.
  /// - Returns: Missing, honoured (``StoreHealth/State/privateToYou``), changeable by others, or the problem.
  static func health(of path: String) -> StoreHealth.State {
    do {
      return try SecureFile.inspect(path, directory: false, rule: .unchangeableByOthers) ? .privateToYou : .missing
    } catch {
      guard let refusal = ConfigurationRefusal(error, file: path) else { return .problem(error) }
      return (try? FileStatus(path: path)) == nil ? .missing : .changeableByOthers(refusal)
    }
  }
}
