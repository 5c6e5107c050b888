import PasscodeEngine
import PasscodeSpeech
import Pinentry
import Testing

private func request(
  prompt: String? = nil, description: String? = nil, title: String? = nil, error: String? = nil,
  repeatPrompt: String? = nil, timeout: Int = 0, options: [String: String] = [:]
) -> PinentryRequest {
  var request = PinentryRequest()
  request.prompt = prompt
  request.description = description
  request.title = title
  request.errorText = error
  request.repeatPrompt = repeatPrompt
  request.timeoutSeconds = timeout
  request.options = options
  return request
}

@Suite("How a GETPIN request becomes a terminal entry")
struct PinentryEntryPlanTests {
  @Test("A card PIN prompt takes letters too (a card PIN may hold them), variable length up to the card's limit")
  func pinPromptTakesEveryPrintableCharacter() throws {
    let plan = try PinentryEntryPlan(request: request(prompt: "PIN:", description: "Please unlock the card"))
    #expect(plan.mode == .pin)
    #expect(plan.configuration.allowed == .printable)
    #expect("abc123XYZ-_ é".unicodeScalars.allSatisfy(plan.configuration.allowed.allows))
    #expect(plan.configuration.length == .variable(1...PinentryEntryPlan.pinLengthLimit))
    #expect(plan.configuration.title == "PIN")
  }

  @Test("An Admin PIN named only in the description is still a PIN")
  func adminPinInDescription() throws {
    let plan = try PinentryEntryPlan(request: request(prompt: "Enter:", description: "Please enter the Admin PIN"))
    #expect(plan.mode == .pin)
  }

  @Test("A passphrase prompt takes any printable character, variable length")
  func passphrasePromptIsPrintable() throws {
    let plan = try PinentryEntryPlan(request: request(prompt: "Passphrase:", description: "Unlock the key"))
    #expect(plan.mode == .passphrase)
    #expect(plan.configuration.allowed == .printable)
    #expect(plan.configuration.length == .variable(1...EntryConfiguration.variableLengthLimit))
    #expect(plan.configuration.allowed.kind == .characters)
  }

  @Test("A word that only contains PIN, such as PINNED, does not make a PIN prompt")
  func pinnedIsNotPin() throws {
    let plan = try PinentryEntryPlan(request: request(prompt: "Passphrase:", description: "PINNED key"))
    #expect(plan.mode == .passphrase)
  }

  @Test("The description is a MESSAGE, the error IMPORTANT, in that order after a distinct title")
  func preambleOrder() throws {
    let plan = try PinentryEntryPlan(
      request: request(prompt: "Passphrase:", description: "Line one\nline two", title: "Signing", error: "Bad"))
    #expect(
      plan.preamble == [.callerDescription("Signing"), .callerDescription("Line one line two"), .callerError("Bad")])
    #expect(plan.preamble.map(\.priority) == [.message, .message, .important])
  }

  @Test("Without a prompt the title heads the entry and is not said twice")
  func titleWithoutPrompt() throws {
    let plan = try PinentryEntryPlan(request: request(prompt: "", title: "Unlock"))
    #expect(plan.configuration.title == "Unlock")
    #expect(plan.preamble.isEmpty)
  }

  @Test("With neither prompt nor title the entry is headed Passphrase")
  func defaultTitle() throws {
    #expect(try PinentryEntryPlan(request: request()).configuration.title.text == PinentryEntryPlan.defaultTitle)
  }

  @Test("SETTIMEOUT becomes the entry timeout; 0 means none")
  func timeout() throws {
    #expect(try PinentryEntryPlan(request: request(timeout: 30)).configuration.timeout == .seconds(30))
    #expect(try PinentryEntryPlan(request: request(timeout: 0)).configuration.timeout == nil)
  }

  @Test("SETREPEAT makes the entry repeat")
  func repeats() throws {
    #expect(try PinentryEntryPlan(request: request(repeatPrompt: "Repeat:")).repeats)
    #expect(try !PinentryEntryPlan(request: request()).repeats)
  }

  @Test("OPTION ttyname and ttytype win over the command line; empty values fall through")
  func terminalChoice() throws {
    let fromOptions = try PinentryEntryPlan(
      request: request(options: ["ttyname": "/dev/pts/7", "ttytype": "screen"]),
      fallbackTerminalPath: "/dev/pts/1", fallbackTerminalType: "vt100")
    #expect(fromOptions.terminalPath == "/dev/pts/7" && fromOptions.terminalType == "screen")
    let fromLine = try PinentryEntryPlan(
      request: request(options: ["ttyname": ""]), fallbackTerminalPath: "/dev/pts/1", fallbackTerminalType: "vt100")
    #expect(fromLine.terminalPath == "/dev/pts/1" && fromLine.terminalType == "vt100")
    let none = try PinentryEntryPlan(request: request())
    #expect(none.terminalPath == nil && none.terminalType == nil)
  }

  @Test("No lockout: pinentry never counts failures")
  func noLockout() throws {
    #expect(try PinentryEntryPlan(request: request()).configuration.lockoutSchedule == .never)
  }
}
