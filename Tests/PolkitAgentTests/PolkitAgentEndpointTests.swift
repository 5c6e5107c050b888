import Foundation
import PasscodeTestSupport
import PolkitAgent
import Synchronization
import Testing

/// The agent's D-Bus side on a private bus, with a Python stand-in for polkitd that owns polkitd's name: what is
/// registered, how an authentication arrives and is answered, polkitd's cancel, and a stranger refused. (The
/// real polkitd, pkexec and polkit's helper are in the end-to-end suite.)
@Suite(
  "The polkit agent's D-Bus object, against a polkitd stand-in", .serialized,
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
      && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbus"),
    "needs dbus-daemon and python3-dbus"))
struct PolkitAgentEndpointTests {
  /// polkitd's stand-in: records the registration in `registered`, then (unless told `quiet`) begins one
  /// authentication with cookie `cookie-1`, writing how it ended to `ended`; with `cancel`, it cancels it after a
  /// moment. A second connection, a stranger, tries to begin one too and writes the error it got to `stranger`.
  private static let authority = #"""
    import sys
    import dbus, dbus.service, dbus.mainloop.glib
    from gi.repository import GLib
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    address, mode, base, ready = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
    bus = dbus.bus.BusConnection(address)
    stranger = dbus.bus.BusConnection(address)
    def write(name, text):
        with open(base + "/" + name, "w") as f: f.write(text)
    def begin(connection, agent, path, reply, error):
        proxy = connection.get_object(agent, path)
        proxy.BeginAuthentication(
            "org.example.action", "Authentication is needed to test", "", {"program": "/bin/true"}, "cookie-1",
            [("unix-user", {"uid": dbus.UInt32(1000)}), ("unix-group", {"gid": dbus.UInt32(27)})],
            dbus_interface="org.freedesktop.PolicyKit1.AuthenticationAgent", timeout=60,
            reply_handler=reply, error_handler=error, signature="sssa{ss}sa(sa{sv})")
    class Authority(dbus.service.Object):
        @dbus.service.method("org.freedesktop.PolicyKit1.Authority", in_signature="(sa{sv})ssa{sv}",
                             out_signature="", sender_keyword="sender")
        def RegisterAuthenticationAgentWithOptions(self, subject, locale, path, options, sender=None):
            kind, fields = subject
            write("registered", "%s pid=%d start=%d uid=%d locale=%s path=%s fallback=%s" % (
                kind, fields["pid"], fields["start-time"], fields["uid"], locale, path,
                bool(options.get("fallback", False))))
            if mode == "quiet": return
            def stranger_call():
                begin(stranger, sender, path, lambda: write("stranger", "answered"),
                      lambda e: write("stranger", e.get_dbus_name()))
            def polkitd_call():
                begin(bus, sender, path, lambda: write("ended", "returned"),
                      lambda e: write("ended", e.get_dbus_name()))
                if mode == "cancel":
                    GLib.timeout_add(300, lambda: bus.get_object(sender, path).CancelAuthentication(
                        "cookie-1", dbus_interface="org.freedesktop.PolicyKit1.AuthenticationAgent") and False)
            GLib.timeout_add(50, lambda: stranger_call() or False)
            GLib.timeout_add(150, lambda: polkitd_call() or False)
    Authority(bus, "/org/freedesktop/PolicyKit1/Authority")
    name = dbus.service.BusName("org.freedesktop.PolicyKit1", bus)
    open(ready, "w").close()
    GLib.MainLoop().run()
    """#

  private func start(_ mode: String) throws -> (PrivateSessionBus, PolkitAgentEndpoint) {
    let bus = try PrivateSessionBus()
    try bus.startService(named: "authority", script: Self.authority, arguments: [mode, bus.base])
    return (bus, try PolkitAgentEndpoint.open(address: bus.address))
  }

  private func read(_ bus: PrivateSessionBus, _ name: String) throws -> String {
    try bus.waitForFile(bus.base + "/" + name, what: name)
    return try String(contentsOfFile: bus.base + "/" + name, encoding: .utf8)
  }

  @Test("the registration names the process, its start time, the user, the locale, the object and --fallback")
  func registration() throws {
    let (bus, endpoint) = try start("quiet")
    defer { endpoint.close() }
    try endpoint.register(
      subject: PolkitSubject(processIdentifier: 4321, startTime: 98_765, userIdentifier: 1000), fallback: true,
      locale: "de_DE.UTF-8")
    #expect(
      try read(bus, "registered")
        == "unix-process pid=4321 start=98765 uid=1000 locale=de_DE.UTF-8 path=\(PolkitAgentEndpoint.objectPath) "
        + "fallback=True")
  }

  @Test("polkitd's authentication reaches the asking thread whole, and its answer reaches polkitd once")
  func beginAndAnswer() throws {
    let (bus, endpoint) = try start("begin")
    defer { endpoint.close() }
    try endpoint.register(
      subject: PolkitSubject(processIdentifier: 1, startTime: 0, userIdentifier: 1000), fallback: false, locale: "C")
    let pending = try #require(endpoint.nextAuthentication(within: .seconds(10)))
    #expect(pending.request.actionIdentifier == "org.example.action")
    #expect(pending.request.message == "Authentication is needed to test")
    #expect(pending.request.cookie == "cookie-1")
    #expect(pending.request.users == [1000])
    #expect(pending.request.details == ["program": "/bin/true"])
    pending.answer(.failed)
    pending.answer(.succeeded)  // only the first answer counts
    #expect(try read(bus, "ended") == "org.freedesktop.PolicyKit1.Error.Failed")
  }

  @Test("a call from anyone but polkitd is refused, and never reaches the asking thread")
  func strangerRefused() throws {
    let (bus, endpoint) = try start("begin")
    defer { endpoint.close() }
    try endpoint.register(
      subject: PolkitSubject(processIdentifier: 1, startTime: 0, userIdentifier: 1000), fallback: false, locale: "C")
    #expect(try read(bus, "stranger") == "org.freedesktop.PolicyKit1.Error.NotAuthorized")
    let pending = try #require(endpoint.nextAuthentication(within: .seconds(10)))
    #expect(pending.request.cookie == "cookie-1")
    #expect(endpoint.nextAuthentication(within: .milliseconds(300)) == nil)
    pending.answer(.succeeded)
    #expect(try read(bus, "ended") == "returned")
  }

  @Test("polkitd's cancel runs the agent's handler and answers the authentication as cancelled")
  func cancelledByPolkit() throws {
    let (bus, endpoint) = try start("cancel")
    defer { endpoint.close() }
    try endpoint.register(
      subject: PolkitSubject(processIdentifier: 1, startTime: 0, userIdentifier: 1000), fallback: false, locale: "C")
    let pending = try #require(endpoint.nextAuthentication(within: .seconds(10)))
    let handled = Mutex(false)
    pending.onCancelByPolkit { handled.withLock { $0 = true } }
    #expect(try read(bus, "ended") == "org.freedesktop.PolicyKit1.Error.Cancelled")
    #expect(pending.isCancelledByPolkit)
    #expect(handled.withLock { $0 })
  }

  @Test("with no system bus there, opening says so")
  func noBus() {
    #expect(throws: PolkitAgentError.self) {
      try PolkitAgentEndpoint.open(address: "unix:path=/nonexistent/passcode-no-bus")
    }
  }
}
