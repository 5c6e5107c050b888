internal import CTestProcessControl
internal import Glibc
package import SystemCalls

/// Running a program under `ptrace` to look at it as it exits, while its memory is still there: how
/// passcode-bench reads a measured program's peak resident set (`VmHWM`). `wait4`'s `ru_maxrss` cannot be
/// used for a child of a large process: exec records the old image's high-water mark, which after fork (or
/// posix_spawn's vfork) is the parent's.
package enum TracedExit {
  /// Starts a program traced, with its standard input and output (and error) on the given descriptors, calls
  /// `atExit` when it stops at its exit, and returns once it is gone. The corresponding C functions are
  /// `fork`, `dup2`, `ptrace`, `execve` and `waitpid`.
  ///
  /// - Parameters:
  ///   - path: The program's absolute path.
  ///   - arguments: The arguments after `argv[0]`.
  ///   - environment: The whole environment.
  ///   - input: The child's standard input.
  ///   - output: The child's standard output and error.
  ///   - atExit: Called with the child while it is stopped at its exit.
  /// - Throws: The ``Errno`` of a failed `fork`.
  package static func run(
    path: String, arguments: [String], environment: [String: String], input: FileDescriptor,
    output: FileDescriptor, atExit: (ProcessIdentifier) -> Void
  ) throws(Errno) {
    let argv = CStringVector([path] + arguments)
    let envp = CStringVector(environment: environment)
    defer {
      argv.free()
      envp.free()
    }
    let child = argv.pointers.withUnsafeBufferPointer { argumentBuffer in
      envp.pointers.withUnsafeBufferPointer { environmentBuffer -> pid_t in
        let child = fork()
        if child == 0 {
          // Between fork and exec: only async-signal-safe calls.
          _ = dup2(input.rawValue, 0)
          _ = dup2(output.rawValue, 1)
          _ = dup2(output.rawValue, 2)
          _ = passcode_trace_me()
          if let base = argumentBuffer.baseAddress, let first = base.pointee,
            let environment = environmentBuffer.baseAddress
          {
            _ = execve(first, base, environment)
          }
          _exit(127)
        }
        return child
      }
    }
    guard child > 0 else { throw .current }
    let process = ProcessIdentifier(rawValue: child)
    var optionsSet = false
    while let status = try? process.waitForExit() {
      let word = status.rawValue
      guard word & 0xff == 0x7f else { break }
      let stopSignal = (word >> 8) & 0xff
      if word >> 8 == passcode_trace_exit_stop_status() {
        atExit(process)
        _ = passcode_trace_continue(child, 0)
      } else if !optionsSet && stopSignal == SIGTRAP {
        optionsSet = true
        _ = passcode_trace_stop_at_exit(child)
        _ = passcode_trace_continue(child, 0)
      } else {
        _ = passcode_trace_continue(child, stopSignal)
      }
    }
  }
}

/// What this process has used, as `getrusage` reports it (for passcode-bench's own footprint).
package enum ResourceUsage {
  /// The calling process's own peak resident set, in KiB (`ru_maxrss`). The corresponding C function is
  /// `getrusage`.
  package static var ownPeakResidentKibibytes: Int {
    var usage = rusage()
    _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss
  }
}
