internal import Glibc

/// The lock keys' state of a Linux virtual console's keyboard, as `KDGKBLED` reports it: the kernel's flags,
/// not the lights (a program may light a lamp without locking anything).
package struct KeyboardLocks: Equatable, Hashable, Sendable {
  /// Whether Caps Lock is on.
  package var capsLock: Bool
  /// Whether Num Lock is on.
  package var numLock: Bool

  /// A state.
  ///
  /// - Parameters:
  ///   - capsLock: Whether Caps Lock is on.
  ///   - numLock: Whether Num Lock is on.
  package init(capsLock: Bool, numLock: Bool) {
    self.capsLock = capsLock
    self.numLock = numLock
  }

  /// The state in `KDGKBLED`'s flags: `LED_NUM` (0x02) and `LED_CAP` (0x04) of `<linux/kd.h>`.
  ///
  /// - Parameter flags: The flags.
  package init(flags: UInt8) {
    self.init(capsLock: flags & 0x04 != 0, numLock: flags & 0x02 != 0)
  }
}

extension FileDescriptor {
  /// `KDGKBLED` of `<linux/kd.h>`, which Glibc's module does not export.
  private static let getKeyboardFlags: UInt = 0x4B64

  /// The lock keys' state, when this descriptor is a Linux virtual console; `nil` anywhere else (a
  /// pseudo-terminal, a serial line: the call fails with `ENOTTY` or `EINVAL`), where nothing can be known.
  /// The corresponding C function is `ioctl` with `KDGKBLED`.
  package func keyboardLocks() -> KeyboardLocks? {
    var flags: UInt8 = 0
    guard (try? nothingOrErrno { ioctl(rawValue, Self.getKeyboardFlags, &flags) }) != nil else { return nil }
    return KeyboardLocks(flags: flags)
  }

  /// `KDSKBLED` of `<linux/kd.h>`.
  private static let setKeyboardFlags: UInt = 0x4B65

  /// Sets the lock keys' state of a Linux virtual console, as pressing them would (needs the console open
  /// for writing or root), keeping Scroll Lock as it was; the tests of ``keyboardLocks()`` use it on a spare
  /// console. The corresponding C function is `ioctl` with `KDSKBLED`.
  ///
  /// - Parameter locks: The state.
  /// - Throws: The call's ``Errno``; `ENOTTY` or `EINVAL` off a virtual console.
  package func setKeyboardLocks(_ locks: KeyboardLocks) throws(Errno) {
    var flags: UInt8 = 0
    try nothingOrErrno { ioctl(rawValue, Self.getKeyboardFlags, &flags) }
    let wanted = (flags & 0x01) | (locks.numLock ? 0x02 : 0) | (locks.capsLock ? 0x04 : 0)
    try nothingOrErrno { ioctl(rawValue, Self.setKeyboardFlags, CInt(wanted)) }
  }
}
