internal import CSpeechd
internal import Glibc
import PasscodeEngine
import PasscodeLocalization
import PasscodePreferences
internal import SystemCalls

/// The one place that calls libspeechd. Every other file goes through these functions.
///
/// Every value libspeechd writes into a line of SSIP passes ``SSIPValue``'s check here first: the user,
/// client and connection names, the language, a voice's name and the words of each `SPEAK`.
///
/// libspeechd is loaded with `dlopen` the first time speech connects (``load()``), on the speech thread, so
/// that a program that never speaks does not map it, nor the GLib and libpcre2 it brings.
/// A connection handle is a raw pointer that is not `Sendable`; callers keep it inside one owner
/// (the announcer's worker thread) and never share it.
struct SpeechDispatcherCalls: @unchecked Sendable {
  /// A libspeechd connection handle.
  typealias Connection = UnsafeMutablePointer<SPDConnection>

  // C function pointers into a library that is never unloaded: immutable, so safe to share.
  private let openConnection: passcode_spd_open2
  private let closeConnection: passcode_spd_close
  private let sayText: passcode_spd_say
  private let playSoundIcon: passcode_spd_sound_icon
  private let setPunctuation: passcode_spd_set_punctuation
  private let setLanguageCode: passcode_spd_set_language
  private let setVoiceRate: passcode_spd_set_voice_rate
  private let setVoicePitch: passcode_spd_set_voice_pitch
  private let setVoiceVolume: passcode_spd_set_volume
  private let setVoiceType: passcode_spd_set_voice_type
  private let setSynthesisVoice: passcode_spd_set_synthesis_voice
  private let getOutputModule: passcode_spd_get_output_module
  private let getDefaultAddress: passcode_spd_get_default_address
  private let freeDefaultAddress: passcode_spd_address_free

  /// libspeechd, loaded once on first use.
  ///
  /// - Returns: The functions, or why `libspeechd.so.2` could not be loaded.
  /// The corresponding C function is `dlopen`.
  static func load() -> Result<SpeechDispatcherCalls, SpeechError> {
    loaded
  }

  private static let loaded: Result<SpeechDispatcherCalls, SpeechError> = Result { () throws(DynamicLibrary.Failure) in
    let library = try DynamicLibrary.load("libspeechd.so.2")
    return SpeechDispatcherCalls(
      openConnection: try library.function("spd_open2", as: passcode_spd_open2.self),
      closeConnection: try library.function("spd_close", as: passcode_spd_close.self),
      sayText: try library.function("spd_say", as: passcode_spd_say.self),
      playSoundIcon: try library.function("spd_sound_icon", as: passcode_spd_sound_icon.self),
      setPunctuation: try library.function("spd_set_punctuation", as: passcode_spd_set_punctuation.self),
      setLanguageCode: try library.function("spd_set_language", as: passcode_spd_set_language.self),
      setVoiceRate: try library.function("spd_set_voice_rate", as: passcode_spd_set_voice_rate.self),
      setVoicePitch: try library.function("spd_set_voice_pitch", as: passcode_spd_set_voice_pitch.self),
      setVoiceVolume: try library.function("spd_set_volume", as: passcode_spd_set_volume.self),
      setVoiceType: try library.function("spd_set_voice_type", as: passcode_spd_set_voice_type.self),
      setSynthesisVoice: try library.function("spd_set_synthesis_voice", as: passcode_spd_set_synthesis_voice.self),
      getOutputModule: try library.function("spd_get_output_module", as: passcode_spd_get_output_module.self),
      getDefaultAddress: try library.function("spd_get_default_address", as: passcode_spd_get_default_address.self),
      freeDefaultAddress: try library.function("SPDConnectionAddress__free", as: passcode_spd_address_free.self))
  }
  .mapError { SpeechError.libraryMissing($0.message) }

  /// Ignores SIGPIPE for the whole process, once, so writing to a dead daemon returns an error instead of killing us.
  ///
  static func ignoreBrokenPipeSignal() {
    _ = brokenPipeIgnored
  }

  private static let brokenPipeIgnored: Bool = (try? SignalAction.ignoreBrokenPipe()) != nil

