internal import SystemCalls

/// Decoded keys waiting to be handled, kept in locked memory and wiped slot by slot as each key is taken,
/// so a typed character lives no longer than the read that decoded it and the loop that handled it.
///
/// A Swift array cannot promise that: growing it copies the elements and frees the old storage unwiped.
/// The queue has a fixed capacity, enough for every key one read can produce (two per byte at most: a
/// sequence cut short, then the byte that cut it).
final class KeyQueue: KeySink {
  /// How many keys fit.
  let capacity: Int
  private let memory: UnsafeMutableRawBufferPointer
  private let slots: UnsafeMutablePointer<Key>
  private var head = 0
  /// How many keys are waiting.
  private(set) var count = 0

  /// Allocates a locked, zeroed queue.
  ///
  /// - Parameter capacity: How many keys fit; at least 1.
  init(capacity: Int) {
    precondition(capacity > 0, "a key queue needs room for one key")
    self.capacity = capacity
    memory = LockedMemory.allocate(byteCount: capacity * MemoryLayout<Key>.stride)
    guard let base = memory.baseAddress else { preconditionFailure("an allocation of a nonzero size has an address") }
    slots = base.bindMemory(to: Key.self, capacity: capacity)
  }

  deinit {
    removeAll()
    LockedMemory.release(memory)
  }

  /// Whether no key is waiting.
  var isEmpty: Bool { count == 0 }

  /// Adds a key at the end. A key that does not fit is dropped; the capacity covers a whole read.
  func append(_ key: Key) {
    guard count < capacity else { return }
    (slots + (head + count) % capacity).initialize(to: key)
    count += 1
  }

  /// Takes the first key, wiping the slot it was in.
  ///
  /// - Returns: The key, or `nil` when none is waiting.
  func removeFirst() -> Key? {
    guard count > 0 else { return nil }
    let slot = slots + head
    let key = slot.move()
    LockedMemory.wipe(
      UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(slot), count: MemoryLayout<Key>.stride))
    head = (head + 1) % capacity
    count -= 1
    if count == 0 { head = 0 }
    return key
  }

  /// Whether every byte of the queue's memory is zero (for tests: nothing taken is left behind).
  var isWiped: Bool {
    memory.allSatisfy { $0 == 0 }
  }

  /// Drops every waiting key and wipes their slots.
  func removeAll() {
    while removeFirst() != nil {}
  }
}
