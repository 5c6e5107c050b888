import PasscodeEngine
import PasscodeSpeech
import Synchronization
package import SystemCalls

/// An ``EntryClock`` that moves only when a test says so; as a `SpeechClock`, moving it wakes the threads asleep
/// on it whose time has come.
package final class ManualClock: EntryClock, SpeechClock {
  /// A thread asleep on the clock, and what wakes it.
  private struct Sleeper {
    let number: Int
    let until: Duration
    let signal: Semaphore
  }

  private struct State {
    var reading: Duration = .zero
    var sleepers: [Sleeper] = []
    var sleepersSoFar = 0
  }

  private let state = Mutex(State())
  /// Signalled each time a thread goes to sleep on the clock, for ``waitForSleeper(until:)``.
  private let sleeperArrived = Semaphore()

  /// Creates a clock reading zero.
  package init() {}

  /// The time the clock was set to.
  package func now() -> Duration { state.withLock { $0.reading } }

  /// Moves the clock to `time`, never back, and wakes the sleepers whose time has come.
  ///
  /// - Parameter time: The new reading.
  package func set(to time: Duration) {
    let due = state.withLock { state in
      precondition(time >= state.reading, "a monotonic clock never goes back")
      state.reading = time
      let due = state.sleepers.filter { $0.until <= time }
      state.sleepers.removeAll { $0.until <= time }
      return due
    }
    for sleeper in due { sleeper.signal.signal() }
  }

  /// Moves the clock on by `duration` and wakes the sleepers whose time has come.
  ///
  /// - Parameter duration: How far; not negative.
  package func advance(by duration: Duration) {
    set(to: now() + duration)
  }

  package func sleep(wakingOn signal: Semaphore, until reading: Duration) {
    let number: Int? = state.withLock { state in
      guard state.reading < reading else { return nil }
      state.sleepersSoFar += 1
      state.sleepers.append(Sleeper(number: state.sleepersSoFar, until: reading, signal: signal))
      return state.sleepersSoFar
    }
    guard let number else { return }
    sleeperArrived.signal()
    signal.wait()
    state.withLock { state in state.sleepers.removeAll { $0.number == number } }
  }

  /// Waits until a thread is asleep on the clock until `reading`: a worker waiting out a delay the test then
  /// lets pass with ``set(to:)``. A thread that never sleeps so fails the test after a few seconds rather than
  /// hanging it.
  ///
  /// - Parameter reading: The reading the thread sleeps until.
  /// - Returns: Whether one did.
  @discardableResult
  package func waitForSleeper(until reading: Duration) -> Bool {
    while !state.withLock({ state in state.sleepers.contains { $0.until == reading } }) {
      guard sleeperArrived.wait(for: .seconds(10)) else { return false }
    }
    return true
  }
}
