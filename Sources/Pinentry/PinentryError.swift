import PasscodeEngine

/// An error a pinentry session answers with an Assuan `ERR` line.
///
/// It carries the libgpg-error source and code, which together make the number on the wire
/// (`source << 24 | code`), plus an optional detail that libassuan appends after ` - `.
/// Neither the detail nor the description ever holds a secret.
package struct PinentryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The component a libgpg-error code is attributed to (`gpg_err_source_t`).
  package struct Source: RawRepresentable, Hashable, Sendable {
    /// The libgpg-error source number.
    package let rawValue: UInt32

    /// Wraps a libgpg-error source number.
    ///
    /// - Parameter rawValue: The number.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `GPG_ERR_SOURCE_PINENTRY`: errors the pinentry commands return.
    package static let pinentry = Source(rawValue: 5)
    /// `GPG_ERR_SOURCE_USER_1`: the source libassuan gives its own protocol errors when the server does
    /// not choose one, as pinentry does not.
    package static let assuanDefault = Source(rawValue: 32)
  }

  /// A libgpg-error code (`gpg_err_code_t`).
  package struct Code: RawRepresentable, Hashable, Sendable {
    /// The libgpg-error code number.
    package let rawValue: UInt32

    /// Wraps a libgpg-error code number.
    ///
    /// - Parameter rawValue: The number.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `GPG_ERR_TIMEOUT`.
    package static let timeout = Code(rawValue: 62)
    /// `GPG_ERR_CANCELED`.
    package static let cancelled = Code(rawValue: 99)
    /// `GPG_ERR_NOT_CONFIRMED`.
    package static let notConfirmed = Code(rawValue: 114)
    /// `GPG_ERR_ENOTTY`: no usable terminal.
    package static let noTerminal = Code(rawValue: 32870)
    /// `GPG_ERR_UNKNOWN_OPTION`.
    package static let unknownOption = Code(rawValue: 174)
    /// `GPG_ERR_ASS_GENERAL`.
    package static let assuanGeneral = Code(rawValue: 257)
    /// `GPG_ERR_ASS_LINE_TOO_LONG`.
    package static let lineTooLong = Code(rawValue: 263)
    /// `GPG_ERR_ASS_UNKNOWN_CMD`.
    package static let unknownCommand = Code(rawValue: 275)
    /// `GPG_ERR_ASS_SYNTAX`.
    package static let syntax = Code(rawValue: 276)
    /// `GPG_ERR_ASS_PARAMETER`.
    package static let parameter = Code(rawValue: 280)
  }

  /// Where the error is attributed.
  package let source: Source
  /// The libgpg-error code.
  package let code: Code
  /// Extra words libassuan appends to the reply after ` - `, if any.
  package let detail: String?

  /// Makes an error from its parts.
  ///
  /// - Parameters:
  ///   - source: Where the error is attributed.
  ///   - code: The libgpg-error code.
  ///   - detail: Extra words for the reply; never a secret.
  package init(source: Source, code: Code, detail: String? = nil) {
    self.source = source
    self.code = code
    self.detail = detail
  }

  /// Splits a libgpg-error value into source and code, as `gpg_err_source` and `gpg_err_code` do.
  ///
  /// - Parameter wireCode: The value, such as the number in an `ERR` line.
  package init(wireCode: UInt32) {
    self.init(source: Source(rawValue: wireCode >> 24 & 0x7F), code: Code(rawValue: wireCode & 0xFFFF))
  }

  /// The number the `ERR` line carries, as libgpg-error's `gpg_err_make` builds it.
  package var wireCode: UInt32 { (source.rawValue & 0x7F) << 24 | (code.rawValue & 0xFFFF) }

  /// The error in words, with libassuan's detail (through the sanitiser) and the libgpg-error value only as a
  /// number, such as `a line longer than the Assuan limit of 1000 bytes (gpg-error 536871175)`.
  package var description: String {
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
  package static let cancelled = PinentryError(source: .pinentry, code: .cancelled)
  /// The dialog timed out: `ERR 83886142 Timeout <Pinentry>`.
  package static let timedOut = PinentryError(source: .pinentry, code: .timeout)
  /// The user said no: `ERR 83886194 Not confirmed <Pinentry>`.
  package static let notConfirmed = PinentryError(source: .pinentry, code: .notConfirmed)
  /// A dialog without a usable terminal, as pinentry-curses answers it:
  /// `ERR 83918950 Inappropriate ioctl for device <Pinentry>`.
  package static let noTerminal = PinentryError(source: .pinentry, code: .noTerminal)
  /// An `OPTION` pinentry does not know: `ERR 83886254 Unknown option <Pinentry>`.
  package static let unknownOption = PinentryError(source: .pinentry, code: .unknownOption)
  /// A command libassuan does not know: `ERR 536871187 Unknown IPC command <User defined source 1>`.
  package static let unknownCommand = PinentryError(source: .assuanDefault, code: .unknownCommand)
  /// A line longer than the Assuan limit; libassuan ends the connection without a reply.
  package static let lineTooLong = PinentryError(source: .assuanDefault, code: .lineTooLong)

  /// A bad argument to a pinentry command: `ERR 83886360 IPC parameter error <Pinentry>`.
  ///
  /// - Parameter detail: Extra words for the reply.
  /// - Returns: The error.
  package static func parameter(_ detail: String? = nil) -> PinentryError {
    PinentryError(source: .pinentry, code: .parameter, detail: detail)
  }

  /// A line that breaks the Assuan syntax, as libassuan reports it.
  ///
  /// - Parameter detail: What is wrong, in libassuan's words.
  /// - Returns: The error.
  package static func syntax(_ detail: String) -> PinentryError {
    PinentryError(source: .assuanDefault, code: .syntax, detail: detail)
  }
}
