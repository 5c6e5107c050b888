import PasswordAgent
import Testing

@Suite("The ask-file parser")
struct AskFileParserTests {
  private func parse(_ text: String) throws(AskFileError) -> PasswordQuestion {
    try AskFileParser.parse(Array(text.utf8), fileName: "ask.test")
  }

  @Test("a file as systemd-ask-password 252 writes it gives every field")
  func systemdFile() throws {
    let question = try parse(
      """
      [Ask]
      PID=11994
      Socket=/run/systemd/ask-password/sck.b6d1f5503e1c0efb
      AcceptCached=1
      Echo=0
      NotAfter=516973217
      Silent=0
      Message=Please enter passphrase for disk root (sda2_crypt):
      Icon=drive-harddisk
      Id=cryptsetup:/dev/sda2

      """)
    #expect(
      question
        == PasswordQuestion(
          fileName: "ask.test", processIdentifier: 11994, socketPath: "/run/systemd/ask-password/sck.b6d1f5503e1c0efb",
          acceptsCached: true, echo: .masked, notAfter: MonotonicInstant(microseconds: 516_973_217),
          message: "Please enter passphrase for disk root (sda2_crypt):", icon: "drive-harddisk",
          identifier: "cryptsetup:/dev/sda2"))
  }

  @Test("only Socket is required; NotAfter=0 and PID=0 mean none")
  func missingKeys() throws {
    let question = try parse("[Ask]\nSocket=/run/s\nNotAfter=0\nPID=0\n")
    #expect(question == PasswordQuestion(fileName: "ask.test", socketPath: "/run/s"))
    #expect(throws: AskFileError.missingSocket) { try parse("[Ask]\nPID=1\nMessage=x\n") }
    #expect(throws: AskFileError.missingSocket) { try parse("[Ask]\nSocket=\n") }
    #expect(throws: AskFileError.missingAskSection) { try parse("Socket=/run/s\n") }
    #expect(throws: AskFileError.missingAskSection) { try parse("") }
  }

  @Test("unknown keys, other sections, comments and lines without = are ignored")
  func unknownKeys() throws {
    let question = try parse(
      """
      # a comment
      Socket=/before/any/section
      [Other]
      Socket=/other
      [Ask]
      ; another comment
      Colour=blue
      Socket=/run/s
      Message=first line
      second line of a message systemd wrote unescaped
      [Later]
      Message=not this one
      """)
    #expect(question.socketPath == "/run/s")
    #expect(question.message == "first line")
  }

  @Test("the last of a repeated key wins, as in systemd's parser")
  func duplicateKeys() throws {
    let question = try parse("[Ask]\nSocket=/one\nMessage=a\nSocket=/two\nMessage=b\n[Ask]\nMessage=c\n")
    #expect(question.socketPath == "/two")
    #expect(question.message == "c")
  }

  @Test("CRLF line ends and spaces around keys and values are trimmed")
  func lineEnds() throws {
    let question = try parse("[Ask]\r\n  Socket = /run/s \r\nMessage=  Disk \r\nId=\tcryptsetup:x\r\nEcho= yes\r\n")
    #expect(question.socketPath == "/run/s")
    #expect(question.message == "Disk")
    #expect(question.identifier == "cryptsetup:x")
    #expect(question.echo == .shown)
  }

  @Test("Echo and Silent choose how typing is shown; every boolean spelling is taken")
  func echoModes() throws {
    #expect(try parse("[Ask]\nSocket=/s\nEcho=1\nSilent=1\n").echo == .shown)
    #expect(try parse("[Ask]\nSocket=/s\nEcho=0\nSilent=1\n").echo == .silent)
    #expect(try parse("[Ask]\nSocket=/s\nEcho=no\nSilent=off\n").echo == .masked)
    for spelling in ["1", "yes", "y", "true", "t", "on", "YES", "True"] {
      #expect(try parse("[Ask]\nSocket=/s\nAcceptCached=\(spelling)\n").acceptsCached, "\(spelling)")
    }
    #expect(throws: AskFileError.invalidValue(key: "Echo")) { try parse("[Ask]\nSocket=/s\nEcho=maybe\n") }
  }

  @Test(
    "bad numbers reject the file and name the key, never the value",
    arguments: [
      ("PID=-4", "PID"), ("PID=12x", "PID"), ("PID=4294967296", "PID"), ("PID=", "PID"), ("PID= 1 2", "PID"),
      ("NotAfter=18446744073709551616", "NotAfter"), ("NotAfter=0x10", "NotAfter"), ("NotAfter=+5", "NotAfter"),
      ("PID=٣", "PID"),
    ])
  func badNumbers(line: String, key: String) {
    #expect(throws: AskFileError.invalidValue(key: key)) { try parse("[Ask]\nSocket=/s\n\(line)\n") }
    #expect(AskFileError.invalidValue(key: key).description == "\(key)= has a value that is not valid")
  }

  @Test("the largest numbers that fit are taken")
  func largestNumbers() throws {
    let question = try parse("[Ask]\nSocket=/s\nPID=2147483647\nNotAfter=18446744073709551615\n")
    #expect(question.processIdentifier == Int32.max)
    #expect(question.notAfter == MonotonicInstant(microseconds: .max))
  }

  @Test("the socket must be an absolute path that fits sun_path")
  func socketPaths() throws {
    #expect(throws: AskFileError.invalidSocket) { try parse("[Ask]\nSocket=relative/sck\n") }
    let longest = "/" + String(repeating: "s", count: 106)
    #expect(try parse("[Ask]\nSocket=\(longest)\n").socketPath == longest)
    #expect(throws: AskFileError.invalidSocket) { try parse("[Ask]\nSocket=\(longest)s\n") }
  }

  @Test("a huge file is refused before it is read; a huge value within the limit is kept for the sanitiser")
  func hugeValues() throws {
    let huge = [UInt8]("[Ask]\nSocket=/s\nMessage=".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 70_000)
    #expect(throws: AskFileError.tooLarge(byteCount: huge.count)) {
      try AskFileParser.parse(huge, fileName: "ask.huge")
    }
    let big = "[Ask]\nSocket=/s\nMessage=" + String(repeating: "b", count: 60_000) + "\n"
    let question = try parse(big)
    #expect(question.message.count == 60_000)
    #expect(question.title.text.count == PasswordQuestion.maximumMessageLength)
  }

  @Test("bytes that are not UTF-8 become replacement characters, never a crash")
  func invalidUTF8() throws {
    let bytes = [UInt8]("[Ask]\nSocket=/s\nMessage=a".utf8) + [0xFF, 0xC3] + [UInt8]("b\n".utf8)
    let question = try AskFileParser.parse(bytes, fileName: "ask.x")
    #expect(question.message == "a\u{FFFD}\u{FFFD}b")
  }
}
