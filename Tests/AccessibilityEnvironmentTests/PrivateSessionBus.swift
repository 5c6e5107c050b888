import Foundation
import Glibc
import PasscodeTestSupport

/// A private `dbus-daemon --session` with a tiny Python service that plays the a11y bus launcher.
final class PrivateSessionBus {
  let base: String
  private var daemon: SpawnedProcess?
  private var service: SpawnedProcess?

  var address: String { "unix:path=\(base)/bus" }

  init() throws {
    var template = Array("/tmp/passcode-bus.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw SpeechTestSupportError.systemCall("mkdtemp", errno: errno) }
    base = String(cString: made)
    let configuration = """
      <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
       "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
      <busconfig>
        <type>session</type>
        <listen>unix:path=\(base)/bus</listen>
        <auth>EXTERNAL</auth>
        <policy context="default">
          <allow send_destination="*" eavesdrop="true"/>
          <allow eavesdrop="true"/>
          <allow own="*"/>
        </policy>
      </busconfig>

      """
    try configuration.write(toFile: base + "/bus.conf", atomically: true, encoding: .utf8)
    daemon = try SpawnedProcess(
      executable: "dbus-daemon", arguments: ["--config-file=\(base)/bus.conf", "--nofork", "--print-address"],
      outputPath: base + "/bus.log")
    try waitForFile(base + "/bus", what: "dbus-daemon socket")
  }

  /// Starts the fake a11y bus launcher answering `ScreenReaderEnabled` with `enabled`.
  func startA11yService(screenReaderEnabled enabled: Bool) throws {
    let script = #"""
      import sys
      import dbus, dbus.service, dbus.mainloop.glib
      from gi.repository import GLib
      dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
      bus = dbus.bus.BusConnection(sys.argv[1])
      enabled = sys.argv[2] == "true"
      class A11yBus(dbus.service.Object):
          @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="v")
          def Get(self, interface, name):
              if interface == "org.a11y.Status" and name == "ScreenReaderEnabled":
                  return dbus.Boolean(enabled)
              raise dbus.exceptions.DBusException("no such property",
                  name="org.freedesktop.DBus.Error.UnknownProperty")
      service = A11yBus(bus, "/org/a11y/bus")
      owned = dbus.service.BusName("org.a11y.Bus", bus)
      open(sys.argv[3], "w").close()
      GLib.MainLoop().run()
      """#
    try script.write(toFile: base + "/a11y.py", atomically: true, encoding: .utf8)
    service = try SpawnedProcess(
      executable: "/usr/bin/python3",
      arguments: [base + "/a11y.py", address, enabled ? "true" : "false", base + "/a11y.ready"],
      outputPath: base + "/a11y.log")
    try waitForFile(base + "/a11y.ready", what: "a11y test service")
  }

  private func waitForFile(_ path: String, what: String) throws {
    let end = ContinuousClock.now + .seconds(5)
    while !FileManager.default.fileExists(atPath: path) {
      guard ContinuousClock.now < end else { throw SpeechTestSupportError.notReady(what) }
      usleep(10_000)
    }
  }

  deinit {
    for process in [service, daemon].compactMap({ $0 }) {
      process.signal(SIGTERM)
      _ = process.waitForExit(timeout: .seconds(2))
    }
    try? FileManager.default.removeItem(atPath: base)
  }
}
