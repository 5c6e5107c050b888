import LockedSecretStorage
import PasscodeEngine
internal import SystemCalls

/// An Assuan pinentry server on one pair of file descriptors: it greets, answers the pinentry commands as
/// pinentry 1.2 does, and runs the dialogs through a ``PinentryPrompter``.
///
/// Transport, line limits, the greeting, `NOP`, `BYE`, `RESET`, `HELP` and the `ERR` wording come from
/// libassuan itself, so the replies match pinentry's. Only protocol lines are written to the output
/// descriptor; the session logs nothing.
package final class PinentrySession {
  /// The state the commands have built so far.
  package private(set) var request = PinentryRequest()

  /// The language the client asked for (`OPTION lc-messages`), such as `de_DE.UTF-8`; `nil` until it names
  /// one. The pinentry's own words are chosen from it elsewhere.
  package var messagesLocale: String? { request.messagesLocale }

  private let prompter: any PinentryPrompter
  private let identity: PinentryIdentity
  private let inputDescriptor: Int32
  private let outputDescriptor: Int32
  private var context: OpaquePointer?
  /// The last `ERR` detail, kept alive for libassuan.
  private let errorText = AssuanErrorText()

  /// Makes a session; nothing is read or written before ``run()``.
  ///
  /// - Parameters:
  ///   - prompter: Runs the dialogs.
  ///   - identity: What `GETINFO version` and `GETINFO flavor` report.
  ///   - inputDescriptor: Where commands arrive; standard input by default.
  ///   - outputDescriptor: Where replies go; standard output by default.
  package init(
    prompter: any PinentryPrompter,
    identity: PinentryIdentity = .passcode,
    inputDescriptor: Int32 = 0,
    outputDescriptor: Int32 = 1
  ) {
    self.prompter = prompter
    self.identity = identity
    self.inputDescriptor = inputDescriptor
    self.outputDescriptor = outputDescriptor
  }

  /// Serves the connection until `BYE` or the end of input. The descriptors stay open; the caller owns them.
  ///
  /// - Throws: ``PinentryError`` when libassuan cannot start, or when the connection breaks off, for
  ///   example on a line longer than the Assuan limit (libassuan sends no reply to that, as in pinentry).
  package func run() throws(PinentryError) {
    let context = try AssuanCalls.newContext()
    let names = CommandNames()
    self.context = context
    defer {
      AssuanCalls.setPointer(context, nil)
      AssuanCalls.release(context)
      self.context = nil
      withExtendedLifetime(names) {}
    }
    try AssuanCalls.initializePipeServer(context, input: inputDescriptor, output: outputDescriptor)
    for name in names.pointers {
      try AssuanCalls.registerCommand(context, name: name) { context, line in
        PinentrySession.dispatch(context, line)
      }
    }
    try AssuanCalls.registerResetNotify(context) { context, _ in
      guard let context, let session = PinentrySession.session(of: context) else { return 0 }
      session.request.resetDialog()
      return 0
    }
    AssuanCalls.setPointer(context, Unmanaged.passUnretained(self).toOpaque())
    var failure: PinentryError?
    while try AssuanCalls.accept(context) {
      do throws(PinentryError) {
        try AssuanCalls.process(context)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// Handles one command and says how it ended.
  ///
  /// - Parameters:
  ///   - name: The command name.
  ///   - argument: The argument, leading white space removed.
  /// - Returns: Success for `OK`, or the error for the `ERR` line.
  func handle(name: String, argument: String) -> Result<Void, PinentryError> {
    do throws(PinentryError) {
      let command = try AssuanCommand.parse(name: name, argument: argument)
      try perform(command)
      return .success(())
    } catch {
      return .failure(error)
    }
  }

  /// Carries out one parsed command.
  ///
  /// - Parameter command: The command.
  /// - Throws: The error for the `ERR` line.
  private func perform(_ command: AssuanCommand) throws(PinentryError) {
    switch command {
    case .option(let name, let value):
      guard PinentryOptionNames.accepts(name: name, value: value) else { throw .unknownOption }
      request.apply(command)
    case .getPIN: try getPIN()
    case .confirm(let oneButton): try confirm(oneButton: oneButton)
    case .message: try message()
    case .getInfo(let topic): try send(info(topic))
    case .clearPassphrase:
      // Nothing is ever cached here, so there is nothing to clear.
      break
    default: request.apply(command)
    }
  }

  /// Runs the `GETPIN` dialog and sends the secret.
  ///
  /// - Throws: The error for the `ERR` line.
  private func getPIN() throws(PinentryError) {
    var dialog = request
    if dialog.prompt == nil { dialog.prompt = request.options["default-prompt"] ?? "PIN:" }
    let inquiry = PinentryInquiry(
      context: context, checksConstraints: request.enforcesConstraints, ratesQuality: request.qualityBar != nil,
      generates: request.generatePINLabel != nil)
    let result = prompter.getPIN(dialog, inquiry: inquiry)
    request.errorText = nil
    request.repeatPrompt = nil
    request.qualityBar = nil
    switch result {
    case .entered(let storage):
      defer { storage.wipe() }
      if dialog.repeatPrompt != nil { try writeStatus("PIN_REPEATED", "") }
      try sendSecret(storage)
    case .cancelled, .failed: throw .cancelled
    case .timedOut: throw try timedOut()
    }
  }

  /// Runs the `CONFIRM` dialog.
  ///
  /// - Parameter oneButton: Whether only an OK button is wanted.
  /// - Throws: The error for the `ERR` line.
  private func confirm(oneButton: Bool) throws(PinentryError) {
    let result = prompter.confirm(request, oneButton: oneButton)
    request.errorText = nil
    request.qualityBar = nil
    switch result {
    case .confirmed: return
    case .timedOut: throw try timedOut()
    case .failed: throw try noTerminal()
    case _ where oneButton: return
    case .cancelled: throw .cancelled
    case .notConfirmed: throw .notConfirmed
    }
  }

  /// Runs the `MESSAGE` dialog.
  ///
  /// - Throws: The error for the `ERR` line.
  private func message() throws(PinentryError) {
    let result = prompter.message(request)
    request.errorText = nil
    switch result {
    case .timedOut: throw try timedOut()
    case .failed: throw try noTerminal()
    case .confirmed, .notConfirmed, .cancelled: return
    }
  }

  /// Reports a timeout as pinentry does: an `S ERROR` status line, then the error.
  ///
  /// - Returns: The timeout error.
  /// - Throws: A write error.
  private func timedOut() throws(PinentryError) -> PinentryError {
    try writeStatus("ERROR", "\(identity.flavor).? \(PinentryError.timedOut.wireCode) ")
    return .timedOut
  }

  /// Reports a confirmation that could not be asked as pinentry-curses does, never as OK: an `S ERROR` status
  /// line naming the check that failed, then the error.
  ///
  /// - Returns: The no-terminal error.
  /// - Throws: A write error.
  private func noTerminal() throws(PinentryError) -> PinentryError {
    try writeStatus("ERROR", "\(identity.flavor).isatty \(PinentryError.noTerminal.wireCode) ")
    return .noTerminal
  }

  /// The `GETINFO` answer for a topic.
  ///
  /// - Parameter topic: The topic.
  /// - Returns: The text to send.
  func info(_ topic: PinentryInfoTopic) -> String {
    switch topic {
    case .version: return identity.version
    case .flavor: return identity.flavor
    case .pid: return Self.digits(UInt32(clamping: ProcessIdentifier.current.rawValue))
    case .ttyinfo:
      let ids = ProcessCredentials.effective
      return [
        request.ttyName ?? "-", request.ttyType ?? "-", request.options["display"] ?? "-",
        deviceStatus(request.ttyName), Self.digits(ids.user) + "/" + Self.digits(ids.group), "-",
      ].joined(separator: " ")
    }
  }

  /// The mode, owner and group of the tty as pinentry prints them: `-` without a tty, `?` when it cannot
  /// be examined.
  ///
  /// - Parameter path: The tty's path.
  /// - Returns: `mode/uid/gid` with the mode in octal.
  private func deviceStatus(_ path: String?) -> String {
    guard let path, !path.isEmpty else { return "-" }
    guard let status = try? FileStatus(path: path) else { return "?" }
    return Self.digits(status.mode, radix: 8) + "/" + Self.digits(status.owner) + "/" + Self.digits(status.group)
  }

  /// A number's digits in ASCII, for the `GETINFO` answers that gpg-agent asks for before every dialog.
  ///
  /// Written out by hand because the standard library formats a `UInt32` through its generic
  /// `BinaryInteger` code, whose pages are spread over the binary: formatting the pid and the tty's mode
  /// that way put two more 64 KiB windows of text into a pinentry session's resident memory
  /// (Docs/Benchmarks.md, "Peak RSS: the text windows").
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - radix: The base, 2 to 10.
  /// - Returns: Its digits, most significant first, with no sign or prefix.
  static func digits(_ value: UInt32, radix: UInt32 = 10) -> String {
    var bytes: [UInt8] = []
    var rest = value
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % radix))
      rest /= radix
    } while rest > 0
    return String(decoding: bytes.reversed(), as: UTF8.self)
  }

  /// Sends non-secret text as `D` lines.
  ///
  /// - Parameter text: The text.
  /// - Throws: A write error.
  private func send(_ text: String) throws(PinentryError) {
    guard let context else { return }
    try AssuanCalls.sendData(context, text)
  }

  /// Writes a status line.
  ///
  /// - Parameters:
  ///   - keyword: The keyword.
  ///   - text: The rest of the line.
  /// - Throws: A write error.
  private func writeStatus(_ keyword: String, _ text: String) throws(PinentryError) {
    guard let context else { return }
    try AssuanCalls.writeStatus(context, keyword: keyword, text: text)
  }

  /// Sends the secret as escaped `D` lines built in wiped memory and written straight from it.
  ///
  /// - Parameter storage: The secret.
  /// - Throws: A write error.
  private func sendSecret(_ storage: any SecretStorage) throws(PinentryError) {
    guard let context else { return }
    let scratch = WipedSecretBuffer(capacity: DataLineEncoder.scratchCapacity)
    AssuanCalls.beginConfidential(context)
    defer { AssuanCalls.endConfidential(context) }
    do {
      try storage.withUnsafeBytes { bytes in
        try DataLineEncoder.encode(bytes, scratch: scratch) { line in try AssuanCalls.writeLine(context, line) }
      }
    } catch let error as PinentryError {
      throw error
    } catch {
      throw PinentryError(source: .pinentry, code: .assuanGeneral)
    }
  }

  /// The session a context belongs to.
  ///
  /// - Parameter context: The context.
  /// - Returns: The session stored with the context's pointer.
  private static func session(of context: OpaquePointer) -> PinentrySession? {
    AssuanCalls.pointer(context).map { Unmanaged<PinentrySession>.fromOpaque($0).takeUnretainedValue() }
  }

  /// The handler libassuan calls for every registered command.
  ///
  /// - Parameters:
  ///   - context: The context.
  ///   - line: The argument.
  /// - Returns: 0 for `OK`, or the libgpg-error value for `ERR`.
  private static func dispatch(_ context: OpaquePointer?, _ line: UnsafeMutablePointer<CChar>?) -> UInt32 {
    guard let context, let session = session(of: context) else { return PinentryError.cancelled.wireCode }
    let name = AssuanCalls.commandName(context) ?? ""
    let argument = line.map { String(cString: $0) } ?? ""
    switch session.handle(name: name, argument: argument) {
    case .success: return 0
    case .failure(let error): return AssuanCalls.handlerValue(context, for: error, keepingTextIn: session.errorText)
    }
  }
}

/// NUL-terminated copies of the command names, alive as long as the libassuan context that points at them.
private final class CommandNames {
  let pointers: [UnsafePointer<CChar>]

  init() {
    // An array, not a Set: hashing three names would instantiate Set<String> at every start.
    let standard = ["NOP", "BYE", "RESET"]
    pointers = AssuanCommand.commandNames.filter { !standard.contains($0) }.map { name in
      let bytes = Array(name.utf8CString)
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
      pointer.initialize(from: bytes, count: bytes.count)
      return UnsafePointer(pointer)
    }
  }

  deinit {
    for pointer in pointers { UnsafeMutablePointer(mutating: pointer).deallocate() }
  }
}
