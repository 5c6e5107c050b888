import PolkitAgent
import Testing

@Suite("What polkit's helper says: its lines read as libpolkit-agent-1 reads them")
struct HelperMessageTests {
  private func message(_ line: String) -> HelperMessage { HelperMessage(line: Array(line.utf8)) }

  @Test("PAM's questions and messages, each by its first word, with the words after it")
  func eachKind() {
    #expect(message("PAM_PROMPT_ECHO_OFF Password: ") == .secretRequest("Password: "))
    #expect(message("PAM_PROMPT_ECHO_ON Login: ") == .shownRequest("Login: "))
    #expect(message("PAM_ERROR_MSG Account expired") == .error("Account expired"))
    #expect(message("PAM_TEXT_INFO Touch your key") == .information("Touch your key"))
    #expect(message("SUCCESS") == .succeeded)
    #expect(message("FAILURE") == .failed)
  }

  @Test("anything else ends the try: an unknown word, an empty line, a prefix without its space")
  func unrecognised() {
    #expect(message("") == .unrecognised)
    #expect(message("PAM_PROMPT_ECHO_OFF") == .unrecognised)
    #expect(message("HELLO world") == .unrecognised)
  }

  @Test("GLib's escapes are undone: named ones, octal bytes (UTF-8 rebuilt), and any other escaped byte as itself")
  func escapesUndone() {
    #expect(message(#"PAM_TEXT_INFO a\tb\nc\\d\"e"#) == .information("a\tb\nc\\d\"e"))
    #expect(message(#"PAM_TEXT_INFO Contrase\303\261a"#) == .information("Contraseña"))
    #expect(message(#"PAM_TEXT_INFO \033[2J"#) == .information("\u{1b}[2J"))
    #expect(message(#"PAM_TEXT_INFO \q\"#) == .information("q\\"))
  }
}
