import PasscodeEngine
import PasscodeTestSupport
import SystemCalls
import Testing

@testable import PasscodeTerminal

@Suite("Console tones: the asking and wrong cues, told from BIOS beeps")
struct ConsoleToneTests {
  @Test("asking is two short rising tones whose starts are 0.5 s apart; wrong is one low tone")
  func cueTones() {
    let asking = ConsoleTone.tones(for: .asking)
    #expect(asking.count == 2)
    #expect(asking[0].hertz < asking[1].hertz, "a rising pair, unlike a BIOS's repeated beep")
    #expect(asking[0].duration + asking[0].pauseAfter == .milliseconds(500))
    #expect(asking.allSatisfy { $0.duration <= .milliseconds(150) })
    #expect(asking.last?.pauseAfter == .zero)
    let wrong = ConsoleTone.tones(for: .error)
    #expect(wrong.count == 1)
    #expect(wrong[0].hertz < asking[0].hertz, "wrong is lower than asking")
    for cue in SoundCue.allCases {
      #expect(
        ConsoleTone.tones(for: cue).allSatisfy { $0.hertz != 750 }, "not the console bell's pitch, as BIOSes beep")
    }
  }

  @Test("outside a virtual console the tone fails at once, and the player stays silent without waiting")
  func silentOutsideAConsole() throws {
    let terminal = try PseudoTerminal()
    let console = FileDescriptor(rawValue: terminal.slaveFileDescriptor)
    #expect(throws: Errno.self) { try console.playConsoleTone(hertz: 587, milliseconds: 120) }
    let waits = WaitRecorder()
    let player = ConsoleTonePlayer(console: console, sleep: { waits.record($0) })
    player.play(.asking)
    #expect(waits.durations.isEmpty)
  }
}

/// Records the waits a tone player asks for.
final class WaitRecorder: @unchecked Sendable {
  private(set) var durations: [Duration] = []

  func record(_ duration: Duration) { durations.append(duration) }
}
