import PasscodeEngine

/// An error a pinentry session answers with an Assuan `ERR` line.
///
/// It carries the libgpg-error source and code, which together make the number on the wire
/// (`source << 24 | code`), plus an optional detail that libassuan appends after ` - `.
/// Neither the detail nor the description ever holds a secret.
public struct PinentryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The component a libgpg-error code is attributed to (`gpg_err_source_t`).
  public struct Source: RawRepresentable, Hashable, Sendable {
    /// The libgpg-error source number.
    public let rawValue: UInt32

    /// Wraps a libgpg-error source number.
    ///
    /// - Parameter rawValue: The number.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `GPG_ERR_SOURCE_PINENTRY`: errors the pinentry commands return.
    public static let pinentry = Source(rawValue: 5)
    /// `GPG_ERR_SOURCE_USER_1`: the source libassuan gives its own protocol errors when the server does
    /// not choose one, as pinentry does not.
    public static let assuanDefault = Source(rawValue: 32)
  }

  /// A libgpg-error code (`gpg_err_code_t`).
  public struct Code: RawRepresentable, Hashable, Sendable {
    /// The libgpg-error code number.
    public let rawValue: UInt32

    /// Wraps a libgpg-error code number.
    ///
    /// - Parameter rawValue: The number.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `GPG_ERR_TIMEOUT`.
    public static let timeout = Code(rawValue: 62)
    /// `GPG_ERR_CANCELED`.
    public static let cancelled = Code(rawValue: 99)
    /// `GPG_ERR_NOT_CONFIRMED`.
    public static let notConfirmed = Code(rawValue: 114)
    /// `GPG_ERR_ENOTTY`: no usable terminal.
    public static let noTerminal = Code(rawValue: 32870)
    /// `GPG_ERR_UNKNOWN_OPTION`.
    public static let unknownOption = Code(rawValue: 174)
    /// `GPG_ERR_ASS_GENERAL`.
    public static let assuanGeneral = Code(rawValue: 257)
    /// `GPG_ERR_ASS_LINE_TOO_LONG`.
    public static let lineTooLong = Code(rawValue: 263)
    /// `GPG_ERR_ASS_UNKNOWN_CMD`.
    public static let unknownCommand = Code(rawValue: 275)
    /// `GPG_ERR_ASS_SYNTAX`.
    public static let syntax = Code(rawValue: 276)
    /// `GPG_ERR_ASS_PARAMETER`.
    public static let parameter = Code(rawValue: 280)
  }

  /// Where the error is attributed.
  public let source: Source
  /// The libgpg-error code.
  public let code: Code
  /// Extra words libassuan appends to the reply after ` - `, if any.
  public let detail: String?

  /// Makes an error from its parts.
  ///
  /// - Parameters:
  ///   - source: Where the error is attributed.
  ///   - code: The libgpg-error code.
  ///   - detail: Extra words for the reply; never a secret.
  public init(source: Source, code: Code, detail: String? = nil) {
    self.source = source
    self.code = code
    self.detail = detail
  }

  /// Splits a libgpg-error value into source and code, as `gpg_err_source` and `gpg_err_code` do.
  ///
  /// - Parameter wireCode: The value, such as the number in an `ERR` line.
  public init(wireCode: UInt32) {
    self.init(source: Source(rawValue: wireCode >> 24 & 0x7F), code: Code(rawValue: wireCode & 0xFFFF))
  }

  /// The number the `ERR` line carries, as libgpg-error's `gpg_err_make` builds it.
  public var wireCode: UInt32 { (source.rawValue & 0x7F) << 24 | (code.rawValue & 0xFFFF) }

  /// The error in words, with libassuan's detail (through the sanitiser) and the libgpg-error value only as a
  /// number, such as `a line longer than the Assuan limit of 1000 bytes (gpg-error 536871175)`.
  public var description: String {
    let shownDetail = detail.map { ": " + SanitizedText($0).text } ?? ""
    return "\(words)\(shownDetail) (gpg-error \(wireCode))"
  }

  /// What the code means, in a few words.
  private var words: String {
    switch code {
    case .timeout: "the dialog timed out"
    case .cancelled: "the dialog was cancelled"
    case .notConfirmed: "not confirmed"
    case .noTerminal: "no terminal to ask on"
    case .unknownOption: "an option pinentry does not know"
    case .assuanGeneral: "an Assuan protocol error"
    case .lineTooLong: "a line longer than the Assuan limit of 1000 bytes"
    case .unknownCommand: "a command pinentry does not know"
    case .syntax: "a line that breaks the Assuan syntax"
    case .parameter: "a bad argument to a pinentry command"
    default: "a pinentry error"
    }
  }

  /// The user cancelled: `ERR 83886179 Operation cancelled <Pinentry>`.
  public static let cancelled = PinentryError(source: .pinentry, code: .cancelled)
  /// The dialog timed out: `ERR 83886142 Timeout <Pinentry>`.
  public static let timedOut = PinentryError(source: .pinentry, code: .timeout)
  /// The user said no: `ERR 83886194 Not confirmed <Pinentry>`.
  public static let notConfirmed = PinentryError(source: .pinentry, code: .notConfirmed)
  /// A dialog without a usable terminal, as pinentry-curses answers it:
  /// `ERR 83918950 Inappropriate ioctl for device <Pinentry>`.
  public static let noTerminal = PinentryError(source: .pinentry, code: .noTerminal)
  /// An `OPTION` pinentry does not know: `ERR 83886254 Unknown option <Pinentry>`.
  public static let unknownOption = PinentryError(source: .pinentry, code: .unknownOption)
  /// A command libassuan does not know: `ERR 536871187 Unknown IPC command <User defined source 1>`.
  public static let unknownCommand = PinentryError(source: .assuanDefault, code: .unknownCommand)
  /// A line longer than the Assuan limit; libassuan ends the connection without a reply.
  public static let lineTooLong = PinentryError(source: .assuanDefault, code: .lineTooLong)

  /// A bad argument to a pinentry command: `ERR 83886360 IPC parameter error <Pinentry>`.
  ///
  /// - Parameter detail: Extra words for the reply.
  /// - Returns: The error.
  public static func parameter(_ detail: String? = nil) -> PinentryError {
    PinentryError(source: .pinentry, code: .parameter, detail: detail)
  }

  /// A line that breaks the Assuan syntax, as libassuan reports it.
  ///
  /// - Parameter detail: What is wrong, in libassuan's words.
  /// - Returns: The error.
  public static func syntax(_ detail: String) -> PinentryError {
    PinentryError(source: .assuanDefault, code: .syntax, detail: detail)
  }
}
