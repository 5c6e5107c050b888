import Pinentry
import Testing

@Suite("AssuanCommand parsing")
struct PinentryCommandTests {
  private func parse(_ line: String) throws(PinentryError) -> AssuanCommand? {
    try AssuanCommand.parse(line: Array(line.utf8))
  }

  @Test("a command name is case-insensitive and its argument starts after the blanks")
  func namesAndArguments() throws {
    #expect(try parse("SETPROMPT PIN:") == .setPrompt("PIN:"))
    #expect(try parse("setprompt \t  Passphrase:") == .setPrompt("Passphrase:"))
    #expect(try parse("nop") == .noOperation)
    #expect(try parse("GETPIN") == .getPIN)
    #expect(try parse("BYE\r") == .bye)
  }

  @Test("empty lines and comments give no command and no reply")
  func commentsAndEmptyLines() throws {
    #expect(try parse("") == nil)
    #expect(try parse("# a comment") == nil)
  }

  @Test("leading white space, unknown names and over-long lines are errors as libassuan gives them")
  func malformedLines() {
    #expect(throws: PinentryError.syntax("leading white-space")) { try parse("  NOP") }
    #expect(throws: PinentryError.unknownCommand) { try parse("FOO bar") }
    let longest = "NOP " + String(repeating: "a", count: 997)
    #expect((try? parse(longest)) == .noOperation)
    #expect(throws: PinentryError.lineTooLong) { try parse(longest + "a") }
  }

  @Test("texts are percent-unescaped and a bad escape is a parameter error")
  func percentEscapes() throws {
    #expect(
      try parse("SETDESC Line one%0ALine two: 100%25 %22sure%22")
        == .setDescription("Line one\nLine two: 100% \"sure\""))
    #expect(try parse("SETTITLE %c3%a9t%C3%A9") == .setTitle("été"))
    #expect(throws: PinentryError.parameter("bad percent escape")) { try parse("SETDESC 50%") }
    #expect(throws: PinentryError.parameter("bad percent escape")) { try parse("SETERROR %zz") }
    #expect(throws: PinentryError.parameter("bad percent escape")) { try parse("SETPROMPT %4") }
  }

  @Test("OPTION accepts name=value, name value and --name, and rejects what libassuan rejects")
  func options() throws {
    #expect(try parse("OPTION ttyname=/dev/pts/3") == .option(name: "ttyname", value: "/dev/pts/3"))
    #expect(try parse("OPTION lc-ctype en_US.UTF-8  ") == .option(name: "lc-ctype", value: "en_US.UTF-8"))
    #expect(try parse("OPTION ttytype = dumb") == .option(name: "ttytype", value: "dumb"))
    #expect(try parse("OPTION --no-grab") == .option(name: "no-grab", value: ""))
    #expect(try parse("OPTION owner=1234/1000 host") == .option(name: "owner", value: "1234/1000 host"))
    #expect(throws: PinentryError.syntax("argument required")) { try parse("OPTION") }
    #expect(throws: PinentryError.syntax("no option name given")) { try parse("OPTION =x") }
    #expect(throws: PinentryError.syntax("option argument expected")) { try parse("OPTION name=") }
    #expect(throws: PinentryError.syntax("option should not begin with one dash")) { try parse("OPTION -x") }
  }

  @Test("CONFIRM, GETINFO, SETTIMEOUT, SETKEYINFO and SETQUALITYBAR read their arguments as pinentry does")
  func commandArguments() throws {
    #expect(try parse("CONFIRM") == .confirm(oneButton: false))
    #expect(try parse("CONFIRM --one-button") == .confirm(oneButton: true))
    #expect(try parse("CONFIRM x--one-buttons") == .confirm(oneButton: true))  // strstr, as pinentry reads it
    #expect(try parse("CONFIRM --one-butto") == .confirm(oneButton: false))
    #expect(try parse("GETINFO version") == .getInfo(.version))
    #expect(try parse("GETINFO ttyinfo") == .getInfo(.ttyinfo))
    #expect(throws: PinentryError.parameter()) { try parse("GETINFO nothing") }
    #expect(throws: PinentryError.parameter()) { try parse("GETINFO") }
    #expect(try parse("SETTIMEOUT 30") == .setTimeout(30))
    #expect(try parse("SETTIMEOUT 12abc") == .setTimeout(12))
    #expect(try parse("SETTIMEOUT abc") == .setTimeout(0))
    #expect(try parse("SETTIMEOUT") == .setTimeout(nil))
    #expect(try parse("SETKEYINFO n/0123ABCD") == .setKeyInfo("n/0123ABCD"))
    #expect(try parse("SETKEYINFO --clear") == .setKeyInfo(nil))
    #expect(try parse("SETQUALITYBAR") == .setQualityBar("Quality:"))
    #expect(try parse("SETQUALITYBAR_TT") == .setQualityBarTooltip(nil))
  }
}
