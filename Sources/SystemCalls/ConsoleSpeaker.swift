internal import Glibc

/// `KDMKTONE` from `<linux/kd.h>`: plays a tone on the PC speaker for a time, without waiting.
private let makeToneRequest: UInt = 0x4B30
/// The PC speaker's timer input, in hertz (`PIT_TICK_RATE`): a tone's pitch is this divided by its counter.
private let programmableTimerRate = 1_193_182

extension FileDescriptor {
  /// Plays a tone on the PC speaker of the Linux virtual console this descriptor is open on, and returns at
  /// once: the kernel stops it after the duration, and a later tone replaces one still sounding. The
  /// corresponding C function is `ioctl` with `KDMKTONE` (root, or the console's own session, may call it).
  ///
  /// - Parameters:
  ///   - hertz: The pitch, 19 to 20 000.
  ///   - milliseconds: How long, 1 to 65 535.
  /// - Throws: The call's ``Errno``: `ENOTTY` (`EINVAL` on some drivers) on a terminal that is not a virtual
  ///   console, `EPERM` without the right.
  package func playConsoleTone(hertz: Int, milliseconds: Int) throws(Errno) {
    let counter = programmableTimerRate / min(max(hertz, 19), 20_000)
    let argument = (min(max(milliseconds, 1), 0xFFFF) << 16) | (counter & 0xFFFF)
    // The kernel masks both halves, so passing the 32 bits as a C int loses nothing.
    try nothingOrErrno { ioctl(rawValue, makeToneRequest, CInt(bitPattern: UInt32(truncatingIfNeeded: argument))) }
  }
}
