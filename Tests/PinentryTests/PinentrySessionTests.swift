import Glibc
import PasscodeEngine
import Pinentry
import Testing

@Suite("PinentrySession over pipes")
struct PinentrySessionTests {
  @Test("the greeting is libassuan's pipe-server greeting and BYE closes the connection")
  func greetingAndBye() {
    let result = SessionHarness.run("NOP\nBYE\n", prompter: ScriptedPrompter())
    #expect(result.output == "OK Pleased to meet you\nOK\nOK closing connection\n")
    #expect(result.error == nil)
  }

  @Test("GETPIN sends the secret as one escaped D line, then OK, and wipes the storage")
  func getPINSendsEscapedData() {
    let storage = ScriptedPrompter.secret(Array("1%2\n3\r".utf8) + [0x00, 0x7F])
    let prompter = ScriptedPrompter(pins: [.entered(storage)])
    let result = SessionHarness.run("SETPROMPT PIN:\nGETPIN\nBYE\n", prompter: prompter)
    #expect(
      result.output.lines == [
        "OK Pleased to meet you", "OK", "D 1%252%0A3%0D%00%7F", "OK", "OK closing connection", "",
      ])
    #expect(storage.count == 0)
  }

  @Test("a long secret is split over D lines of at most 1000 bytes")
  func getPINSplitsLongData() {
    let prompter = ScriptedPrompter(pins: [.entered(ScriptedPrompter.secret(Array(repeating: 0x61, count: 1500)))])
    let lines = SessionHarness.run("GETPIN\nBYE\n", prompter: prompter).output.lines
    #expect(lines.count == 6)
    #expect(lines[1].utf8.count == 1000 && lines[2] == "D " + String(repeating: "a", count: 502))
  }

  @Test("GETPIN without a prompt asks with PIN:, or with the default-prompt option")
  func defaultPrompt() {
    let prompter = ScriptedPrompter(pins: [.cancelled, .cancelled])
    _ = SessionHarness.run("GETPIN\nOPTION default-prompt=Code:\nGETPIN\nBYE\n", prompter: prompter)
    #expect(prompter.seen.withLock { $0.map(\.prompt) } == ["PIN:", "Code:"])
  }

  @Test("cancel, no tty and timeout give pinentry's errors")
  func getPINErrors() {
    let prompter = ScriptedPrompter(pins: [.cancelled, .failed("no tty"), .timedOut])
    let lines = SessionHarness.run("GETPIN\nGETPIN\nGETPIN\nBYE\n", prompter: prompter).output.lines
    #expect(lines[1] == "ERR 83886179 Operation cancelled <Pinentry>")
    #expect(lines[2] == "ERR 83886179 Operation cancelled <Pinentry>")
    #expect(lines[3] == "S ERROR passcode.? 83886142 ")
    #expect(lines[4] == "ERR 83886142 Timeout <Pinentry>")
  }

  @Test("with SETREPEAT the prompter gets the repeat prompt and the reply carries S PIN_REPEATED")
  func repeatFlow() {
    let prompter = ScriptedPrompter(pins: [.entered(ScriptedPrompter.secret(Array("2580".utf8))), .cancelled])
    let script = "SETREPEAT Repeat:\nSETREPEATERROR Did not match\nGETPIN\nGETPIN\nBYE\n"
    let lines = SessionHarness.run(script, prompter: prompter).output.lines
    #expect(Array(lines[3...6]) == ["S PIN_REPEATED", "D 2580", "OK", "ERR 83886179 Operation cancelled <Pinentry>"])
    let repeats = prompter.seen.withLock { $0.map(\.repeatPrompt) }
    #expect(repeats == ["Repeat:", nil])
    #expect(prompter.seen.withLock { $0.first?.repeatErrorText } == "Did not match")
  }

  @Test("CONFIRM answers OK, not confirmed or cancelled; --one-button and MESSAGE answer OK once shown")
  func confirmAndMessage() {
    #expect(SessionHarness.run("CONFIRM\n", prompter: ScriptedPrompter(confirm: .confirmed)).output.lines[1] == "OK")
    let refused = ScriptedPrompter(confirm: .notConfirmed)
    let lines = SessionHarness.run("CONFIRM\nCONFIRM --one-button\nMESSAGE\n", prompter: refused).output.lines
    #expect(Array(lines[1...3]) == ["ERR 83886194 Not confirmed <Pinentry>", "OK", "OK"])
    #expect(refused.oneButtonFlags.withLock { $0 } == [false, true])
    let cancelled = SessionHarness.run("CONFIRM\n", prompter: ScriptedPrompter(confirm: .cancelled))
    #expect(cancelled.output.lines[1] == "ERR 83886179 Operation cancelled <Pinentry>")
  }

  @Test("CONFIRM, CONFIRM --one-button and MESSAGE without a usable tty answer pinentry-curses' error, never OK")
  func confirmationsWithoutTerminal() {
    let script = "CONFIRM\nCONFIRM --one-button\nMESSAGE\n"
    let lines = SessionHarness.run(script, prompter: ScriptedPrompter(confirm: .failed("no tty"))).output.lines
    let answer = ["S ERROR passcode.isatty 83918950 ", "ERR 83918950 Inappropriate ioctl for device <Pinentry>"]
    #expect(Array(lines[1...6]) == answer + answer + answer)
  }

  @Test("OPTION lc-messages is kept as the session's messages locale")
  func messagesLocale() {
    var request = PinentryRequest()
    #expect(request.messagesLocale == nil)
    request.apply(.option(name: "lc-messages", value: "de_DE.UTF-8"))
    #expect(request.messagesLocale == "de_DE.UTF-8")
    request.resetDialog()
    #expect(request.messagesLocale == "de_DE.UTF-8", "a connection option survives RESET")
  }

  @Test("CHECKPIN: the prompter asks the client over the pipe, escaped, and gets its reason back")
  func checkPINInquiry() throws {
    let prompter = InquiringPrompter(entry: Array("a b+c%".utf8))
    // The client's answers to the inquiry follow the GETPIN line, as gpg-agent sends them.
    let script = "OPTION constraints-enforce\nGETPIN\nD Too%20short\nEND\nBYE\n"
    let lines = SessionHarness.run(script, prompter: prompter).output.lines
    #expect(lines[2] == "INQUIRE CHECKPIN a%20b%2Bc%25")
    #expect(prompter.reasons.withLock { $0 } == ["Too short"])
  }

  @Test("CHECKPIN is not asked when the client does not enforce constraints")
  func checkPINOnlyWhenEnforced() {
    let prompter = InquiringPrompter(entry: Array("abc".utf8))
    let lines = SessionHarness.run("GETPIN\nBYE\n", prompter: prompter).output.lines
    #expect(!lines.contains { $0.hasPrefix("INQUIRE") })
    #expect(prompter.reasons.withLock { $0 } == [nil])
  }

  @Test("QUALITY and GENPIN: asked only with SETQUALITYBAR and SETGENPIN; the generated passphrase stays secret")
  func qualityAndGeneratedPassphrase() {
    let prompter = InquiringPrompter(entry: Array("abc".utf8))
    let script = "SETQUALITYBAR\nSETGENPIN Generate\nGETPIN\nD 42\nEND\nD s3cret%25\nEND\nBYE\n"
    let lines = SessionHarness.run(script, prompter: prompter).output.lines
    #expect(lines.contains("INQUIRE QUALITY abc"))
    #expect(lines.contains("INQUIRE GENPIN"))
    #expect(prompter.qualities.withLock { $0 } == [42])
    #expect(prompter.generated.withLock { $0 } == [Array("s3cret%".utf8)])
  }

  @Test("GETINFO answers flavor, version, pid and ttyinfo as D lines")
  func getInfo() {
    let identity = PinentryIdentity(version: "9.8.7", flavor: "passcode")
    let script = "OPTION ttytype=xterm\nGETINFO flavor\nGETINFO version\nGETINFO pid\nGETINFO ttyinfo\nBYE\n"
    let lines = SessionHarness.run(script, prompter: ScriptedPrompter(), identity: identity).output.lines
    #expect(lines[2] == "D passcode" && lines[4] == "D 9.8.7")
    #expect(lines[6].hasPrefix("D ") && Int(lines[6].dropFirst(2)) != nil)
    #expect(lines[8].hasPrefix("D - xterm - - ") && lines[8].hasSuffix(" -"))
  }

  @Test("GETINFO pid and ttyinfo give the pid, the tty's mode in octal and the ids in decimal")
  func getInfoNumbers() {
    let script = "OPTION ttyname=/dev/null\nGETINFO pid\nGETINFO ttyinfo\nBYE\n"
    let lines = SessionHarness.run(script, prompter: ScriptedPrompter()).output.lines
    #expect(lines[2] == "D \(getpid())")
    // /dev/null is a character device (0o020000) readable and writable by all (0o666), owned by root.
    #expect(lines[4] == "D /dev/null - - 20666/0/0 \(geteuid())/\(getegid()) -")
  }

  @Test("the commands build the request the prompter sees, unescaped")
  func requestState() {
    let prompter = ScriptedPrompter(pins: [.cancelled])
    let script = """
      OPTION ttyname=/dev/pts/7
      OPTION allow-external-password-cache
      SETDESC Enter the PIN%0Afor card 0006
      SETTITLE Unlock
      SETOK Unlock%21
      SETCANCEL Stop
      SETNOTOK No
      SETERROR Wrong PIN
      SETKEYINFO s/D2760001240
      SETTIMEOUT 30
      SETQUALITYBAR
      GETPIN
      BYE

      """
    let output = SessionHarness.run(script, prompter: prompter).output
    #expect(!output.contains("ERR 8388") || output.contains("Operation cancelled"))
    let request = prompter.seen.withLock { $0.first }
    #expect(request?.description == "Enter the PIN\nfor card 0006")
    #expect(request?.isPINPrompt == true)
    #expect(request?.ttyName == "/dev/pts/7")
    #expect(request?.options["allow-external-password-cache"] == "")
    #expect(request?.okLabel == "Unlock!" && request?.cancelLabel == "Stop" && request?.notOKLabel == "No")
    #expect(request?.errorText == "Wrong PIN" && request?.keyInfo == "s/D2760001240")
    #expect(request?.timeoutSeconds == 30 && request?.qualityBar == "Quality:")
  }

  @Test("bad escapes, unknown options and unknown commands get ERR lines; a too-long line ends the session")
  func errors() {
    let script = "SETDESC 100%\nOPTION foo=bar\nOPTION no-grab=1\nFOO\nCLEARPASSPHRASE x\n"
    let lines = SessionHarness.run(script, prompter: ScriptedPrompter()).output.lines
    #expect(
      Array(lines[1...5]) == [
        "ERR 83886360 IPC parameter error <Pinentry> - bad percent escape",
        "ERR 83886254 Unknown option <Pinentry>",
        "ERR 83886254 Unknown option <Pinentry>",
        "ERR 536871187 Unknown IPC command <User defined source 1>",
        "OK",
      ])
    let long = SessionHarness.run(
      "NOP " + String(repeating: "a", count: 1100) + "\nNOP\n", prompter: ScriptedPrompter())
    #expect(long.output == "OK Pleased to meet you\n")
    #expect(long.error?.code == .lineTooLong)
  }
}
