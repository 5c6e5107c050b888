import Foundation
internal import SystemCalls

/// A private `dbus-daemon --session`, with a Python service of a test's on it: the a11y bus launcher for
/// detection's tests, a polkitd stand-in for the polkit agent's.
package final class PrivateSessionBus {
  /// The directory with the bus's socket, configuration and logs.
  package let base: String
  private var daemon: SpawnedProcess?
  private var services: [SpawnedProcess] = []

  /// The bus's address.
  package var address: String { "unix:path=\(base)/bus" }

  /// Starts the bus.
  package init() throws {
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
  package func startA11yService(screenReaderEnabled enabled: Bool) throws {
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
    try startService(named: "a11y", script: script, arguments: [enabled ? "true" : "false"])
  }

  /// Starts a Python service on the bus: `python3 NAME.py ADDRESS ARGUMENTS… READY-FILE`, which creates the
  /// ready file (its last argument) once it serves.
  ///
  /// - Parameters:
  ///   - name: The script's name, for its files in ``base``.
  ///   - script: The Python program.
  ///   - arguments: Its arguments between the bus address and the ready file.
  /// - Throws: When it cannot be started, or is not ready within five seconds.
  package func startService(named name: String, script: String, arguments: [String] = []) throws {
    try script.write(toFile: base + "/\(name).py", atomically: true, encoding: .utf8)
    services.append(
      try SpawnedProcess(
        executable: "/usr/bin/python3",
        arguments: [base + "/\(name).py", address] + arguments + [base + "/\(name).ready"],
        outputPath: base + "/\(name).log"))
    try waitForFile(base + "/\(name).ready", what: "\(name) test service")
  }

  /// Waits up to five seconds for a file to exist.
  ///
  /// - Throws: ``SpeechTestSupportError/notReady(_:)`` when it does not.
  package func waitForFile(_ path: String, what: String) throws {
    let end = BootTimeClock.now + .seconds(5)
    while !FileManager.default.fileExists(atPath: path) {
      guard BootTimeClock.now < end else { throw SpeechTestSupportError.notReady(what) }
      sleep(for: .milliseconds(10))
    }
  }

  deinit {
    for process in services.reversed() + [daemon].compactMap({ $0 }) {
      process.signal(SIGTERM)
      _ = process.waitForExit(timeout: .seconds(2))
    }
    try? FileManager.default.removeItem(atPath: base)
  }
}
