internal import GDBus
import PasscodeEngine
internal import SystemCalls

/// Finds out whether a screen reader is already reading: the AT-SPI property, Speakup, a running Orca of the same
/// user, a Fenrir of the same user (which may host the prompt in its pseudo-terminal mode), and the console readers
/// of any user (Fenrir, espeakup, brltty: Debian runs each as a root service, and each reads the console in front of
/// the user whoever runs it).
///
/// The filesystem roots and the bus address are injectable so tests can use fake trees and a private bus. A
/// spawned debug-built `passcode` takes them from a test's pinned tree (``pinnedTree``), so that a test which
/// doesn't test detection sees the same readers on every machine, a blind contributor's included.
package struct ScreenReaderDetector: Sendable {
  /// The variable naming a test's pinned tree, honoured by debug builds only.
  package static let pinnedTreeVariable = "PASSCODE_TEST_DETECTION_ROOT"

  /// The tree a test pins detection to: `ROOT/proc` and `ROOT/sys` stand for `/proc` and `/sys` (the readers'
  /// processes and Speakup, and the session's locality, which is looked for in the same `/proc`), and the file
  /// `ROOT/session-bus-address` holds the bus the AT-SPI check asks, which is asked of none when the file is
  /// absent. Only a debug build reads ``pinnedTreeVariable``: the test suite runs one, and a release build (what
  /// `make install` and the Debian package install) never does, so no variable can hide a person's screen reader
  /// from an installed `passcode`.
  package static let pinnedTree: String? = {
    #if DEBUG
      guard let root = AccessibilitySystemCalls.environmentValue(pinnedTreeVariable), !root.isEmpty else {
        return nil
      }
      return root
    #else
      return nil
    #endif
  }()

  /// Where this session's sysfs is: `/sys`, or the pinned tree's `sys`.
  package static var sessionSysRoot: String { pinnedTree.map { $0 + "/sys" } ?? "/sys" }

  /// Where this session's procfs is: `/proc`, or the pinned tree's `proc`.
  package static var sessionProcRoot: String { pinnedTree.map { $0 + "/proc" } ?? "/proc" }

  /// This session's bus: `DBUS_SESSION_BUS_ADDRESS`, or what the pinned tree's `session-bus-address` holds.
  package static var sessionBusAddress: String? {
    guard let pinnedTree else { return AccessibilitySystemCalls.environmentValue("DBUS_SESSION_BUS_ADDRESS") }
    return AccessibilitySystemCalls.readFile(pinnedTree + "/session-bus-address").map { data in
      String(String(decoding: data, as: UTF8.self).trimmingWhitespace())
    }
  }

  /// Where sysfs is mounted; `/sys`.
  package var sysRoot: String
  /// Where procfs is mounted; `/proc`.
  package var procRoot: String
  /// The user whose processes count; the real uid of this process.
  package var userID: UInt32
  /// The session bus address, or `nil` to skip the AT-SPI check (`DBUS_SESSION_BUS_ADDRESS`).
  package var sessionBusAddress: String?
  /// The longest time the whole AT-SPI check may take, connecting included; at most 100 ms by default.
  package var atspiDeadline: Duration
  /// The terminal the prompt asks on when it is not this process's controlling terminal (`--tty`,
  /// `--ttyname`); `nil` uses the controlling terminal.
  package var terminalPath: String?

  /// Creates a detector; the defaults read this session (or a test's ``pinnedTree``).
  ///
  /// - Parameters:
  ///   - sysRoot: Where sysfs is mounted.
  ///   - procRoot: Where procfs is mounted.
  ///   - userID: The user whose processes count.
  ///   - sessionBusAddress: The session bus address, or `nil` to skip the AT-SPI check.
  ///   - atspiDeadline: The longest time the AT-SPI check may take.
  package init(
    sysRoot: String = sessionSysRoot, procRoot: String = sessionProcRoot,
    userID: UInt32 = AccessibilitySystemCalls.realUserIdentifier, sessionBusAddress: String? = sessionBusAddress,
    atspiDeadline: Duration = .milliseconds(100)
  ) {
    self.sysRoot = sysRoot
    self.procRoot = procRoot
    self.userID = userID
    self.sessionBusAddress = sessionBusAddress
    self.atspiDeadline = atspiDeadline
  }

  /// Runs every check.
  ///
  /// - Returns: What was found; takes at most about ``atspiDeadline`` plus a scan of the process table.
  package func detect() -> ScreenReaderDetection {
    let programs = runningReaderPrograms()
    var detection = ScreenReaderDetection(
      atspiEnabled: atspiScreenReaderEnabled(), speakupPresent: speakupPresent(), speakupKeyEcho: speakupKeyEcho(),
      orcaRunning: programs.ofThisUser.contains(.orca), fenrirRunning: programs.ofThisUser.contains(.fenrir),
      espeakupRunning: programs.ofAnyUser.contains(.espeakup), brlttyRunning: programs.ofAnyUser.contains(.brltty),
      promptOnConsole: promptOnConsole())
    detection.consoleFenrirRunning = programs.ofAnyUser.contains(.fenrir)
    detection.speakupKeyEchoWritable = speakupKeyEchoWritable()
    return detection
  }

  /// Whether the prompt's terminal is a Linux virtual console (character major 4, minors 0 to 63) or
  /// `/dev/console` (5, 1): the only terminals Speakup, espeakup and brltty's Linux screen driver read.
  ///
  /// - Returns: `true` also when the terminal cannot be found out, so a console reader is never missed.
  package func promptOnConsole() -> Bool {
    let device: (major: UInt64, minor: UInt64)?
    if let terminalPath {
      device = AccessibilitySystemCalls.characterDeviceNumber(terminalPath).map { number in
        ((number >> 8) & 0xfff | (number >> 32) & ~0xfff, number & 0xff | (number >> 12) & ~0xff)
      }
    } else {
      device = controllingTerminal()
    }
    guard let device else { return true }
    return (device.major == 4 && device.minor < 64) || (device.major == 5 && device.minor == 1)
  }

  /// This process's controlling terminal from `PROCROOT/self/stat` (field `tty_nr`), or `nil` when there is
  /// none or it cannot be read.
  private func controllingTerminal() -> (major: UInt64, minor: UInt64)? {
    guard let data = AccessibilitySystemCalls.readFile(procRoot + "/self/stat"),
      let close = data.lastIndex(of: UInt8(ascii: ")"))
    else { return nil }
    // Counted from the state, past the command name in parentheses (which may hold spaces): 4 is tty_nr.
    let fields = data[(close + 1)...].split(separator: UInt8(ascii: " "))
    guard fields.count > 4, let encoded = UInt64(String(decoding: fields[4], as: UTF8.self)), encoded != 0 else {
      return nil
    }
    return ((encoded >> 8) & 0xfff, (encoded & 0xff) | ((encoded >> 12) & 0xfff00))
  }

  /// Reads `org.a11y.Status.ScreenReaderEnabled` from the a11y bus launcher (`org.a11y.Bus`, `/org/a11y/bus`)
  /// on the session bus, within ``atspiDeadline``.
  ///
  /// GIO is loaded for this check only, on its first run.
  ///
  /// - Returns: The property, or `nil` when there is no session bus address, no GIO, no launcher, or no answer
  ///   in time.
  package func atspiScreenReaderEnabled() -> Bool? {
    guard let address = sessionBusAddress, !address.isEmpty,
      case let .success(gio) = GDBusCalls.load(), let cancellable = gio.makeCancellable()
    else { return nil }
    defer { gio.release(cancellable) }
    let shared = gio.retain(cancellable)
    let timeout = Int32(clamping: max(atspiDeadline.wholeMilliseconds, 1))
    let result = DeadlineRunner.run(deadline: atspiDeadline) { () -> Bool? in
      defer { gio.release(shared.pointer) }
      guard case let .success(connection) = gio.connect(address: address, cancellable: shared.pointer) else {
        return nil
      }
      defer { gio.close(connection) }
      let value = gio.booleanProperty(
        connection: connection, busName: "org.a11y.Bus", objectPath: "/org/a11y/bus", interface: "org.a11y.Status",
        property: "ScreenReaderEnabled", timeoutMilliseconds: timeout, cancellable: shared.pointer)
      return try? value.get()
    }
    guard let result else {
      gio.cancel(cancellable)
      return nil
    }
    return result
  }

  /// Whether Speakup is loaded.
  ///
  /// - Returns: `true` when `SYSROOT/accessibility/speakup` exists.
  package func speakupPresent() -> Bool {
    AccessibilitySystemCalls.fileExists(sysRoot + "/accessibility/speakup")
  }

  /// Speakup's `key_echo` setting.
  ///
  /// - Returns: The number in `SYSROOT/accessibility/speakup/key_echo`, or `nil` when it cannot be read.
  package func speakupKeyEcho() -> Int? {
    readTrimmed(sysRoot + "/accessibility/speakup/key_echo").flatMap { Int($0) }
  }

  /// Whether this process may change Speakup's `key_echo`.
  ///
  /// - Returns: `true` when `SYSROOT/accessibility/speakup/key_echo` is writable by it.
  package func speakupKeyEchoWritable() -> Bool {
    AccessibilitySystemCalls.isSpeakupKeyEchoWritable(sysfsRoot: sysRoot)
  }

  /// Whether a process of ``userID`` is Orca.
  ///
  /// - Returns: `true` when one is found.
  package func orcaRunning() -> Bool {
    runningReaderPrograms().ofThisUser.contains(.orca)
  }

  /// The screen-reader programs running, from one scan of the process table, split by owner: those of
  /// ``userID``, and those of any user (``userID``'s included). A process is a program when its `comm` is the
  /// program's name, its `argv[0]` is, or its `argv[0]` is a Python interpreter and its `argv[1]` is the program
  /// (Orca and Fenrir are Python scripts; Debian's `fenrir-daemon` renames itself `fenrir`).
  ///
  /// - Returns: The readers found, each once in each set.
  package func runningReaderPrograms() -> (ofThisUser: Set<ScreenReader>, ofAnyUser: Set<ScreenReader>) {
    guard let entries = AccessibilitySystemCalls.directoryEntries(procRoot) else { return ([], []) }
    var ofThisUser: Set<ScreenReader> = []
    var ofAnyUser: Set<ScreenReader> = []
    for entry in entries where !entry.isEmpty && entry.allSatisfy(\.isNumber) {
      let directory = procRoot + "/" + entry
      guard let program = Self.programs.first(where: { isProgram($0.name, directory) }) else { continue }
      ofAnyUser.insert(program.reader)
      if ProcessOwner.realUserID(statusFile: directory + "/status") == userID {
        ofThisUser.insert(program.reader)
      }
    }
    return (ofThisUser, ofAnyUser)
  }

  /// The programs looked for, by process name.
  private static let programs: [(name: String, reader: ScreenReader)] = [
    ("orca", .orca), ("fenrir", .fenrir), ("fenrir-daemon", .fenrir), ("espeakup", .espeakup), ("brltty", .brltty),
  ]

  private func isProgram(_ name: String, _ directory: String) -> Bool {
    if readTrimmed(directory + "/comm") == name { return true }
    guard let data = AccessibilitySystemCalls.readFile(directory + "/cmdline") else { return false }
    let arguments = data.split(separator: 0, omittingEmptySubsequences: false).prefix(2).map { argument in
      String(decoding: argument, as: UTF8.self).split(separator: "/").last.map(String.init) ?? ""
    }
    guard let program = arguments.first else { return false }
    if program == name { return true }
    return program.hasPrefix("python") && arguments.dropFirst().first == name
  }

  private func readTrimmed(_ path: String) -> String? {
    guard let data = AccessibilitySystemCalls.readFile(path) else { return nil }
    return String(String(decoding: data, as: UTF8.self).trimmingWhitespace())
  }
}
