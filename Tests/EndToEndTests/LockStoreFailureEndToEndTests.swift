import Foundation
import PasscodeTestSupport
import Testing

/// `lock` locks whatever state the store is in: as a tmux `lock-command`, its ending is the unlocking.
@Suite("lock on a store that cannot be written or read, end to end", .serialized)
struct LockStoreFailureEndToEndTests {
  typealias Codes = StoredPasscodeEndToEndTests

  /// Whether a mount namespace can be made here, to mount the store read-only for one process: root only (a
  /// user namespace would map root's directories to nobody, which the store's path check refuses).
  static let readOnlyMountsWork: Bool = {
    guard getuid() == 0 else { return false }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    probe.arguments = ["--mount", "--propagation", "private", "true"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
  }()

  /// Runs `passcode lock` on the store in a mount namespace of its own, with the store bind-mounted on
  /// itself there (read-only at once when `readOnly`), so that only this process sees it read-only.
  private static func lockInMountNamespace(_ store: StoreDirectory, readOnly: Bool) throws -> PasscodeRun {
    let remount = readOnly ? " && mount -o remount,bind,ro \"$1\"" : ""
    return try PasscodeRun(
      executable: "/usr/bin/unshare",
      arguments: [
        "--mount", "--propagation", "private", "sh", "-c",
        "mount --bind \"$1\" \"$1\"\(remount) && shift && exec \"$@\"", "sh", store.path,
        PasscodeBinary.path, "lock", "--store", store.path, "--speech", "off",
      ],
      store: store)
  }

  /// Runs `passcode SUBCOMMAND --store MOUNT` in a mount namespace of its own, on a 256 KiB tmpfs mounted on
  /// `mount` there that holds a copy of `store`'s files, filled to the last page first when `full`; nothing of
  /// the tmpfs outlives the process. The tmpfs root is 0700 and root's, as the store's checks require.
  private static func runOnTmpfs(
    _ subcommand: String, copying store: StoreDirectory, onto mount: StoreDirectory, full: Bool
  ) throws -> PasscodeRun {
    let mountPoint = "\"$1\""
    let fill = full ? " && { \(fillCommand(mountPoint)); true; }" : ""
    return try PasscodeRun(
      executable: "/usr/bin/unshare",
      arguments: [
        "--mount", "--propagation", "private", "sh", "-c",
        "mount -t tmpfs -o size=256k,mode=0700 tmpfs \"$1\" && cp -a \"$2\"/. \"$1\"/\(fill)"
          + " && shift 2 && exec \"$@\"",
        "sh", mount.path, store.path, PasscodeBinary.path, subcommand, "--store", mount.path, "--speech", "off",
      ],
      store: store)
  }

  /// The shell command that fills the file system of `directory` (a shell word) with zeros to its last page.
  private static func fillCommand(_ directory: String) -> String {
    "dd if=/dev/zero of=\(directory)/filler bs=4k 2>/dev/null"
  }

  /// Types the right code (once `ready` shows, when given) and checks that `lock` ends there, unlocked, with
  /// nothing secret shown or stored.
  ///
  /// With `mount` (the tmpfs the store was copied to), errors quote that directory and the temporary file a
  /// write failed on, whose name holds the writer's process number and a random suffix: both are said as the
  /// store's path before the output is searched for digits.
  private static func unlock(
    _ run: PasscodeRun, store: StoreDirectory, after ready: String? = "Ready", mount: StoreDirectory? = nil
  ) throws {
    if let ready { try run.expect(ready) }
    try run.type(Codes.rightCode)
    try run.expect("Passcode accepted")
    #expect(try run.finish() == .exited(0))
    var output = run.output
    if let mount {
      let temporary = try NSRegularExpression(pattern: "\\.tmp-[0-9]+-[0-9a-f]+")
      output = output.replacingOccurrences(of: mount.path, with: store.path)
      output = temporary.stringByReplacingMatches(
        in: output, range: NSRange(output.startIndex..., in: output), withTemplate: "")
    }
    try Codes.expectNoSecret(in: [output], store: store)
  }

  @Test(
    "lock on a read-only store locks, says failures cannot be recorded, counts them itself, and the right code unlocks",
    .enabled(if: readOnlyMountsWork, "needs root and unshare --mount"))
  func readOnlyStoreStillLocks() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let run = try Self.lockInMountNamespace(store, readOnly: true)
    try run.expect("Terminal Locked, 6 digits")
    try run.expect("Failures cannot be recorded")
    try run.type(Codes.wrongCode)
    try run.expect("Wrong passcode, 2 tries left")
    try run.enter(Codes.wrongCode, after: "Ready")
    try run.expect("Wrong passcode, 1 try left")
    try run.enter(Codes.wrongCode, after: "Ready")
    try run.expect("Too many tries. Try again in 2 seconds")
    try Self.unlock(run, store: store)
    #expect(!run.output.contains("stays locked"), "output: \(run.output)")
    #expect(run.output.components(separatedBy: "Failures cannot be recorded").count == 2, "said once: \(run.output)")
  }

