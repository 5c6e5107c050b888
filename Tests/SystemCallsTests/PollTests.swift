import Testing

@testable import SystemCalls

private enum Source: Hashable, Sendable {
  case keyboard
  case signals
}

@Suite("Poll")
struct PollTests {
  @Test("poll names the source that has input and only that one")
  func reportsNamedReadiness() throws {
    let keyboard = try Pipe()
    let signals = try Pipe(nonBlocking: true)
    defer {
      keyboard.close()
      signals.close()
    }
    var poll = Poll<Source>()
    poll.add(.keyboard, keyboard.readEnd)
    poll.add(.signals, signals.readEnd)
    try keyboard.writeEnd.writeAll([1])
    let result = try poll.wait(timeout: .seconds(10))
    #expect(result.isReadable(.keyboard))
    #expect(!result.isReadable(.signals))
    #expect(result.events(of: .signals).isEmpty)
  }

  @Test("poll times out with nothing ready")
  func timesOut() throws {
    let pipe = try Pipe()
    defer { pipe.close() }
    var poll = Poll<Source>()
    poll.add(.keyboard, pipe.readEnd)
    #expect(try poll.wait(timeout: .zero).timedOut)
  }

  @Test("a closed writer shows as a hang-up on the reading end")
  func reportsHangUp() throws {
    let pipe = try Pipe()
    defer { pipe.readEnd.closeIgnoringErrors() }
    try pipe.writeEnd.close()
    let events = try Poll<Int>.wait(for: pipe.readEnd, timeout: .seconds(10))
    #expect(events.contains(.hangUp))
  }

  @Test("a non-blocking pipe with nothing in it reports wouldBlock")
  func nonBlockingReadReportsWouldBlock() throws {
    let pipe = try Pipe(nonBlocking: true)
    defer { pipe.close() }
    #expect(throws: Errno.wouldBlock) { try pipe.readEnd.read(upTo: 1) }
  }
}
