import Foundation
import PasscodeTestSupport
import Testing

/// The store is reached by a safe walk from `/`: a symbolic link or a directory another user could change
/// on the way fails closed with status 74 before anything is asked or counted.
@Suite("the path to the store, end to end", .serialized)
struct StorePathEndToEndTests {
  typealias Codes = StoredPasscodeEndToEndTests

  @Test("a store reached through a symbolic link is refused with 74, and nothing is counted there")
  func symbolicLinkedParent() throws {
    let store = try StoreDirectory()
    let real = store.child("real")
    try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
    #expect(chmod(real, 0o700) == 0)
    try FileManager.default.createSymbolicLink(atPath: store.child("link"), withDestinationPath: real)
    let run = try PasscodeRun(
      executable: PasscodeBinary.path,
      arguments: ["check", "--store", store.child("link") + "/passcode", "--speech", "off"], store: store)
    #expect(try run.finish() == .exited(74))
    #expect(run.output.contains("symbolic link"), "output: \(run.output)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: real).isEmpty)
  }

  @Test("a store under a directory others may write is refused with 74")
  func writableParent() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    #expect(chmod(store.path, 0o777) == 0)
    defer { _ = chmod(store.path, 0o700) }
    let inner = store.child("inner")
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: false)
    #expect(chmod(inner, 0o700) == 0)
    let run = try PasscodeRun(
      executable: PasscodeBinary.path, arguments: ["status", "--store", inner], store: store)
    #expect(try run.finish() == .exited(74))
    #expect(run.output.contains("chmod go-w \(store.path)"), "output: \(run.output)")
  }

  @Test("a relative --store is walked from the working directory")
  func relativeStore() throws {
    let store = try StoreDirectory()
    let run = try PasscodeRun(
      executable: "/bin/sh",
      arguments: ["-c", "cd \"$0\" && exec \"$1\" status --store relative", store.path, PasscodeBinary.path],
      store: store)
    #expect(try run.finish() == .exited(66))
  }
}

/// `set` finds an unusable store before it asks for anything.
@Suite("set checks the store first")
struct SetChecksStoreEndToEndTests {
  @Test("a damaged state file stops set before the first question, with 74 and the way out")
  func damagedStateBeforeAsking() throws {
    let store = try StoreDirectory()
    try store.write("passcode-state 1\nfailures\n", to: "state", mode: 0o600)
    let run = try PasscodeRun("set", store: store)
    #expect(try run.finish() == .exited(74))
    #expect(!run.output.contains("New Passcode"), "it asked first: \(run.output)")
    #expect(run.output.contains("rm \(store.child("state"))"), "output: \(run.output)")
  }
}
