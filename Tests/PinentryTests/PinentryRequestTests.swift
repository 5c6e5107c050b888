import Pinentry
import Testing

@Suite("PinentryRequest")
struct PinentryRequestTests {
  @Test("a prompt or description with the word PIN is a PIN prompt; a passphrase prompt is not")
  func pinHeuristic() {
    var request = PinentryRequest()
    #expect(!request.isPINPrompt)
    request.prompt = "Passphrase:"
    #expect(!request.isPINPrompt)
    request.description = "Please enter your PINGUIN"
    #expect(!request.isPINPrompt)
    request.prompt = "PIN:"
    #expect(request.isPINPrompt)
    request.prompt = "Passphrase:"
    request.description = "||Please unlock the card\n\nNumber: 0006 Admin PIN"
    #expect(request.isPINPrompt)
  }

  @Test("RESET forgets the dialog texts and keeps the connection options")
  func resetKeepsOptions() {
    var request = PinentryRequest()
    request.apply(.option(name: "ttyname", value: "/dev/pts/1"))
    request.apply(.setDescription("text"))
    request.apply(.setRepeat("Again:"))
    request.apply(.setTimeout(9))
    request.apply(.reset)
    #expect(request.ttyName == "/dev/pts/1")
    #expect(request.description == nil)
    #expect(request.repeatPrompt == nil)
    #expect(request.timeoutSeconds == 0)
  }
}
