import Foundation
import PasscodeTestSupport
import Testing

/// What a command tells besides its prompts, a result or a store's trouble, is spoken as well as shown: a person
/// who hears passcode must not be left with silence where a sighted one reads the outcome.
@Suite("a command's own words are spoken, end to end", .serialized)
struct CommandWordsSpokenEndToEndTests {
  typealias Codes = StoredPasscodeEndToEndTests

  @Test("set with speech on speaks Passcode set. after the second entry is accepted")
  func passcodeSetIsSpoken() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let store = try StoreDirectory()
    let run = try PasscodeRun(
      executable: PasscodeBinary.path, arguments: ["set", "--store", store.path, "--speech", "on"], store: store,
      environment: ["SPEECHD_ADDRESS": daemon.address])
    try run.enter(Codes.rightCode, after: "New Passcode, 6 digits")
    try run.enter(Codes.rightCode, after: "Enter the same passcode again")
    try run.expect("Passcode set.")
    #expect(try run.finish() == .exited(0))
    let requests = daemon.waitForLastRequest(text: "Passcode set.")
    #expect(requests.last?.text == "Passcode set.", "spoken: \(requests.map(\.text))")
    #expect(requests.last?.priority == "MESSAGE")
    try Codes.expectNoSecret(in: [run.output], store: store)
  }

  @Test("lock with a damaged hash speaks why it cannot unlock yet, as it shows it")
  func storeProblemIsSpoken() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let hash = String(decoding: try store.read("passcode.hash"), as: UTF8.self)
    try store.write("not a hash at all\n", to: "passcode.hash", mode: 0o600)
    let run = try PasscodeRun(
      executable: PasscodeBinary.path, arguments: ["lock", "--store", store.path, "--speech", "on"], store: store,
      environment: ["SPEECHD_ADDRESS": daemon.address])
    try run.expect("damaged")
    try run.expect("Terminal Locked, 6 digits")
    // Speech connects in the background: the advice and the prompt's words are sent once it answers.
    let spoken = daemon.waitForRequests(count: 2).map(\.text)
    #expect(spoken.contains { $0.contains("damaged") }, "spoken: \(spoken)")
    try store.write(hash, to: "passcode.hash", mode: 0o600)
    try run.type(Codes.rightCode)
    try run.expect("Passcode accepted")
    #expect(try run.finish() == .exited(0))
  }
}
