import PasscodeLocalization
internal import SystemCalls

/// The funnel for BrlAPI, brltty's client library, loaded with `dlopen` only when `doctor` asks, so no other
/// command maps it (start-up and the pinentry's shared objects stay as they are). It resolves its symbols
/// and calls them; a missing library or symbol is reported, never a crash.
enum BrailleApiCalls {
  /// The library's soname in Debian's `libbrlapi0.8` (installed with brltty).
  static let libraryName = "libbrlapi.so.0.8"

  /// What the library said about brltty's display.
  struct Display: Equatable, Sendable {
    /// The display's cells per line.
    var columns: Int
    /// Its lines.
    var rows: Int
    /// brltty's braille driver, such as `vr` or `bm`, when it said.
    var driver: String?
  }

  private typealias OpenConnection = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
  private typealias GetDisplaySize =
    @convention(c) (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>) -> Int32
  private typealias GetDriverName = @convention(c) (UnsafeMutablePointer<CChar>, Int) -> Int32
  private typealias CloseConnection = @convention(c) () -> Void
  private typealias ErrorLocation = @convention(c) () -> UnsafeMutableRawPointer?
  private typealias DescribeError = @convention(c) (UnsafeRawPointer?) -> UnsafePointer<CChar>?

  /// Connects to brltty's API server (`BRLAPI_HOST`, `BRLAPI_AUTH` or the defaults), asks for the display's size
  /// and driver, and disconnects. It may block on a wedged server: run it with a deadline.
  ///
  /// The library is loaded with ``DynamicLibrary`` (`dlopen`, `dlsym`). The corresponding C functions are
  /// `brlapi_openConnection`, `brlapi_getDisplaySize`,
  /// `brlapi_getDriverName`, `brlapi_strerror` and `brlapi_closeConnection`.
  ///
  /// - Returns: The display, or why it could not be asked.
  static func queryDisplay() -> Result<Display, BrailleApiFailure> {
    // The library stays loaded: it keeps per-thread state whose destructors run when threads end, so unloading
    // it would leave them pointing at unmapped code.
    guard let library = try? DynamicLibrary.load(libraryName) else {
      return .failure(
        BrailleApiFailure(reason: Localization.text("{library} is not installed", ["library": libraryName])))
    }
    guard let open = symbol(library, "brlapi_openConnection", as: OpenConnection.self),
      let size = symbol(library, "brlapi_getDisplaySize", as: GetDisplaySize.self),
      let close = symbol(library, "brlapi_closeConnection", as: CloseConnection.self)
    else {
      return .failure(
        BrailleApiFailure(reason: Localization.text("{library} lacks the BrlAPI functions", ["library": libraryName])))
    }
    guard open(nil, nil) >= 0 else { return .failure(BrailleApiFailure(reason: lastError(library))) }
    defer { close() }
    var columns: UInt32 = 0
    var rows: UInt32 = 0
    guard size(&columns, &rows) >= 0 else { return .failure(BrailleApiFailure(reason: lastError(library))) }
    var driver: String?
    if let name = symbol(library, "brlapi_getDriverName", as: GetDriverName.self) {
      var buffer = [CChar](repeating: 0, count: 64)
      if name(&buffer, buffer.count) > 0 {
        driver = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
    }
    return .success(Display(columns: Int(columns), rows: Int(rows), driver: driver))
  }

  private static func symbol<Function>(_ library: DynamicLibrary, _ name: String, as type: Function.Type)
    -> Function?
  {
    try? library.function(name, as: type)
  }

  /// BrlAPI's words for its last error (`brlapi_strerror` of `brlapi_error_location()`).
  private static func lastError(_ library: DynamicLibrary) -> String {
    guard let location = symbol(library, "brlapi_error_location", as: ErrorLocation.self),
      let describe = symbol(library, "brlapi_strerror", as: DescribeError.self),
      let text = describe(location())
    else { return Localization.text("BrlAPI gave no reason") }
    return BrailleApiFailure.translated(String(cString: text))
  }
}

/// Why BrlAPI could not be asked about the display.
struct BrailleApiFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The reason, in words.
  var reason: String

  /// The reason in the user's language where BrlAPI's table has it.
  var description: String { Self.translated(reason) }
}

extension BrailleApiFailure {
  /// BrlAPI's own English reasons (`brlapi_strerror`'s table), each a message of the catalogue.
  static let libraryReasons: Set<String> = [
    "Insufficient memory", "Tty is busy", "Device is busy", "Unknown instruction", "Illegal instruction",
    "Invalid parameter", "Invalid packet", "Connection refused", "Operation not supported", "getaddrinfo() error",
    "libc error", "Can't determine tty number", "Bad protocol version", "Unexpected end of file",
    "Key file is empty", "Driver error", "Authentication failed", "Parameter can not be changed",
  ]

  /// BrlAPI's reason in the user's language when it is one of its table's; any other text (a C library
  /// reason it appended) as it is.
  ///
  /// - Parameter reason: BrlAPI's text.
  /// - Returns: The translation, or the text.
  static func translated(_ reason: String) -> String {
    libraryReasons.contains(reason) ? Localization.text(reason) : reason
  }
}
