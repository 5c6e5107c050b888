import PasscodeEngine

/// Drives a screen that is not an entry (a ``PromptMachine`` such as a confirmation or the demo's unlocked
/// screen) through the real ``PromptDriver`` on a ``ManualClock``, recording what was carried out, in the style
/// of the engine's timelines: events go in, time is advanced, and the timers that fall due fire on the way.
package struct MachineTimeline<Machine: PromptMachine> {
  /// The driver, its machine and its recording output.
  package private(set) var driver: PromptDriver<Machine, RecordingEntryOutput>
  /// The clock the driver reads.
  package let clock = ManualClock()

  /// Starts a machine.
  ///
  /// - Parameters:
  ///   - machine: The machine, not started.
  ///   - opening: Starts it, returning its opening effects.
  package init(_ machine: Machine, opening: (inout Machine) -> [PromptEffect<Machine.Outcome>]) {
    driver = PromptDriver(machine, clock: clock, output: RecordingEntryOutput())
    driver.start(opening)
  }

  /// Sends events, in order.
  package mutating func send(_ events: EntryEvent...) {
    for event in events { driver.handle(event) }
  }

  /// Lets time pass, firing every timer that falls due on the way at its own instant.
  package mutating func advance(by duration: Duration) {
    let target = clock.now() + duration
    while let due = driver.nextDeadline, due <= target {
      clock.set(to: max(due, clock.now()))
      driver.fireDueTimers()
    }
    clock.set(to: target)
  }

  /// How the screen ended, once it has.
  package var outcome: Machine.Outcome? { driver.outcome }
  /// Whether the screen is over.
  package var isOver: Bool { driver.isOver }
  /// The words told so far, in order.
  package var told: [Announcement] { driver.output.asides }
  /// Everything carried out, in order.
  package var records: [RecordingEntryOutput.Record] { driver.output.records }
  /// The timers pending now.
  package var timers: Set<EntryTimer> { driver.pendingTimers }
}