  /// Opens a connection in single-threaded mode (no libspeechd thread, no callbacks).
  ///
  /// libspeechd sends the three names as one line, `SET SELF CLIENT_NAME "user:client:connection"`, so each
  /// must be an ``SSIPValue`` name. A user name that is not one (a `USER` holding a line break or a quote) is
  /// dropped for the password database's (``userName(_:)``); a client or connection name that is not one
  /// fails the connection, and nothing is sent.
  ///
  /// - Parameters:
  ///   - clientName: The client name, such as `passcode`.
  ///   - connectionName: The connection name, such as `main`.
  ///   - userName: The user name, such as `USER`'s value; `nil` for the password database's.
  ///   - address: Where the daemon listens, or `nil` to let libspeechd read `SPEECHD_ADDRESS` and its default.
  ///   - autospawn: Whether libspeechd may start a daemon when none is running.
  /// - Returns: The connection, or the error text libspeechd gave.
  /// The corresponding C function is `spd_open2`.
  func open(
    clientName: String, connectionName: String, userName: String?, address: SpeechDispatcherAddress?,
    autospawn: Bool
  ) -> Result<Connection, SpeechError> {
    guard let checkedClient = SSIPValue(name: clientName), let checkedConnection = SSIPValue(name: connectionName)
    else { return .failure(.nameRefused) }
    let checkedUser = Self.userName(userName)
    var errorText: UnsafeMutablePointer<CChar>?
    let cAddress = address.map(Self.makeAddress)
    defer { cAddress.map(Self.freeAddress) }
    let connect = {
      checkedClient.text.withCString { client in
        checkedConnection.text.withCString { name in
          checkedUser.text.withCString { user in
            openConnection(client, name, user, SPD_MODE_SINGLE, cAddress, autospawn ? 1 : 0, &errorText)
          }
        }
      }
    }
    // libspeechd starts the daemon by forking this thread, whose mask blocks every signal; the daemon must
    // start with none blocked, or it would ignore SIGTERM and never end when idle.
    let connection = autospawn ? SpeechSystemCalls.withNoSignalsBlocked(connect) : connect()
    let message = errorText.map { String(cString: $0) }
    free(errorText)
    if let connection { return .success(connection) }
    return .failure(.connectFailed(message ?? Localization.text("speech-dispatcher refused the connection")))
  }

  /// The user name the daemon is given: the one asked for when it is an ``SSIPValue`` name, else the real
  /// user's name in the password database (which `USER` cannot change) when that is one, else the real user's
  /// number. libspeechd is never left to choose, since it would take the same database's name unchecked.
  ///
  /// - Parameter given: The name asked for, such as `USER`'s value, or `nil`.
  /// - Returns: A name that is safe on the CLIENT_NAME line.
  static func userName(_ given: String?) -> SSIPValue {
    if let given, let name = SSIPValue(name: given) { return name }
    if let entry = SpeechSystemCalls.realUserName(), let name = SSIPValue(name: entry) { return name }
    return SSIPValue(userNumber: SpeechSystemCalls.realUserNumber())
  }

  /// Closes a connection and frees it.
  ///
  /// - Parameter connection: The connection; it must not be used again.
  /// The corresponding C function is `spd_close`.
  func close(_ connection: Connection) {
    closeConnection(connection)
  }

  /// Queues text to be spoken, cleaned first (``SSIPValue/init(spoken:)``), so that no line break or control
  /// reaches SSIP's data block.
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - priority: The message priority.
  ///   - text: The words to speak.
  /// - Returns: The message id, or -1 when the daemon did not accept it (it may have died).
  /// The corresponding C function is `spd_say`.
  func say(_ connection: Connection, priority: SpeechPriority, text: String) -> Int32 {
    SSIPValue(spoken: text).text.withCString { sayText(connection, Self.cPriority(priority), $0) }
  }

  /// Plays a named sound icon.
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - priority: The message priority.
  ///   - iconName: The sound icon's name; one that is not an ``SSIPValue`` name is not sent.
  /// - Returns: The message id, or -1 when the daemon did not accept it or the name was not sent.
  /// The corresponding C function is `spd_sound_icon`.
  func soundIcon(_ connection: Connection, priority: SpeechPriority, iconName: String) -> Int32 {
    guard let checked = SSIPValue(name: iconName) else { return -1 }
    return checked.text.withCString { playSoundIcon(connection, Self.cPriority(priority), $0) }
  }

