internal import GDBus
import Synchronization
internal import SystemCalls

/// The agent's side of polkit's D-Bus API: an `org.freedesktop.PolicyKit1.AuthenticationAgent` object on the
/// system bus, registered with polkitd for a subject, handing each authentication over to the thread that
/// asks (``nextAuthentication(within:)``).
///
/// GDBus dispatches the object's calls on a thread of its own (a ``BackgroundThread`` iterating a private main
/// context), so a `CancelAuthentication` reaches the agent while the asking thread is busy with the person. Only
/// polkitd may call the object: a call from any other bus name is refused.
package final class PolkitAgentEndpoint: @unchecked Sendable {
  /// Where the system bus listens when `DBUS_SYSTEM_BUS_ADDRESS` does not say.
  package static let defaultSystemBusAddress = "unix:path=/run/dbus/system_bus_socket"
  /// The object's path on the agent's connection.
  package static let objectPath = "/org/passcodekeypad/PolkitAgent"

  private static let authorityName = "org.freedesktop.PolicyKit1"
  private static let authorityPath = "/org/freedesktop/PolicyKit1/Authority"
  private static let authorityInterface = "org.freedesktop.PolicyKit1.Authority"
  private static let agentInterface = "org.freedesktop.PolicyKit1.AuthenticationAgent"
  private static let callTimeoutMilliseconds: Int32 = 25_000
  private static let introspection = """
    <node>
      <interface name="org.freedesktop.PolicyKit1.AuthenticationAgent">
        <method name="BeginAuthentication">
          <arg type="s" name="action_id" direction="in"/>
          <arg type="s" name="message" direction="in"/>
          <arg type="s" name="icon_name" direction="in"/>
          <arg type="a{ss}" name="details" direction="in"/>
          <arg type="s" name="cookie" direction="in"/>
          <arg type="a(sa{sv})" name="identities" direction="in"/>
        </method>
        <method name="CancelAuthentication">
          <arg type="s" name="cookie" direction="in"/>
        </method>
      </interface>
    </node>
    """

  private struct State {
    /// polkitd's unique bus name, the only caller answered; `nil` until registered.
    var authority: String?
    /// Authentications polkitd began that the asking thread has not taken yet.
    var waiting: [PendingAuthentication] = []
    /// The one the asking thread took last, for `CancelAuthentication` to reach.
    var current: PendingAuthentication?
    /// Whether ``close()`` asked the dispatching thread to end.
    var isClosing = false
  }

  private let calls: GDBusCalls
  private let connection: GDBusCalls.Connection
  private let context: GDBusCalls.MainContext
  private let state = Mutex(State())
  private let arrived = Semaphore()
  private let dispatcherEnded = Semaphore()

  private init(calls: GDBusCalls, connection: GDBusCalls.Connection, context: GDBusCalls.MainContext) {
    self.calls = calls
    self.connection = connection
    self.context = context
  }

  /// Connects to the system bus and exports the agent's object, not yet registered with polkitd.
  ///
  /// - Parameter address: The system bus's address.
  /// - Returns: The endpoint; ``close()`` it.
  /// - Throws: ``PolkitAgentError`` when GIO cannot be loaded, the bus cannot be reached or the object exported.
  package static func open(address: String) throws(PolkitAgentError) -> PolkitAgentEndpoint {
    let calls: GDBusCalls
    switch GDBusCalls.load() {
    case let .success(loaded): calls = loaded
    case let .failure(failure): throw .noGIO(failure.description)
    }
    let connection: GDBusCalls.Connection
    switch calls.connect(address: address, cancellable: nil) {
    case let .success(opened): connection = opened
    case let .failure(failure): throw .noSystemBus(failure.description)
    }
    guard let context = calls.makeMainContext() else {
      calls.close(connection)
      throw .noSystemBus("no GLib main context")
    }
    let endpoint = PolkitAgentEndpoint(calls: calls, connection: connection, context: context)
    let exported = Mutex<Result<Void, GDBusFailure>?>(nil)
    let ready = Semaphore()
    let started = BackgroundThread.start {
      let result = endpoint.export()
      exported.withLock { $0 = result }
      ready.signal()
      if case .success = result { endpoint.dispatch() }
      endpoint.dispatcherEnded.signal()
    }
    guard started else {
      endpoint.release()
      throw .noSystemBus("no thread for D-Bus")
    }
    ready.wait()
    if case let .failure(failure)? = exported.withLock({ $0 }) {
      endpoint.dispatcherEnded.wait()
      endpoint.release()
      throw .noSystemBus(failure.description)
    }
    return endpoint
  }

  /// Registers the object with polkitd as the agent for `subject` (`RegisterAuthenticationAgentWithOptions`).
  ///
  /// - Parameters:
  ///   - subject: The process whose authentications this agent answers.
  ///   - fallback: Whether another agent registered for the same subject goes first (`--fallback`).
  ///   - locale: The locale polkitd writes the action's message in, such as `de_DE.UTF-8`.
  /// - Throws: ``PolkitAgentError/registrationRefused(_:)`` with polkitd's words, or when polkitd is not there.
  package func register(subject: PolkitSubject, fallback: Bool, locale: String) throws(PolkitAgentError) {
    // The bus starts polkitd when it is first called, so the registration may start it.
    let reply = calls.call(
      connection: connection, busName: Self.authorityName, objectPath: Self.authorityPath,
      interface: Self.authorityInterface, method: "RegisterAuthenticationAgentWithOptions",
      arguments: [
        subject.value, .string(locale), .string(Self.objectPath),
        .dictionary(fallback ? [("fallback", .boolean(true))] : []),
      ], timeoutMilliseconds: Self.callTimeoutMilliseconds, allowsAutoStart: true)
    if case let .failure(failure) = reply { throw .registrationRefused(failure.description) }
    let owner = calls.call(
      connection: connection, busName: "org.freedesktop.DBus", objectPath: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", method: "GetNameOwner", arguments: [.string(Self.authorityName)],
      timeoutMilliseconds: Self.callTimeoutMilliseconds)
    guard case let .success(values) = owner, let name = values.first?.string else {
      throw .registrationRefused("polkitd has no bus name")
    }
    state.withLock { $0.authority = name }
  }

  /// Waits for polkitd to begin an authentication, and takes it: the asking thread's alone until it is answered.
  ///
  /// - Parameter duration: The longest wait.
  /// - Returns: The authentication, or `nil` when none began in time.
  package func nextAuthentication(within duration: Duration) -> PendingAuthentication? {
    guard arrived.wait(for: duration) else { return nil }
    return state.withLock { state in
      guard !state.waiting.isEmpty else { return nil }
      let next = state.waiting.removeFirst()
      state.current = next
      return next
    }
  }

  /// Ends the dispatching thread and closes the connection, which ends the registration; authentications not
  /// taken are answered as cancelled.
  package func close() {
    let untaken = state.withLock { state in
      state.isClosing = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for pending in untaken { pending.answer(.cancelled) }
    calls.wakeUp(context)
    dispatcherEnded.wait()
    release()
  }

  private func release() {
    calls.close(connection)
    calls.release(context: context)
  }

  /// Exports the object, on the dispatching thread: its calls are dispatched in the context that is the thread's
  /// default when it is exported.
  private func export() -> Result<Void, GDBusFailure> {
    calls.pushThreadDefault(context)
    return calls.export(
      connection: connection, path: Self.objectPath, introspectionXML: Self.introspection,
      interface: Self.agentInterface
    ) { [weak self] call in self?.receive(call) }
  }

  /// The dispatching thread's loop.
  private func dispatch() {
    while !state.withLock({ $0.isClosing }) { calls.iterate(context) }
  }

  /// A call on the object, on the dispatching thread.
  private func receive(_ call: GDBusCalls.MethodCall) {
    guard let authority = state.withLock({ $0.authority }), call.sender == authority else {
      calls.returnError(
        call.invocation, name: "org.freedesktop.PolicyKit1.Error.NotAuthorized", message: "only polkitd may call")
      return
    }
    switch call.method {
    case "BeginAuthentication":
      guard let request = AuthenticationRequest(arguments: call.arguments) else {
        calls.returnError(call.invocation, name: "org.freedesktop.PolicyKit1.Error.Failed", message: "bad arguments")
        return
      }
      let pending = PendingAuthentication(request: request, calls: calls, invocation: call.invocation)
      state.withLock { $0.waiting.append(pending) }
      arrived.signal()
    case "CancelAuthentication":
      let cookie = call.arguments.first?.string
      let cancelled = state.withLock { state -> PendingAuthentication? in
        if let index = state.waiting.firstIndex(where: { $0.request.cookie == cookie }) {
          return state.waiting.remove(at: index)
        }
        return state.current?.request.cookie == cookie ? state.current : nil
      }
      calls.returnNothing(call.invocation)
      cancelled?.cancelByPolkit()
    default:
      calls.returnError(
        call.invocation, name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(call.method)")
    }
  }
}

/// An authentication polkitd began, answered once: as succeeded (polkit's helper told polkitd the person
/// authenticated), cancelled or failed.
package final class PendingAuthentication: @unchecked Sendable {
  /// How an authentication ends, as polkitd is told.
  package enum Ending: Equatable, Sendable {
    /// The helper authenticated the person (nothing is returned: the helper told polkitd).
    case succeeded
    /// The person cancelled (`org.freedesktop.PolicyKit1.Error.Cancelled`).
    case cancelled
    /// The tries ran out (`org.freedesktop.PolicyKit1.Error.Failed`).
    case failed
  }

  /// What polkitd asks.
  package let request: AuthenticationRequest
  private let calls: GDBusCalls
  private let invocation: GDBusCalls.Invocation
  private let status = Mutex<(answered: Bool, cancelledByPolkit: Bool, onCancel: (@Sendable () -> Void)?)>(
    (false, false, nil))

  init(request: AuthenticationRequest, calls: GDBusCalls, invocation: GDBusCalls.Invocation) {
    self.request = request
    self.calls = calls
    self.invocation = invocation
  }

  /// Whether polkitd cancelled it (`CancelAuthentication`: the program that asked ended, or timed out).
  package var isCancelledByPolkit: Bool { status.withLock { $0.cancelledByPolkit } }

  /// Sets what runs, on the D-Bus thread, when polkitd cancels the authentication; at once when it already has.
  package func onCancelByPolkit(_ handler: @escaping @Sendable () -> Void) {
    let already = status.withLock { status in
      status.onCancel = handler
      return status.cancelledByPolkit
    }
    if already { handler() }
  }

  /// Tells polkitd how it ended; only the first answer counts.
  package func answer(_ ending: Ending) {
    let first = status.withLock { status in
      defer { status.answered = true }
      return !status.answered
    }
    guard first else { return }
    switch ending {
    case .succeeded: calls.returnNothing(invocation)
    case .cancelled:
      calls.returnError(
        invocation, name: "org.freedesktop.PolicyKit1.Error.Cancelled", message: "The authentication was cancelled")
    case .failed:
      calls.returnError(invocation, name: "org.freedesktop.PolicyKit1.Error.Failed", message: "Authentication failed")
    }
  }

  fileprivate func cancelByPolkit() {
    let handler = status.withLock { status in
      status.cancelledByPolkit = true
      return status.onCancel
    }
    answer(.cancelled)
    handler?()
  }
}

/// Why the agent could not start. Its words are outside text (the loader's, GLib's, polkitd's): the command
/// sanitises them before a person sees them.
package enum PolkitAgentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// GIO could not be loaded; carries the loader's words.
  case noGIO(String)
  /// The system bus could not be reached; carries GLib's words.
  case noSystemBus(String)
  /// polkitd did not take the registration; carries its words.
  case registrationRefused(String)

  /// What failed, in English, with the outside words as they came.
  package var description: String {
    switch self {
    case let .noGIO(reason): "GIO could not be loaded: \(reason)"
    case let .noSystemBus(reason): "the system bus could not be reached: \(reason)"
    case let .registrationRefused(reason): "polkitd did not take the registration: \(reason)"
    }
  }
}