  @Test(
    "a store that turns read-only while locked: the code then typed is not checked, then failures count in memory",
    .enabled(if: readOnlyMountsWork, "needs root and unshare --mount"))
  func storeTurnsReadOnlyWhileLocked() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let run = try Self.lockInMountNamespace(store, readOnly: false)
    try run.enter(Codes.wrongCode, after: "Terminal Locked, 6 digits")
    try run.expect("Wrong passcode, 2 tries left")
    try run.expect("Ready")
    let remount = Process()
    remount.executableURL = URL(fileURLWithPath: "/usr/bin/nsenter")
    remount.arguments = [
      "--target", "\(run.process.processIdentifier)", "--mount", "mount", "-o", "remount,bind,ro", store.path,
    ]
    try remount.run()
    remount.waitUntilExit()
    try #require(remount.terminationStatus == 0, "the store could not be made read-only")
    try run.type(Codes.wrongCode)
    try run.expect("read-only file system")
    try run.expect("Failures cannot be recorded")
    try run.type(Codes.wrongCode)
    try run.expect("Wrong passcode, 1 try left")
    try Self.unlock(run, store: store)
    #expect(!run.output.contains("stays locked"), "output: \(run.output)")
  }

  @Test(
    "lock on a full store locks, says failures cannot be recorded from the first code, and the right code unlocks",
    .enabled(if: readOnlyMountsWork, "needs root to mount a tmpfs"))
  func fullStoreStillLocks() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let mount = try StoreDirectory()
    let run = try Self.runOnTmpfs("lock", copying: store, onto: mount, full: true)
    try run.expect("Terminal Locked, 6 digits")
    try run.expect("Failures cannot be recorded")
    try run.type(Codes.wrongCode)
    try run.expect("Wrong passcode, 2 tries left")
    try Self.unlock(run, store: store, mount: mount)
    #expect(!run.output.contains("stays locked"), "output: \(run.output)")
    #expect(!run.output.contains("ENOSPC"), "found before the first code, not by it: \(run.output)")
  }

  @Test(
    "a store that fills up while locked: the code then typed may fail once, then failures count in memory",
    .enabled(if: readOnlyMountsWork, "needs root to mount a tmpfs"))
  func storeFillsWhileLocked() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let mount = try StoreDirectory()
    let run = try Self.runOnTmpfs("lock", copying: store, onto: mount, full: false)
    try run.enter(Codes.wrongCode, after: "Terminal Locked, 6 digits")
    try run.expect("Wrong passcode, 2 tries left")
    try run.expect("Ready")
    let fill = Process()
    fill.executableURL = URL(fileURLWithPath: "/usr/bin/nsenter")
    fill.arguments = [
      "--target", "\(run.process.processIdentifier)", "--mount", "sh", "-c",
      Self.fillCommand("'\(mount.path)'") + "; true",
    ]
    try fill.run()
    fill.waitUntilExit()
    try #require(fill.terminationStatus == 0, "the store could not be filled")
    try run.type(Codes.wrongCode)
    try run.expect("no space left on device (ENOSPC)")
    try run.expect("Failures cannot be recorded")
    try run.type(Codes.wrongCode)
    try run.expect("Wrong passcode, 1 try left")
    try Self.unlock(run, store: store, mount: mount)
    #expect(!run.output.contains("stays locked"), "output: \(run.output)")
  }

  @Test(
    "set on a full store says so before asking for any code",
    .enabled(if: readOnlyMountsWork, "needs root to mount a tmpfs"))
  func setOnFullStoreRefusesFirst() throws {
    let store = try StoreDirectory()
    let mount = try StoreDirectory()
    let run = try Self.runOnTmpfs("set", copying: store, onto: mount, full: true)
    try run.expect("no space left on device (ENOSPC)")
    #expect(try run.finish() == .exited(74))
    #expect(!run.output.contains("New Passcode"), "output: \(run.output)")
  }

  @Test("lock with a damaged hash locks, says why at each code, and unlocks once the hash is repaired")
  func unreadableHashStillLocks() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let hash = String(decoding: try store.read("passcode.hash"), as: UTF8.self)
    try store.write("not a hash at all\n", to: "passcode.hash", mode: 0o600)
    let run = try PasscodeRun("lock", store: store)
    try run.expect("damaged")
    try run.expect("Terminal Locked, 6 digits")
    try run.type(Codes.rightCode)
    try run.expect("damaged")
    try run.expect("Terminal Locked, 6 digits")
    try store.write(hash, to: "passcode.hash", mode: 0o600)
    try Self.unlock(run, store: store, after: nil)
  }

  @Test("lock with a settings file it cannot use locks with the default settings and says why")
  func badSettingsStillLock() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    try store.write("lockout = soon\n", to: "config", mode: 0o600)
    let run = try PasscodeRun("lock", store: store)
    try run.expect("config, line 1")
    try run.expect("Terminal Locked, 6 digits")
    try run.type(Codes.wrongCode)
    try run.expect("Wrong passcode")
    try Self.unlock(run, store: store)
  }
}
