import Foundation

/// A spare kernel virtual console (`/dev/ttyN`) held for one test: locked against concurrent runs, opened
/// (which allocates it, so its `/dev/vcsaN` exists for brltty), cleared, and typed into with `TIOCSTI`.
///
/// It needs root and kernel virtual consoles; ``unavailableReason`` says why a machine cannot run it.
/// It never becomes the active console: nothing switches to it.
package final class VirtualConsole {
  /// The consoles the lab may use, well above the ones a login manager or getty takes.
  package static let candidateNumbers = 40...62
  /// The console's number N.
  package let number: Int
  /// Its device, `/dev/ttyN`.
  package let path: String
  /// This process's descriptor for it (close-on-exec), for typing and as a child's terminal.
  package private(set) var fileDescriptor: Int32
  private let lockDescriptor: Int32
  /// The console's owner and group before ``lend(to:group:)``, given back when the console is released.
  private var originalOwner: (user: UInt32, group: UInt32)?

  /// Why this machine cannot run programs on a spare console and type into it, or `nil` when it can.
  package static var unavailableReason: String? {
    if VirtualConsoleCalls.effectiveUserID() != 0 { return "typing into a virtual console (TIOCSTI) needs root" }
    if !FileManager.default.fileExists(atPath: "/dev/tty0") {
      return "no kernel virtual consoles (/dev/tty0 is missing)"
    }
    if let setting = try? String(contentsOfFile: "/proc/sys/dev/tty/legacy_tiocsti", encoding: .utf8),
      setting.trimmingCharacters(in: .whitespacesAndNewlines) == "0"
    {
      return "TIOCSTI is turned off (/proc/sys/dev/tty/legacy_tiocsti is 0)"
    }
    return nil
  }

  /// Takes the first candidate console that no other run holds, opens it and clears it.
  ///
  /// - Throws: ``PseudoTerminalError`` when every candidate is taken or the device cannot be opened.
  package init() throws {
    for number in Self.candidateNumbers {
      guard let lock = VirtualConsoleCalls.lockExclusively("/tmp/passcode-braille-lab-tty\(number).lock") else {
        continue
      }
      do {
        let path = "/dev/tty\(number)"
        let descriptor = try VirtualConsoleCalls.openDevice(path)
        self.number = number
        self.path = path
        fileDescriptor = descriptor
        lockDescriptor = lock
        try makeMemoryDeviceIfMissing()
        try clear()
        return
      } catch {
        PseudoTerminalCalls.close(lock)
        throw error
      }
    }
    throw PseudoTerminalError.systemCall(name: "flock (every spare console is in use)", errno: EBUSY)
  }

  deinit {
    try? clear()
    if let originalOwner {
      try? VirtualConsoleCalls.changeOwner(path, user: originalOwner.user, group: originalOwner.group)
    }
    PseudoTerminalCalls.close(fileDescriptor)
    PseudoTerminalCalls.close(lockDescriptor)
  }

  /// The console's screen memory with attributes, which brltty's Linux screen driver reads.
  package var memoryDevicePath: String { "/dev/vcsa\(number)" }

  /// Resets the console's screen (`ESC c`): it is cleared, the cursor goes home and the character set and
  /// colours return to their defaults. The terminal's settings (termios) are left as they are.
  ///
  /// - Throws: ``PseudoTerminalError``.
  package func clear() throws {
    try PseudoTerminalCalls.write(fileDescriptor, Array("\u{1b}c".utf8))
  }

  /// Opens the console afresh. When a program that had the console as its controlling terminal ends, the
  /// kernel hangs the console up (it is not a pseudo-terminal), and every descriptor opened before then
  /// fails with `EIO`; the next program needs a new one.
  ///
  /// - Throws: ``PseudoTerminalError``.
  package func reopen() throws {
    let descriptor = try VirtualConsoleCalls.openDevice(path)
    PseudoTerminalCalls.close(fileDescriptor)
    fileDescriptor = descriptor
  }

  /// Gives the console to a user, as `login` does, so a program of theirs can open it by name (pinentry's
  /// `ttyname`); releasing the console gives it back to its owner before.
  ///
  /// - Parameters:
  ///   - user: The user.
  ///   - group: Their group.
  /// - Throws: ``PseudoTerminalError``.
  package func lend(to user: UInt32, group: UInt32) throws {
    if originalOwner == nil {
      let attributes = try? FileManager.default.attributesOfItem(atPath: path)
      let owner = (attributes?[.ownerAccountID] as? NSNumber)?.uint32Value ?? 0
      let ownerGroup = (attributes?[.groupOwnerAccountID] as? NSNumber)?.uint32Value ?? 0
      originalOwner = (owner, ownerGroup)
    }
    try VirtualConsoleCalls.changeOwner(path, user: user, group: group)
  }

  /// Gives a file the lab made to a user, so their program can use it.
  ///
  /// - Parameters:
  ///   - path: The file or directory.
  ///   - user: The user.
  ///   - group: Their group.
  /// - Throws: ``PseudoTerminalError``.
  package static func giveFile(_ path: String, to user: UInt32, group: UInt32) throws {
    try VirtualConsoleCalls.changeOwner(path, user: user, group: group)
  }

  /// Whether the console's Caps Lock is on (`KDGKBLED`), or `nil` when it cannot be read.
  package var capsLock: Bool? {
    VirtualConsoleCalls.capsLock(of: fileDescriptor)
  }

  /// Sets the console's Caps Lock and Num Lock (`KDSKBLED`), as pressing them would.
  ///
  /// - Parameters:
  ///   - capsLock: Whether Caps Lock is on.
  ///   - numLock: Whether Num Lock is on.
  /// - Throws: ``PseudoTerminalError``.
  package func setLockKeys(capsLock: Bool, numLock: Bool = true) throws {
    try VirtualConsoleCalls.setLockKeys(capsLock: capsLock, numLock: numLock, on: fileDescriptor)
  }

  /// Types bytes, one `TIOCSTI` each, as if on the console's keyboard.
  ///
  /// - Parameter bytes: The keys.
  /// - Throws: ``PseudoTerminalError``.
  package func type(_ bytes: [UInt8]) throws {
    for byte in bytes { try VirtualConsoleCalls.insertInput(byte, into: fileDescriptor) }
  }

  /// Types text, as if on the console's keyboard.
  ///
  /// - Parameter text: The keys.
  /// - Throws: ``PseudoTerminalError``.
  package func type(_ text: String) throws {
    try type(Array(text.utf8))
  }

  /// Opening the console allocates it, and devtmpfs then makes `/dev/vcsaN`; a static `/dev` does not, so
  /// the node is made here (major 7, minor 128 + N).
  private func makeMemoryDeviceIfMissing() throws {
    guard !FileManager.default.fileExists(atPath: memoryDevicePath) else { return }
    try VirtualConsoleCalls.makeCharacterDevice(
      memoryDevicePath, major: VirtualConsoleCalls.consoleMemoryMajor, minor: UInt32(128 + number))
  }
}
