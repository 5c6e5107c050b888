/// Descriptors 0, 1 and 2 as this process was started with them.
///
/// A process started with one of them closed (`passcode askpass <&- >&-`) would hand that number to the next
/// file it opens: a pipe or a secret's destination would then be "standard output", and the passphrase written
/// for the caller would go into it. So `main` opens `/dev/null` on every one that is closed before anything
/// else opens a file, and a command whose product is its standard output refuses to run without it.
package enum StandardDescriptors {
  /// The standard descriptors that were closed when the process started, each now open on `/dev/null`.
  ///
  /// Its first use does the work, once, so `main` reads it first thing. The calls are ``FileDescriptor``'s
  /// (`fcntl` with `F_GETFD`, `open` and `dup2`).
  package static let reopenedAtStart: Set<FileDescriptor> = {
    var reopened: Set<FileDescriptor> = []
    for descriptor in [FileDescriptor.standardInput, .standardOutput, .standardError] where !descriptor.isOpen {
      // Opened in order, so the lowest free number is this one; dup2 covers a number already taken meanwhile.
      guard let null = try? FileDescriptor.open("/dev/null", .readWrite, options: []) else { continue }
      if null != descriptor {
        defer { null.closeIgnoringErrors() }
        guard (try? null.duplicate(as: descriptor)) != nil else { continue }
      }
      reopened.insert(descriptor)
    }
    return reopened
  }()
}
