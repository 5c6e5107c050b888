import AccessibilityEnvironment
import Foundation
import Testing

@Suite("ScreenReaderDetector over fake /proc and /sys trees")
struct ScreenReaderDetectorTests {
  private func detector(sys: FakeTree, proc: FakeTree, uid: UInt32 = 1000) -> ScreenReaderDetector {
    ScreenReaderDetector(sysRoot: sys.root, procRoot: proc.root, userID: uid, sessionBusAddress: nil)
  }

  @Test("an empty system has no screen reader and an unknown AT-SPI setting without a bus")
  func emptyTrees() throws {
    let sys = try FakeTree()
    let proc = try FakeTree()
    let detection = detector(sys: sys, proc: proc).detect()
    #expect(
      detection
        == ScreenReaderDetection(atspiEnabled: nil, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: false))
    #expect(!detection.isReading)
  }

  @Test("Speakup is found with its key_echo value, and counts as reading")
  func speakupWithKeyEcho() throws {
    let sys = try FakeTree()
    try sys.write("accessibility/speakup/key_echo", "2\n")
    let detection = detector(sys: sys, proc: try FakeTree()).detect()
    #expect(detection.speakupPresent)
    #expect(detection.speakupKeyEcho == 2)
    #expect(detection.speakupEchoesKeys)
    #expect(detection.isReading)
  }

  @Test("Speakup without a readable key_echo is present with an unknown echo")
  func speakupWithoutKeyEcho() throws {
    let sys = try FakeTree()
    try sys.makeDirectory("accessibility/speakup")
    let detection = detector(sys: sys, proc: try FakeTree()).detect()
    #expect(detection.speakupPresent)
    #expect(detection.speakupKeyEcho == nil)
  }

  @Test("an orca process of the same user is found by its comm or by python running the orca script")
  func orcaOfSameUser() throws {
    let byComm = try FakeTree()
    try byComm.addProcess(pid: 1, comm: "systemd", cmdline: ["/sbin/init"], uid: 0)
    try byComm.addProcess(pid: 4242, comm: "orca", cmdline: ["/usr/bin/python3", "/usr/bin/orca"], uid: 1000)
    #expect(detector(sys: try FakeTree(), proc: byComm).orcaRunning())

    let byArgument = try FakeTree()
    try byArgument.addProcess(pid: 77, comm: "python3", cmdline: ["python3", "/usr/bin/orca", "--replace"], uid: 1000)
    #expect(detector(sys: try FakeTree(), proc: byArgument).orcaRunning())
  }

  @Test("orca of another user, or a process merely mentioning orca, does not count")
  func orcaOfOtherUser() throws {
    let proc = try FakeTree()
    try proc.addProcess(pid: 4242, comm: "orca", cmdline: ["/usr/bin/orca"], uid: 1001)
    try proc.addProcess(pid: 4243, comm: "vim", cmdline: ["vim", "notes/orca"], uid: 1000)
    try proc.write("self/comm", "orca\n")
    let detection = detector(sys: try FakeTree(), proc: proc).detect()
    #expect(!detection.orcaRunning)
    #expect(!detection.isReading)
  }

  @Test("fenrir and espeakup of the same user count as reading, and are named")
  func consoleReadersOfSameUser() throws {
    let proc = try FakeTree()
    try proc.addProcess(
      pid: 300, comm: "fenrir", cmdline: ["/usr/bin/python3", "/usr/bin/fenrir", "-s", "settings.conf"], uid: 1000)
    try proc.addProcess(pid: 301, comm: "espeakup", cmdline: ["/usr/bin/espeakup", "-V", "en"], uid: 1000)
    let detection = detector(sys: try FakeTree(), proc: proc).detect()
    #expect(detection.fenrirRunning && detection.espeakupRunning)
    #expect(!detection.orcaRunning && !detection.brlttyRunning)
    #expect(detection.isReading)
    #expect(detection.readerNames == ["Fenrir", "espeakup"])
  }

  @Test("fenrir found only by python running its script still counts")
  func fenrirByScript() throws {
    let proc = try FakeTree()
    try proc.addProcess(pid: 12, comm: "python3", cmdline: ["python3", "/usr/bin/fenrir"], uid: 1000)
    #expect(detector(sys: try FakeTree(), proc: proc).detect().readers == [.fenrir])
  }

  @Test("a Fenrir or espeakup service of another user reads the console: it counts on a console only")
  func consoleReadersOfOtherUser() throws {
    for (major, minor, onConsole) in [(4, 2, true), (5, 1, true), (136, 3, false)] {
      let proc = try FakeTree()
      // Debian's fenrir.service: fenrir-daemon as root, renamed `fenrir`.
      try proc.addProcess(pid: 300, comm: "fenrir", cmdline: ["/usr/bin/python3", "/usr/bin/fenrir-daemon"], uid: 0)
      try proc.addProcess(pid: 301, comm: "espeakup", cmdline: ["/usr/bin/espeakup"], uid: 0)
      try controllingTerminal(proc, major: major, minor: minor)
      let detection = detector(sys: try FakeTree(), proc: proc).detect()
      #expect(!detection.fenrirRunning && detection.consoleFenrirRunning, "terminal \(major),\(minor)")
      #expect(detection.readers == (onConsole ? [.fenrir, .espeakup] : []), "terminal \(major),\(minor)")
      #expect(
        detection.consoleReadersElsewhere == (onConsole ? [] : [.fenrir, .espeakup]), "terminal \(major),\(minor)")
    }
  }

  @Test("fenrir-daemon not yet renamed is found by its script")
  func fenrirDaemonByScript() throws {
    let proc = try FakeTree()
    try proc.addProcess(pid: 300, comm: "python3", cmdline: ["/usr/bin/python3", "/usr/bin/fenrir-daemon"], uid: 0)
    try controllingTerminal(proc, major: 4, minor: 3)
    #expect(detector(sys: try FakeTree(), proc: proc).detect().readers == [.fenrir])
  }

  @Test("Fenrir of this user and a Fenrir service beside it are named once")
  func fenrirOfBothUsersNamedOnce() throws {
    for (major, minor) in [(4, 2), (136, 3)] {
      let proc = try FakeTree()
      try proc.addProcess(pid: 300, comm: "fenrir", cmdline: ["/usr/bin/fenrir-daemon"], uid: 0)
      try proc.addProcess(pid: 301, comm: "fenrir", cmdline: ["/usr/bin/fenrir", "-e"], uid: 1000)
      try controllingTerminal(proc, major: major, minor: minor)
      let detection = detector(sys: try FakeTree(), proc: proc).detect()
      #expect(detection.readers == [.fenrir], "terminal \(major),\(minor)")
      #expect(detection.consoleReadersElsewhere.isEmpty, "terminal \(major),\(minor)")
    }
  }

  @Test("brltty counts whoever runs it, since it is usually a system service")
  func brlttyOfAnyUser() throws {
    let proc = try FakeTree()
    try proc.addProcess(pid: 500, comm: "brltty", cmdline: ["/usr/bin/brltty", "-n", "-b", "vr"], uid: 0)
    let detection = detector(sys: try FakeTree(), proc: proc).detect()
    #expect(detection.brlttyRunning)
    #expect(detection.readers == [.brltty])
    #expect(detection.isReading)
  }

  @Test("Orca is named before the text-screen readers")
  func readerOrder() throws {
    let proc = try FakeTree()
    try proc.addProcess(pid: 500, comm: "brltty", cmdline: ["/usr/bin/brltty"], uid: 0)
    try proc.addProcess(pid: 4242, comm: "orca", cmdline: ["/usr/bin/python3", "/usr/bin/orca"], uid: 1000)
    #expect(detector(sys: try FakeTree(), proc: proc).detect().readerNames == ["Orca", "brltty"])
  }

  /// A `self/stat` whose controlling terminal is the given device (`tty_nr`'s encoding for minors below 256).
  private func controllingTerminal(_ proc: FakeTree, major: Int, minor: Int) throws {
    try proc.write("self/stat", "4242 (passcode (x)) S 1 4242 4242 \(major << 8 | minor) 4242 0 0 0 0")
  }

  @Test("console readers count on a virtual console and /dev/console, not on a pseudo-terminal")
  func consoleReadersOnlyOnTheConsole() throws {
    let sys = try FakeTree()
    try sys.write("accessibility/speakup/key_echo", "0\n")
    for (major, minor, onConsole) in [(4, 9, true), (4, 1, true), (5, 1, true), (136, 3, false), (4, 64, false)] {
      let proc = try FakeTree()
      try proc.addProcess(pid: 500, comm: "brltty", cmdline: ["/usr/bin/brltty"], uid: 0)
      try proc.addProcess(pid: 501, comm: "espeakup", cmdline: ["/usr/bin/espeakup"], uid: 1000)
      try controllingTerminal(proc, major: major, minor: minor)
      let detection = detector(sys: sys, proc: proc).detect()
      #expect(detection.promptOnConsole == onConsole, "terminal \(major),\(minor)")
      #expect(detection.isReading == onConsole, "terminal \(major),\(minor)")
      #expect(
        detection.consoleReadersElsewhere == (onConsole ? [] : [.speakup, .espeakup, .brltty]),
        "terminal \(major),\(minor)")
    }
  }

  @Test("a desktop or Fenrir reader counts on a pseudo-terminal; the console readers beside it do not")
  func otherReadersOnAPseudoTerminal() throws {
    let proc = try FakeTree()
    try proc.addProcess(pid: 500, comm: "brltty", cmdline: ["/usr/bin/brltty"], uid: 0)
    try proc.addProcess(pid: 4242, comm: "fenrir", cmdline: ["/usr/bin/python3", "/usr/bin/fenrir"], uid: 1000)
    try controllingTerminal(proc, major: 136, minor: 0)
    #expect(detector(sys: try FakeTree(), proc: proc).detect().readers == [.fenrir])
  }

  @Test("an unknown terminal keeps counting console readers, so a braille user is never missed")
  func unknownTerminalCountsConsoleReaders() throws {
    let proc = try FakeTree()
    try proc.addProcess(pid: 500, comm: "brltty", cmdline: ["/usr/bin/brltty"], uid: 0)
    try proc.write("self/stat", "4242 (passcode) S 1 4242 4242 0 -1")
    #expect(detector(sys: try FakeTree(), proc: proc).detect().readers == [.brltty])
  }

  @Test("the named terminal decides, for pinentry's --ttyname")
  func namedTerminal() throws {
    let proc = try FakeTree()
    try proc.addProcess(pid: 500, comm: "brltty", cmdline: ["/usr/bin/brltty"], uid: 0)
    var onPseudoTerminal = detector(sys: try FakeTree(), proc: proc)
    onPseudoTerminal.terminalPath = "/dev/ptmx"
    #expect(!onPseudoTerminal.detect().isReading)
    var onConsole = detector(sys: try FakeTree(), proc: proc)
    onConsole.terminalPath = "/dev/tty1"
    #expect(onConsole.detect().readers == [.brltty])
  }
}
