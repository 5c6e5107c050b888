/// A machine-wide lock between runs that start a real screen reader (the braille, Orca and Fenrir labs) and
/// runs whose result depends on no screen reader running (a `passcode` that detects readers, compared with a
/// golden transcript).
///
/// `passcode` detects readers from the process table, and brltty counts whoever runs it, so a lab's reader
/// is seen by every test that runs at the same moment, in this test process (Swift Testing runs suites in
/// parallel) or in another. A lab holds the lock exclusively; a reader-free run holds it shared. It is an
/// `flock` on one file, so it also works across processes, and it is released when the holder is released.
public final class ScreenReaderLabLock {
  /// The lock file, the same for every checkout on the machine.
  public static let path = "/tmp/passcode-screen-reader-lab.lock"
  private let descriptor: Int32

  /// Waits for the lock.
  ///
  /// - Parameter exclusive: `true` for a run that starts a screen reader, `false` for one that needs none.
  /// - Throws: ``PseudoTerminalError`` when the lock file cannot be opened or locked.
  public init(exclusive: Bool) throws {
    descriptor = try VirtualConsoleCalls.lock(Self.path, exclusive: exclusive)
  }

  deinit {
    PseudoTerminalCalls.close(descriptor)
  }
}