  /// Turns the reading of punctuation off for this connection.
  ///
  /// - Parameter connection: An open connection.
  /// - Returns: 0 on success, -1 on failure.
  /// The corresponding C function is `spd_set_punctuation`.
  func setPunctuationNone(_ connection: Connection) -> Int32 {
    setPunctuation(connection, SPD_PUNCT_NONE)
  }

  /// Sets the language of what this connection says (`SET SELF LANGUAGE`), so a voice for it speaks.
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - language: An ISO 639 code such as `es`; one that is not an ``SSIPValue`` name is not sent, and the
  ///     daemon's language stays.
  /// - Returns: 0 on success, -1 on failure or when the language was not sent.
  /// The corresponding C function is `spd_set_language`.
  func setLanguage(_ connection: Connection, _ language: String) -> Int32 {
    guard let checked = SSIPValue(name: language) else { return -1 }
    return setLanguageCode(connection, checked.text)
  }

  /// Sets the rate of this connection's speech (`SET SELF RATE`).
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - rate: From -100 to 100; libspeechd refuses others.
  /// - Returns: 0 on success, -1 on failure.
  /// The corresponding C function is `spd_set_voice_rate`.
  func setRate(_ connection: Connection, _ rate: Int) -> Int32 {
    setVoiceRate(connection, Int32(clamping: rate))
  }

  /// Sets the pitch of this connection's voice (`SET SELF PITCH`).
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - pitch: From -100 to 100.
  /// - Returns: 0 on success, -1 on failure.
  /// The corresponding C function is `spd_set_voice_pitch`.
  func setPitch(_ connection: Connection, _ pitch: Int) -> Int32 {
    setVoicePitch(connection, Int32(clamping: pitch))
  }

  /// Sets the volume of this connection's speech (`SET SELF VOLUME`).
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - volume: From -100 to 100.
  /// - Returns: 0 on success, -1 on failure.
  /// The corresponding C function is `spd_set_volume`.
  func setVolume(_ connection: Connection, _ volume: Int) -> Int32 {
    setVoiceVolume(connection, Int32(clamping: volume))
  }

  /// Sets this connection's voice: a symbolic type (`SET SELF VOICE_TYPE`) or one of the synthesiser's own
  /// voices (`SET SELF SYNTHESIS_VOICE`).
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - voice: The voice; a name that is not an ``SSIPValue`` voice name is not sent, and the daemon's voice
  ///     stays.
  /// - Returns: 0 on success, -1 on failure or when the name was not sent.
  /// The corresponding C functions are `spd_set_voice_type` and `spd_set_synthesis_voice`.
  func setVoice(_ connection: Connection, _ voice: SpeechVoice) -> Int32 {
    switch voice {
    case let .type(type): return setVoiceType(connection, Self.cVoiceType(type))
    case let .named(name):
      guard let checked = SSIPValue(voiceName: name) else { return -1 }
      return checked.text.withCString { setSynthesisVoice(connection, $0) }
    }
  }

  /// Asks which output module the daemon uses for this connection.
  ///
  /// - Parameter connection: An open connection.
  /// - Returns: The module's name, or `nil` when the daemon did not say.
  /// The corresponding C function is `spd_get_output_module`.
  func outputModule(_ connection: Connection) -> String? {
    guard let name = getOutputModule(connection) else { return nil }
    defer { free(name) }
    return String(cString: name)
  }

  /// The address libspeechd would connect to: `SPEECHD_ADDRESS` or its default socket.
  ///
  /// - Returns: The address, or the error text libspeechd gave.
  /// The corresponding C function is `spd_get_default_address`.
  func defaultAddress() -> Result<SpeechDispatcherAddress, SpeechError> {
    var errorText: UnsafeMutablePointer<CChar>?
    guard let address = getDefaultAddress(&errorText) else {
      let message = errorText.map { String(cString: $0) } ?? Localization.text("no default address")
      free(errorText)
      return .failure(.addressInvalid(message))
    }
    defer { freeDefaultAddress(address) }
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

  private static func cVoiceType(_ type: VoiceType) -> SPDVoiceType {
    switch type {
    case .male1: SPD_MALE1
    case .male2: SPD_MALE2
    case .male3: SPD_MALE3
    case .female1: SPD_FEMALE1
    case .female2: SPD_FEMALE2
    case .female3: SPD_FEMALE3
    case .childMale: SPD_CHILD_MALE
    case .childFemale: SPD_CHILD_FEMALE
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
}
