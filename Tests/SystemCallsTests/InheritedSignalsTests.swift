import Testing

@testable import SystemCalls

@Suite("inherited signals")
struct InheritedSignalsTests {
  @Test("the inherited signal state records what was ignored and blocked when it was taken")
  func inheritedSignalsAreRecorded() throws {
    // SIGURG is ignored by default and no test or handler uses it, so changing it here disturbs nothing.
    let urgent = Signal.urgentData
    let original = try SignalAction.ignore.install(for: urgent)
    defer { _ = try? original.install(for: urgent) }
    let inherited = SignalSet([urgent]).withThreadMask { InheritedSignals.current() }
    #expect(inherited.ignored.contains(urgent))
    #expect(!inherited.ignored.contains(.terminate))
    #expect(inherited.mask.contains(urgent))
    #expect(!inherited.mask.contains(.terminate))
    try SignalAction.defaultAction.install(for: urgent)
    #expect(!InheritedSignals.current().ignored.contains(urgent))
  }
}
