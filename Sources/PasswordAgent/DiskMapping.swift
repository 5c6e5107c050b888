internal import SystemCalls

/// Whether an answered disk question was taken. systemd-cryptsetup maps the disk (a device-mapper device
/// named as its volume) before it exits, and asks again, with the same `Id=`, after a wrong passphrase; after
/// its last try it exits without a mapping. So a mapping is the proof: a quiet moment alone would also
/// follow the last wrong try.
package enum DiskMapping {
  /// Where the kernel lists block devices; a device-mapper device has `dm/name`.
  package static let blockDirectory = "/sys/block"

  /// What became of a disk question after its answer.
  package enum State: Equatable, Sendable {
    /// The disk's mapping exists: it was unlocked.
    case mapped
    /// No mapping yet, and its asker is still running (deriving the key, or about to ask again).
    case pending
    /// No mapping, and its asker is gone (it gave up), or the question is not a disk's.
    case notMapped
  }

  /// What became of `question` after its answer.
  ///
  /// - Parameters:
  ///   - question: An answered question; only systemd-cryptsetup's have a volume name.
  ///   - blockDirectory: Where block devices are listed (tests give their own).
  /// - Returns: The state now.
  package static func state(of question: PasswordQuestion, blockDirectory: String = blockDirectory) -> State {
    guard let volume = question.diskVolumeName else { return .notMapped }
    if isMapped(volume, blockDirectory: blockDirectory) { return .mapped }
    if let process = question.processIdentifier, ProcessIdentifier(rawValue: process).exists { return .pending }
    // It maps before it exits: look once more, now that it is gone.
    return isMapped(volume, blockDirectory: blockDirectory) ? .mapped : .notMapped
  }

  /// Whether a device-mapper device named `volume` exists: one `BLOCK/*/dm/name` holds that name.
  ///
  /// - Parameters:
  ///   - volume: The device-mapper name.
  ///   - blockDirectory: Where block devices are listed.
  /// - Returns: Whether it exists.
  package static func isMapped(_ volume: String, blockDirectory: String = blockDirectory) -> Bool {
    guard case let .success(devices) = AgentSystemCalls.listDirectory(blockDirectory) else { return false }
    let wanted = Array(volume.utf8) + [UInt8(ascii: "\n")]
    return devices.contains { device in
      AgentSystemCalls.readRegularFile("\(blockDirectory)/\(device)/dm/name", limit: 256)?.bytes == wanted
    }
  }
}
