import PasscodeTestSupport
import SystemCalls
import Testing

@testable import PasscodeTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Serialized: raw mode keeps one process-wide copy of the settings for emergency restore.
@Suite("Raw mode on a pseudo-terminal", .serialized)
struct RawModeTests {
  @Test("entering and restoring leaves the settings byte-identical")
  func restoreIsExact() throws {
    let terminal = try PseudoTerminal()
    let before = try terminal.termiosSnapshot()
    let rawMode = try RawMode(terminal: FileDescriptor(rawValue: terminal.slaveFileDescriptor), writesEscapes: true)
    let during = try terminal.termiosSnapshot()
    #expect(during != before)
    try rawMode.restore()
    #expect(try terminal.termiosSnapshot() == before)
    #expect(!rawMode.isActive)
    try rawMode.restore()
    #expect(try terminal.termiosSnapshot() == before)
  }

  @Test("raw settings turn off echo, canonical input, signals and CR translation, one byte at a time")
  func rawSettings() throws {
    let terminal = try PseudoTerminal()
    let rawMode = try RawMode(terminal: FileDescriptor(rawValue: terminal.slaveFileDescriptor), writesEscapes: false)
    var settings = termios()
    #expect(tcgetattr(terminal.slaveFileDescriptor, &settings) == 0)
    #expect(settings.c_lflag & tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN) == 0)
    #expect(settings.c_iflag & tcflag_t(ICRNL) == 0)
    #expect(settings.c_iflag & tcflag_t(IXON) == 0, "Ctrl-S must not stop the output")
    withUnsafeBytes(of: settings.c_cc) { characters in
      #expect(characters[Int(VMIN)] == 1)
      #expect(characters[Int(VTIME)] == 0)
    }
    try rawMode.restore()
  }

  @Test("settings changed under raw mode (a shell's, after a stop) are compared and applied again; paste on again")
  func applyAgainIfChanged() throws {
    let terminal = try PseudoTerminal()
    let cooked = try terminal.termiosSnapshot()
    let rawMode = try RawMode(terminal: FileDescriptor(rawValue: terminal.slaveFileDescriptor), writesEscapes: true)
    _ = try terminal.readUntil("\u{1b}[?2004h", timeout: .seconds(5))
    let raw = try terminal.termiosSnapshot()
    #expect(try !rawMode.applyAgainIfChanged(), "nothing changed")
    try terminal.restoreTermios(cooked)
    #expect(try !terminal.isRaw())
    #expect(try rawMode.applyAgainIfChanged())
    #expect(try terminal.termiosSnapshot() == raw)
    #expect(try terminal.readUntil("\u{1b}[?2004h", timeout: .seconds(5)) == Array("\u{1b}[?2004h".utf8))
    try rawMode.restore()
    #expect(try terminal.termiosSnapshot() == cooked)
    #expect(try !rawMode.applyAgainIfChanged(), "raw mode has ended")
    #expect(try terminal.termiosSnapshot() == cooked)
  }

  @Test("escapes: bracketed paste on at entry; paste off, cursor shown, SGR reset at restore")
  func escapeBytes() throws {
    let terminal = try PseudoTerminal()
    let rawMode = try RawMode(terminal: FileDescriptor(rawValue: terminal.slaveFileDescriptor), writesEscapes: true)
    #expect(try terminal.readUntil("\u{1b}[?2004h", timeout: .seconds(5)) == Array("\u{1b}[?2004h".utf8))
    try rawMode.restore()
    let expected = Array("\u{1b}[?2004l\u{1b}[?25h\u{1b}[0m".utf8)
    #expect(try terminal.readUntil(expected, timeout: .seconds(5)) == expected)
  }

  @Test("without escapes nothing is written")
  func noEscapes() throws {
    let terminal = try PseudoTerminal()
    let rawMode = try RawMode(terminal: FileDescriptor(rawValue: terminal.slaveFileDescriptor), writesEscapes: false)
    try rawMode.restore()
    #expect(try terminal.read(timeout: .milliseconds(50)).isEmpty)
  }

  @Test("in raw mode Ctrl-C and Return arrive as bytes, unechoed, and decode as keys")
  func keysArriveRaw() throws {
    let terminal = try PseudoTerminal()
    let device = try TerminalDevice(path: terminal.slavePath)
    let rawMode = try RawMode(terminal: device.descriptor, writesEscapes: false)
    try terminal.write([0x31, 0x03, 0x0d, 0x1a])
    var buffer = [UInt8](repeating: 0, count: 16)
    var decoder = KeyDecoder()
    var keys: [Key] = []
    while keys.count < 4 {
      let count = try buffer.withUnsafeMutableBytes { try device.descriptor.read(into: $0) }
      keys += buffer.withUnsafeBytes { decoder.decode(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
    #expect(keys == [.character("1"), .interrupt, .enter, .suspend])
    #expect(try terminal.read(timeout: .milliseconds(50)).isEmpty)
    try rawMode.restore()
  }

  @Test("flushInput discards typed but unread input")
  func flushDiscardsInput() throws {
    let terminal = try PseudoTerminal()
    let rawMode = try RawMode(terminal: FileDescriptor(rawValue: terminal.slaveFileDescriptor), writesEscapes: false)
    try terminal.write("123")
    let slave = FileDescriptor(rawValue: terminal.slaveFileDescriptor)
    #expect(try Poll.wait(for: slave, timeout: .seconds(5)).contains(.readable))
    try rawMode.flushInput()
    #expect(try Poll.wait(for: slave, timeout: .zero).isEmpty)
    try rawMode.restore()
  }

  @Test("releasing raw mode without restore still restores the settings")
  func deinitRestores() throws {
    let terminal = try PseudoTerminal()
    let before = try terminal.termiosSnapshot()
    do {
      let rawMode = try RawMode(terminal: FileDescriptor(rawValue: terminal.slaveFileDescriptor), writesEscapes: false)
      #expect(rawMode.isActive)
    }
    #expect(try terminal.termiosSnapshot() == before)
  }

  @Test("emergency restore puts back the saved settings, then does nothing once restored")
  func emergencyRestore() throws {
    let terminal = try PseudoTerminal()
    let before = try terminal.termiosSnapshot()
    let rawMode = try RawMode(terminal: FileDescriptor(rawValue: terminal.slaveFileDescriptor), writesEscapes: false)
    RawMode.emergencyRestore()
    #expect(try terminal.termiosSnapshot() == before)
    try rawMode.restore()
  }

  @Test("raw mode on a file that is not a terminal fails with ENOTTY")
  func notATerminal() throws {
    let descriptor = try FileDescriptor.open("/dev/null", .readWrite)
    defer { descriptor.closeIgnoringErrors() }
    #expect(throws: TerminalError(operation: .getAttributes, errno: ENOTTY)) {
      try RawMode(terminal: descriptor, writesEscapes: false)
    }
  }
}
