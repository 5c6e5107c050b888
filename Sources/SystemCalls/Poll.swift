internal import Glibc

/// What a descriptor is ready for, or what happened to it, in a ``Poll``.
package struct PollEvents: OptionSet, Hashable, Sendable {
  /// The `POLL*` bits.
  package let rawValue: Int16
  /// Wraps `POLL*` bits.
  package init(rawValue: Int16) { self.rawValue = rawValue }
  /// Data can be read (`POLLIN`).
  package static let readable = PollEvents(rawValue: Int16(POLLIN))
  /// Data can be written (`POLLOUT`).
  package static let writable = PollEvents(rawValue: Int16(POLLOUT))
  /// An error is pending (`POLLERR`).
  package static let error = PollEvents(rawValue: Int16(POLLERR))
  /// The other side hung up (`POLLHUP`).
  package static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
  /// The descriptor is not open (`POLLNVAL`).
  package static let invalid = PollEvents(rawValue: Int16(POLLNVAL))
}

/// A wait on several descriptors at once, each known by a name instead of an index.
package struct Poll<Name: Hashable & Sendable>: Sendable {
  private var names: [Name] = []
  private var descriptors: [FileDescriptor] = []
  private var wanted: [PollEvents] = []

  /// An empty wait.
  package init() {}

  /// Adds a descriptor under a name.
  ///
  /// - Parameters:
  ///   - name: How the result refers to it.
  ///   - descriptor: The descriptor.
  ///   - events: What to wait for.
  package mutating func add(_ name: Name, _ descriptor: FileDescriptor, waitingFor events: PollEvents = .readable) {
    names.append(name)
    descriptors.append(descriptor)
    wanted.append(events)
  }

  /// Waits until a descriptor is ready or the timeout passes. The corresponding C function is `poll`.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, rounded up to whole milliseconds so the wait never ends early; `nil` waits
  ///     for ever.
  ///   - retryOnInterrupt: Whether to wait again after `EINTR`; a loop that must notice signals passes `false`.
  /// - Returns: What happened to each named descriptor; empty on timeout.
  /// - Throws: The call's ``Errno``.
  package func wait(timeout: Duration?, retryOnInterrupt: Bool = true) throws(Errno) -> PollResult<Name> {
    var entries = zip(descriptors, wanted).map { pollfd(fd: $0.rawValue, events: $1.rawValue, revents: 0) }
    let count = nfds_t(entries.count)
    let milliseconds = pollMilliseconds(timeout)
    _ = try valueOrErrno(retryOnInterrupt: retryOnInterrupt) { Glibc.poll(&entries, count, milliseconds) }
    var happened: [Name: PollEvents] = [:]
    for (name, entry) in zip(names, entries) where entry.revents != 0 {
      happened[name, default: []].formUnion(PollEvents(rawValue: entry.revents))
    }
    return PollResult(happened: happened)
  }

  /// Waits for one descriptor.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor.
  ///   - events: What to wait for.
  ///   - timeout: How long to wait; `nil` waits for ever.
  /// - Returns: What happened; empty on timeout.
  /// - Throws: The call's ``Errno``.
  package static func wait(
    for descriptor: FileDescriptor, _ events: PollEvents = .readable, timeout: Duration?
  ) throws(Errno) -> PollEvents where Name == Int {
    var poll = Poll<Int>()
    poll.add(0, descriptor, waitingFor: events)
    return try poll.wait(timeout: timeout).events(of: 0)
  }
}

/// What a ``Poll`` saw, by name.
package struct PollResult<Name: Hashable & Sendable>: Sendable {
  /// The events of every descriptor that had any.
  package let happened: [Name: PollEvents]

  /// Whether nothing happened before the timeout.
  package var timedOut: Bool { happened.isEmpty }

  /// What happened to one named descriptor.
  ///
  /// - Parameter name: The name it was added under.
  /// - Returns: Its events; empty when it had none.
  package func events(of name: Name) -> PollEvents { happened[name] ?? [] }

  /// Whether a named descriptor can be read, or hung up, failed or closed (a read then reports which).
  ///
  /// - Parameter name: The name it was added under.
  /// - Returns: `true` when a read will not wait.
  package func isReadable(_ name: Name) -> Bool {
    !events(of: name).isDisjoint(with: [.readable, .hangUp, .error, .invalid])
  }
}

/// Sleeps for up to a duration (rounded up to whole milliseconds), waking on no descriptor; a signal may end it
/// early. The corresponding C function is `poll` with no descriptors.
///
/// - Parameter duration: How long.
package func sleep(for duration: Duration) {
  _ = Glibc.poll(nil, 0, pollMilliseconds(duration))
}

/// A timeout in the whole milliseconds `poll` takes, rounded up so a wait never ends early and clamped to
/// `0...Int32.max`; `-1` (for ever) for `nil`.
private func pollMilliseconds(_ timeout: Duration?) -> Int32 {
  guard let timeout else { return -1 }
  return Int32(clamping: (max(timeout, .zero) + .nanoseconds(999_999)).wholeMilliseconds)
}
