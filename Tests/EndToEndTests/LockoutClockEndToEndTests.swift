import Foundation
import PasscodeTestSupport
import Testing

/// The lockout never runs longer than the schedule's delay, whatever the wall clock says.
@Suite("the lockout and the clock, end to end", .serialized)
struct LockoutClockEndToEndTests {
  typealias Codes = StoredPasscodeEndToEndTests

  @Test("a hand-made state file with last-failure a day ahead locks for the delay, then takes the right code")
  func futureLastFailure() throws {
    let store = try StoreDirectory(settings: "lockout = 0,0,2\n")
    _ = try Codes.setPasscode(in: store)
    let dayAhead = Date().timeIntervalSince1970 + 86400
    try store.write("passcode-state 1\nfailures 3\nlast-failure \(dayAhead)\n", to: "state", mode: 0o600)
    let run = try PasscodeRun("check", store: store)
    try run.expect("Try again in 2 seconds")
    try run.enter(Codes.rightCode, after: "Ready")
    try run.expect("Passcode accepted")
    #expect(try run.finish() == .exited(0))
  }
}
