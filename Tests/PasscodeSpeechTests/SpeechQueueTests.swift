import PasscodeEngine
import Testing

@testable import PasscodeSpeech

@Suite("SpeechQueue")
struct SpeechQueueTests {
  private func words(_ text: String, _ priority: SpeechPriority) -> SpeechRequest {
    SpeechRequest(content: .words(text), priority: priority)
  }

  @Test("before the first connection a description and progress wait in order, progress coalesced")
  func keepsEverythingBeforeTheFirstConnection() {
    var queue = SpeechQueue()
    queue.add(words("Unlock the signing key", .message))
    queue.add(words("Enter passphrase", .message))
    queue.add(words("1 character entered", .text))
    queue.add(words("2 characters entered", .text))
    #expect(
      queue.requests == [
        words("Unlock the signing key", .message), words("Enter passphrase", .message),
        words("2 characters entered", .text),
      ])
  }

  @Test("during an outage only the newest request is kept, and queueing is normal again once connected")
  func keepsNewestDuringAnOutage() {
    var queue = SpeechQueue()
    queue.add(words("Enter passcode", .message))
    queue.add(words("Checking", .message))
    queue.connectionFailed()
    #expect(queue.requests == [words("Checking", .message)])
    queue.add(words("Wrong passcode", .important))
    #expect(queue.requests == [words("Wrong passcode", .important)])
    queue.connectionEstablished()
    queue.add(words("1 of 4 digits entered", .text))
    #expect(queue.requests == [words("Wrong passcode", .important), words("1 of 4 digits entered", .text)])
  }

  @Test("a newer progress message replaces an older one still waiting, other messages stay in order")
  func coalescesProgress() {
    var queue = SpeechQueue()
    queue.add(words("1 of 4 digits entered", .text))
    queue.add(words("Checking", .message))
    queue.add(words("2 of 4 digits entered", .text))
    #expect(queue.next() == words("Checking", .message))
    #expect(queue.next() == words("2 of 4 digits entered", .text))
    #expect(queue.next() == nil)
  }

  @Test("sound icons at TEXT priority are not treated as progress")
  func soundIconsAreNotProgress() {
    var queue = SpeechQueue()
    queue.add(SpeechRequest(content: .soundIcon("error"), priority: .text))
    queue.add(words("1 of 4 digits entered", .text))
    #expect(queue.requests.count == 2)
  }

  @Test("the queue holds at most its capacity, dropping the oldest")
  func dropsOldestBeyondCapacity() {
    var queue = SpeechQueue(capacity: 2)
    queue.add(words("Ready", .message))
    queue.add(words("Checking", .message))
    queue.add(words("Cancelled", .message))
    #expect(queue.requests == [words("Checking", .message), words("Cancelled", .message)])
  }

  @Test("after a lost connection the failed request is kept unless something newer waits")
  func connectionLostKeepsNewest() {
    var empty = SpeechQueue()
    empty.connectionLost(failed: words("Ready", .message))
    #expect(empty.requests == [words("Ready", .message)])

    var busy = SpeechQueue()
    busy.add(words("Checking", .message))
    busy.add(words("Cancelled", .message))
    busy.connectionLost(failed: words("Ready", .message))
    #expect(busy.requests == [words("Cancelled", .message)])
  }

  @Test("reconnection delays double from 0.5 s up to 30 s and reset after success")
  func backoffDoubles() {
    var backoff = ReconnectBackoff()
    let delays = (0..<8).map { _ in backoff.next() }
    #expect(
      delays == [
        .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30),
        .seconds(30),
      ])
    backoff.reset()
    #expect(backoff.next() == .milliseconds(500))
  }
}
