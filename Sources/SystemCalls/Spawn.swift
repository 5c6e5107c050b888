internal import CProcessControl
internal import Glibc

/// Starting another program with `posix_spawn`: the package's one spawner, for the polkit agent's helper and the
/// command it runs, and for the tests and passcode-bench (whose test support pins detection in the child's
/// environment first: `runPinned()`).
///
/// The child always starts with no signal blocked and every changeable signal at its default action,
/// whatever the spawning thread had: background threads block every signal and the prompt ignores `SIGPIPE`,
/// and a daemon that inherited either would ignore `SIGTERM` or die quietly on a closed pipe.
package struct Spawn: Sendable {
  /// One step the child takes on its descriptors before the program starts, in order.
  package enum FileAction: Sendable {
    /// Opens a file as a given descriptor number.
    case open(FileDescriptor, path: String, FileDescriptor.AccessMode, FileDescriptor.OpenOptions, permissions: UInt32)
    /// Makes the second descriptor refer to the first's open file (`dup2`).
    case duplicate(FileDescriptor, as: FileDescriptor)
    /// Closes a descriptor.
    case close(FileDescriptor)
  }

  /// The program: a path, or a name looked up in `PATH` when ``searchesPath`` is set.
  package var executable: String
  /// The arguments after the program's name (which is passed as `argv[0]`).
  package var arguments: [String]
  /// The child's whole environment.
  package var environment: [String: String]
  /// Whether ``executable`` is looked up in `PATH` (`posix_spawnp`).
  package var searchesPath = false
  /// Whether the child starts a new session (`setsid`), so a terminal it opens without
  /// ``FileDescriptor/OpenOptions/noControllingTerminal`` becomes its controlling terminal.
  package var startsNewSession = false
  /// The steps on descriptors, in order.
  package var fileActions: [FileAction] = []
  /// Whether every descriptor from 3 up is closed after ``fileActions``, so the child holds none of ours.
  package var closesOtherDescriptors = true

  /// Describes a program to start.
  ///
  /// - Parameters:
  ///   - executable: The program.
  ///   - arguments: The arguments after its name.
  ///   - environment: The child's whole environment.
  package init(executable: String, arguments: [String] = [], environment: [String: String]) {
    self.executable = executable
    self.arguments = arguments
    self.environment = environment
  }

  /// Starts the program. The corresponding C functions are `posix_spawn`/`posix_spawnp` and the
  /// `posix_spawn_file_actions_*` and `posix_spawnattr_*` functions.
  ///
  /// - Returns: The child's process identifier.
  /// - Throws: The ``Errno`` `posix_spawn` returned; a program that cannot be executed is reported as
  ///   `ENOENT` or `EACCES`.
  package func run() throws(Errno) -> ProcessIdentifier {
    let argumentPointers = CStringVector([executable] + arguments)
    let environmentPointers = CStringVector(environment: environment)
    defer {
      argumentPointers.free()
      environmentPointers.free()
    }
    var actions = posix_spawn_file_actions_t()
    try nothingOrReturnedErrno(posix_spawn_file_actions_init(&actions))
    defer { posix_spawn_file_actions_destroy(&actions) }
    for action in fileActions {
      switch action {
      case .open(let target, let path, let mode, let options, let permissions):
        try nothingOrReturnedErrno(
          posix_spawn_file_actions_addopen(
            &actions, target.rawValue, path, mode.rawValue | options.rawValue, permissions))
      case .duplicate(let source, let target):
        try nothingOrReturnedErrno(posix_spawn_file_actions_adddup2(&actions, source.rawValue, target.rawValue))
      case .close(let descriptor):
        try nothingOrReturnedErrno(posix_spawn_file_actions_addclose(&actions, descriptor.rawValue))
      }
    }
    if closesOtherDescriptors { try nothingOrReturnedErrno(passcode_spawn_add_close_from(&actions, 3)) }

    var attributes = posix_spawnattr_t()
    try nothingOrReturnedErrno(posix_spawnattr_init(&attributes))
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    var everySignal = sigset_t()
    sigemptyset(&noSignals)
    sigemptyset(&everySignal)
    for signal in Signal.changeable { sigaddset(&everySignal, signal.number) }
    try nothingOrReturnedErrno(posix_spawnattr_setsigmask(&attributes, &noSignals))
    try nothingOrReturnedErrno(posix_spawnattr_setsigdefault(&attributes, &everySignal))
    // glibc's POSIX_SPAWN_SETSID (0x80) is a GNU extension that Swift's Glibc module does not export.
    let newSession: Int16 = startsNewSession ? 0x80 : 0
    try nothingOrReturnedErrno(
      posix_spawnattr_setflags(
        &attributes, Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF) | newSession))

    var child: pid_t = 0
    let status =
      searchesPath
      ? posix_spawnp(&child, executable, &actions, &attributes, argumentPointers.pointers, environmentPointers.pointers)
      : posix_spawn(&child, executable, &actions, &attributes, argumentPointers.pointers, environmentPointers.pointers)
    try nothingOrReturnedErrno(status)
    return ProcessIdentifier(rawValue: child)
  }
}
