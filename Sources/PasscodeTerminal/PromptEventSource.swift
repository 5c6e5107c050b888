internal import SystemCalls

/// Where a waiting prompt's wake-ups come from, each a descriptor that becomes readable.
enum PromptEventSource: CaseIterable, Hashable {
  /// Key bytes (or a hang-up) on the terminal.
  case terminal
  /// A signal, through the relay's pipe.
  case signals
  /// The verifier's answer.
  case verification
  /// A background notice to print.
  case notices
  /// Another thread ending the entry.
  case interruption

  /// Sleeps in one `poll` until a source is readable or the deadline passes, and says which are readable.
  ///
  /// - Parameters:
  ///   - sources: The descriptor of each source to listen to.
  ///   - deadline: When to stop waiting, or `nil` to wait as long as it takes.
  /// - Returns: The sources that are readable (or hung up); empty when the deadline passed.
  /// - Throws: ``PromptError/terminal(_:)`` when `poll` fails.
  static func wait(
    on sources: [PromptEventSource: Int32], until deadline: BootTimeClock.Instant?
  ) throws(PromptError) -> Set<PromptEventSource> {
    let listened = allCases.filter { sources[$0] != nil }
    var poll = Poll<PromptEventSource>()
    for source in listened { poll.add(source, FileDescriptor(rawValue: sources[source] ?? -1)) }
    let timeout = deadline.map { milliseconds(until: $0, from: BootTimeClock.now) } ?? -1
    do {
      let result = try TerminalCalls.naming(.poll) { () throws(Errno) in
        try poll.wait(timeoutMilliseconds: timeout, retryOnInterrupt: true)
      }
      return Set(listened.filter { result.isReadable($0) })
    } catch {
      throw .terminal(error)
    }
  }

  /// Whole milliseconds from `now` to `deadline`, rounded up so a wake-up never comes early; 0 when it passed.
  private static func milliseconds(until deadline: BootTimeClock.Instant, from now: BootTimeClock.Instant) -> Int32 {
    let remaining = deadline - now
    guard remaining > .zero else { return 0 }
    let (seconds, attoseconds) = remaining.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(min(milliseconds, Int64(Int32.max)))
  }
}
