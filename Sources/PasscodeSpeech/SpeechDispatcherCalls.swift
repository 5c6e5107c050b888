import CSpeechd
import Glibc
import PasscodeEngine

/// The one place that calls libspeechd. Every other file goes through these functions.
///
/// A connection handle is a raw pointer that is not `Sendable`; callers keep it inside one owner
/// (the announcer's worker thread) and never share it.
enum SpeechDispatcherCalls {
  /// A libspeechd connection handle.
  typealias Connection = UnsafeMutablePointer<SPDConnection>

  /// Ignores SIGPIPE for the whole process, once, so writing to a dead daemon returns an error instead of killing us.
  ///
  /// The corresponding C function is `signal`.
  static func ignoreBrokenPipeSignal() {
    _ = brokenPipeIgnored
  }

  private static let brokenPipeIgnored: Bool = {
    _ = signal(SIGPIPE, SIG_IGN)
    return true
  }()

  /// Opens a connection in single-threaded mode (no libspeechd thread, no callbacks).
  ///
  /// - Parameters:
  ///   - clientName: The client name, such as `passcode`.
  ///   - connectionName: The connection name, such as `main`.
  ///   - userName: The user name, or `nil` to let libspeechd choose.
  ///   - address: Where the daemon listens, or `nil` to let libspeechd read `SPEECHD_ADDRESS` and its default.
  ///   - autospawn: Whether libspeechd may start a daemon when none is running.
  /// - Returns: The connection, or the error text libspeechd gave.
  /// The corresponding C function is `spd_open2`.
  static func open(
    clientName: String, connectionName: String, userName: String?, address: SpeechDispatcherAddress?,
    autospawn: Bool
  ) -> Result<Connection, SpeechError> {
    var errorText: UnsafeMutablePointer<CChar>?
    let cAddress = address.map(makeAddress)
    defer { cAddress.map(freeAddress) }
    let connection = clientName.withCString { client in
      connectionName.withCString { name in
        withOptionalCString(userName) { user in
          spd_open2(client, name, user, SPD_MODE_SINGLE, cAddress, autospawn ? 1 : 0, &errorText)
        }
      }
    }
    let message = errorText.map { String(cString: $0) }
    free(errorText)
    if let connection { return .success(connection) }
    return .failure(.connectFailed(message ?? "speech-dispatcher refused the connection"))
  }

  /// Closes a connection and frees it.
  ///
  /// - Parameter connection: The connection; it must not be used again.
  /// The corresponding C function is `spd_close`.
  static func close(_ connection: Connection) {
    spd_close(connection)
  }

  /// Queues text to be spoken.
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - priority: The message priority.
  ///   - text: The words to speak.
  /// - Returns: The message id, or -1 when the daemon did not accept it (it may have died).
  /// The corresponding C function is `spd_say`.
  static func say(_ connection: Connection, priority: SpeechPriority, text: String) -> Int32 {
    text.withCString { spd_say(connection, cPriority(priority), $0) }
  }

  /// Plays a named sound icon.
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - priority: The message priority.
  ///   - iconName: The sound icon's name.
  /// - Returns: The message id, or -1 when the daemon did not accept it.
  /// The corresponding C function is `spd_sound_icon`.
  static func soundIcon(_ connection: Connection, priority: SpeechPriority, iconName: String) -> Int32 {
    iconName.withCString { spd_sound_icon(connection, cPriority(priority), $0) }
  }

  /// Turns the reading of punctuation off for this connection.
  ///
  /// - Parameter connection: An open connection.
  /// - Returns: 0 on success, -1 on failure.
  /// The corresponding C function is `spd_set_punctuation`.
  static func setPunctuationNone(_ connection: Connection) -> Int32 {
    spd_set_punctuation(connection, SPD_PUNCT_NONE)
  }

  /// Asks which output module the daemon uses for this connection.
  ///
  /// - Parameter connection: An open connection.
  /// - Returns: The module's name, or `nil` when the daemon did not say.
  /// The corresponding C function is `spd_get_output_module`.
  static func outputModule(_ connection: Connection) -> String? {
    guard let name = spd_get_output_module(connection) else { return nil }
    defer { free(name) }
    return String(cString: name)
  }

  /// The address libspeechd would connect to: `SPEECHD_ADDRESS` or its default socket.
  ///
  /// - Returns: The address, or the error text libspeechd gave.
  /// The corresponding C function is `spd_get_default_address`.
  static func defaultAddress() -> Result<SpeechDispatcherAddress, SpeechError> {
    var errorText: UnsafeMutablePointer<CChar>?
    guard let address = spd_get_default_address(&errorText) else {
      let message = errorText.map { String(cString: $0) } ?? "no default address"
      free(errorText)
      return .failure(.addressInvalid(message))
    }
    defer { SPDConnectionAddress__free(address) }
    switch address.pointee.method {
    case SPD_METHOD_INET_SOCKET:
      let host = address.pointee.inet_socket_host.map { String(cString: $0) } ?? "127.0.0.1"
      return .success(.inetSocket(host: host, port: Int(address.pointee.inet_socket_port)))
    default:
      let path = address.pointee.unix_socket_name.map { String(cString: $0) } ?? ""
      return .success(.unixSocket(path: path))
    }
  }

  private static func cPriority(_ priority: SpeechPriority) -> SPDPriority {
    switch priority {
    case .text: SPD_TEXT
    case .message: SPD_MESSAGE
    case .important: SPD_IMPORTANT
    }
  }

  private static func makeAddress(_ address: SpeechDispatcherAddress) -> UnsafeMutablePointer<SPDConnectionAddress> {
    let pointer = UnsafeMutablePointer<SPDConnectionAddress>.allocate(capacity: 1)
    pointer.initialize(
      to: SPDConnectionAddress(
        method: SPD_METHOD_UNIX_SOCKET, unix_socket_name: nil, inet_socket_host: nil, inet_socket_port: 0,
        dbus_bus: nil))
    switch address {
    case let .unixSocket(path):
      pointer.pointee.method = SPD_METHOD_UNIX_SOCKET
      pointer.pointee.unix_socket_name = strdup(path)
    case let .inetSocket(host, port):
      pointer.pointee.method = SPD_METHOD_INET_SOCKET
      pointer.pointee.inet_socket_host = strdup(host)
      pointer.pointee.inet_socket_port = Int32(clamping: port)
    }
    return pointer
  }

  private static func freeAddress(_ pointer: UnsafeMutablePointer<SPDConnectionAddress>) {
    free(pointer.pointee.unix_socket_name)
    free(pointer.pointee.inet_socket_host)
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }

  private static func withOptionalCString<Result>(
    _ string: String?, _ body: (UnsafePointer<CChar>?) -> Result
  ) -> Result {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
  }
}
