import GDBus
import PolkitAgent
import Testing

@Suite("What polkitd asks: BeginAuthentication's arguments, and the subject an agent registers for")
struct AuthenticationRequestTests {
  private func identity(_ kind: String, _ key: String, _ id: UInt32) -> DBusValue {
    .tuple([.string(kind), .dictionary([(key, .uint32(id))])])
  }

  private func arguments(identities: [DBusValue]) -> [DBusValue] {
    [
      .string("org.freedesktop.policykit.exec"), .string("Authentication is needed to run `/bin/true'"),
      .string("dialog-password"),
      .array(
        elementType: "{ss}",
        [
          .dictionaryEntry(.string("program"), .string("/bin/true")),
          .dictionaryEntry(.string("user"), .string("root")),
        ]),
      .string("cookie-1"), .array(elementType: "(sa{sv})", identities),
    ]
  }

  @Test("the action, its message, details, cookie and identities are read; users keep polkitd's order")
  func readsEveryArgument() throws {
    let request = try #require(
      AuthenticationRequest(
        arguments: arguments(identities: [
          identity("unix-user", "uid", 1000), identity("unix-group", "gid", 27), identity("unix-user", "uid", 0),
        ])))
    #expect(request.actionIdentifier == "org.freedesktop.policykit.exec")
    #expect(request.message == "Authentication is needed to run `/bin/true'")
    #expect(request.details == ["program": "/bin/true", "user": "root"])
    #expect(request.cookie == "cookie-1")
    #expect(request.identities == [.user(1000), .group(27), .user(0)])
    #expect(request.users == [1000, 0])
  }

  @Test("arguments of another shape are no request; an identity of an unknown kind is left out")
  func wrongShapes() {
    #expect(AuthenticationRequest(arguments: []) == nil)
    #expect(AuthenticationRequest(arguments: Array(arguments(identities: []).dropLast())) == nil)
    let request = AuthenticationRequest(arguments: arguments(identities: [identity("unix-netgroup", "name", 1)]))
    #expect(request?.identities == [])
  }

  @Test("a process subject is sent as polkitd reads it: unix-process with pid, start-time and uid")
  func subjectValue() {
    let subject = PolkitSubject(processIdentifier: 4321, startTime: 98_765, userIdentifier: 1000)
    #expect(
      subject.value
        == .tuple([
          .string("unix-process"),
          .array(
            elementType: "{sv}",
            [
              .dictionaryEntry(.string("pid"), .variant(.uint32(4321))),
              .dictionaryEntry(.string("start-time"), .variant(.uint64(98_765))),
              .dictionaryEntry(.string("uid"), .variant(.int32(1000))),
            ]),
        ]))
  }
}
