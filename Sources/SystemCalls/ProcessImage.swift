internal import Glibc

/// Replacing this process's program (`exec`), for a command that hands over to another program, or ending it.
package enum ProcessImage {
  /// Ends this process, flushing C streams and running `atexit` handlers. The corresponding C function is
  /// `exit`.
  ///
  /// - Parameter status: The exit status.
  package static func exit(status: Int32) -> Never {
    Glibc.exit(status)
  }

  /// Replaces this process with another program, with the signal dispositions and mask this process was
  /// started with put back first (``InheritedSignals/restore()``): what this process changed is undone (its
  /// ignored `SIGPIPE`, its handlers), and what its caller ignored on purpose (`nohup`'s `SIGHUP`, `trap ''
  /// QUIT PIPE`) stays ignored. Returns only on failure. The corresponding C function is `execv` (`execvp`
  /// when `searchesPath`).
  ///
  /// - Parameters:
  ///   - executable: The program.
  ///   - arguments: The whole argument vector, `argv[0]` included.
  ///   - searchesPath: Whether the program is looked up in `PATH`.
  ///   - inherited: The signal state this process was started with.
  /// - Returns: The ``Errno`` of the failed `exec`; the mask and dispositions are then left as inherited.
  package static func replace(
    executable: String, arguments: [String], searchesPath: Bool, restoring inherited: InheritedSignals
  ) -> Errno {
    inherited.restore()
    let vector = CStringVector(arguments)
    defer { vector.free() }
    if searchesPath { _ = execvp(executable, vector.pointers) } else { _ = execv(executable, vector.pointers) }
    return .current
  }
}

/// A null-terminated array of C strings, as `argv` and `envp` are, copied before a spawn or exec and freed after
/// (the test support's spawner and traced run use it too).
package struct CStringVector {
  /// The strings, then `nil`.
  package let pointers: [UnsafeMutablePointer<CChar>?]

  /// Copies strings. The corresponding C function is `strdup`.
  ///
  /// - Parameter strings: The strings.
  package init(_ strings: [String]) {
    pointers = strings.map { strdup($0) } + [nil]
  }

  /// Copies an environment as `NAME=value` strings, sorted by name.
  ///
  /// - Parameter environment: The variables.
  package init(environment: [String: String]) {
    self.init(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
  }

  /// Frees every string. The corresponding C function is `free`.
  package func free() {
    pointers.forEach { Glibc.free($0) }
  }
}
