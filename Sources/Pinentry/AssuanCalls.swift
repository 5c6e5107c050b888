internal import CAssuan

/// The one file that calls libassuan and libgpg-error.
///
/// libassuan does its own reads and writes and retries `EINTR` inside; nothing here needs to.
/// Every function names the C function it wraps.
enum AssuanCalls {
  /// A command handler libassuan can call: a non-capturing C function.
  typealias Handler = @convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?) -> gpg_error_t

  /// What libassuan's `assuan_accept` returns when a pipe server's one connection is over.
  static let noMoreConnections = gpg_error_t(bitPattern: -1)

  /// Creates a context with libassuan's default error source, as pinentry does.
  /// The corresponding C function is `assuan_new`.
  ///
  /// - Returns: The context.
  /// - Throws: The libgpg-error value as a ``PinentryError``.
  static func newContext() throws(PinentryError) -> OpaquePointer {
    var context: OpaquePointer?
    let status = assuan_new(&context)
    guard status == 0, let context else { throw PinentryError(wireCode: status) }
    return context
  }

  /// Releases a context and everything it holds. The corresponding C function is `assuan_release`.
  ///
  /// - Parameter context: The context.
  static func release(_ context: OpaquePointer) { assuan_release(context) }

  /// Makes the context a pipe server reading `input` and writing `output`.
  /// The corresponding C functions are `assuan_fdopen` and `assuan_init_pipe_server`.
  ///
  /// - Parameters:
  ///   - context: The context.
  ///   - input: The descriptor commands arrive on.
  ///   - output: The descriptor replies go to.
  /// - Throws: The libgpg-error value as a ``PinentryError``.
  static func initializePipeServer(_ context: OpaquePointer, input: Int32, output: Int32) throws(PinentryError) {
    var descriptors: [assuan_fd_t] = [assuan_fdopen(input), assuan_fdopen(output)]
    try check(assuan_init_pipe_server(context, &descriptors))
  }

  /// Registers a handler for a command, replacing libassuan's own for a standard name such as `OPTION`.
  /// libassuan keeps the name pointer, so `name` must live as long as the context.
  /// The corresponding C function is `assuan_register_command`.
  ///
  /// - Parameters:
  ///   - context: The context.
  ///   - name: The upper-case command name, NUL-terminated, outliving the context.
  ///   - handler: The handler.
  /// - Throws: The libgpg-error value as a ``PinentryError``.
  static func registerCommand(
    _ context: OpaquePointer,
    name: UnsafePointer<CChar>,
    handler: Handler
  ) throws(PinentryError) {
    try check(assuan_register_command(context, name, handler, nil))
  }

  /// Registers the function libassuan calls on `RESET`. The corresponding C function is
  /// `assuan_register_reset_notify`.
  ///
  /// - Parameters:
  ///   - context: The context.
  ///   - handler: The function.
  /// - Throws: The libgpg-error value as a ``PinentryError``.
  static func registerResetNotify(_ context: OpaquePointer, handler: Handler) throws(PinentryError) {
    try check(assuan_register_reset_notify(context, handler))
  }

  /// Stores the per-session pointer handlers find the session through. The corresponding C function is
  /// `assuan_set_pointer`.
  ///
  /// - Parameters:
  ///   - context: The context.
  ///   - pointer: The pointer.
  static func setPointer(_ context: OpaquePointer, _ pointer: UnsafeMutableRawPointer?) {
    assuan_set_pointer(context, pointer)
  }

  /// The per-session pointer. The corresponding C function is `assuan_get_pointer`.
  ///
  /// - Parameter context: The context.
  /// - Returns: The pointer stored with ``setPointer(_:_:)``.
  static func pointer(_ context: OpaquePointer) -> UnsafeMutableRawPointer? { assuan_get_pointer(context) }

  /// Waits for the connection and sends the greeting. The corresponding C function is `assuan_accept`.
  ///
  /// - Parameter context: The context.
  /// - Returns: `true` when a connection is ready, `false` when there will be none.
  /// - Throws: The libgpg-error value as a ``PinentryError``.
  static func accept(_ context: OpaquePointer) throws(PinentryError) -> Bool {
    let status = assuan_accept(context)
    if status == noMoreConnections { return false }
    try check(status)
    return true
  }

  /// Reads and answers commands until `BYE` or the end of input. The corresponding C function is
  /// `assuan_process`.
  ///
  /// - Parameter context: The context.
  /// - Throws: The libgpg-error value as a ``PinentryError``, such as a line that is too long.
  static func process(_ context: OpaquePointer) throws(PinentryError) {
    try check(assuan_process(context))
  }

  /// The name of the command being handled. The corresponding C function is `assuan_get_command_name`.
  ///
  /// - Parameter context: The context.
  /// - Returns: The upper-case name, or `nil` outside a handler.
  static func commandName(_ context: OpaquePointer) -> String? {
    assuan_get_command_name(context).map { String(cString: $0) }
  }

  /// Queues non-secret bytes as `D` lines; libassuan escapes and flushes them before the `OK`.
  /// The corresponding C function is `assuan_send_data`.
  ///
  /// - Parameters:
  ///   - context: The context.
  ///   - text: The text; never a secret.
  /// - Throws: The libgpg-error value as a ``PinentryError``.
  static func sendData(_ context: OpaquePointer, _ text: String) throws(PinentryError) {
    var bytes = Array(text.utf8)
    try check(assuan_send_data(context, &bytes, bytes.count))
  }

  /// Writes an `S keyword text` status line. The corresponding C function is `assuan_write_status`.
  ///
  /// - Parameters:
  ///   - context: The context.
  ///   - keyword: The status keyword, such as `PIN_REPEATED`.
  ///   - text: The rest of the line, possibly empty.
  /// - Throws: The libgpg-error value as a ``PinentryError``.
  static func writeStatus(_ context: OpaquePointer, keyword: String, text: String) throws(PinentryError) {
    try check(assuan_write_status(context, keyword, text))
  }

  /// Writes one line exactly as given, followed by LF, straight from the caller's memory.
  /// The corresponding C function is `assuan_write_line`.
  ///
  /// - Parameters:
  ///   - context: The context.
  ///   - line: The line without LF; a NUL byte must follow it in memory.
  /// - Throws: The libgpg-error value as a ``PinentryError``.
  static func writeLine(_ context: OpaquePointer, _ line: UnsafeRawBufferPointer) throws(PinentryError) {
    guard let base = line.baseAddress else { return }
    try check(assuan_write_line(context, base.assumingMemoryBound(to: CChar.self)))
  }

  /// Asks the client for data with `INQUIRE` and waits for its `D` lines and `END`. The corresponding C
  /// functions are `assuan_inquire` and `assuan_free`.
  ///
  /// libassuan copies the keyword into its own line buffer to write it. The reply is lent to `body` (it may
  /// be a secret, such as a generated passphrase) and the buffer libassuan allocated for it is zeroed before
  /// it is freed.
  ///
  /// - Parameters:
  ///   - context: The context.
  ///   - keyword: The keyword and its argument, NUL-terminated (`CHECKPIN <escaped entry>`).
  ///   - maximumLength: The longest reply accepted.
  ///   - body: Reads the reply's bytes, unescaped.
  /// - Returns: What `body` returns.
  /// - Throws: The libgpg-error value as a ``PinentryError``, such as the client's cancel.
  static func inquire<Result>(
    _ context: OpaquePointer, keyword: UnsafeRawBufferPointer, maximumLength: Int,
    reading body: (UnsafeRawBufferPointer) -> Result
  ) throws(PinentryError) -> Result {
    guard let base = keyword.baseAddress else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    try check(assuan_inquire(context, base.assumingMemoryBound(to: CChar.self), &buffer, &length, maximumLength))
    guard let buffer else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
    defer {
      buffer.update(repeating: 0, count: length)
      assuan_free(context, buffer)
    }
    return body(UnsafeRawBufferPointer(start: buffer, count: length))
  }

  /// Marks the following lines as confidential, so libassuan never logs them. The corresponding C function
  /// is `assuan_begin_confidential`.
  ///
  /// - Parameter context: The context.
  static func beginConfidential(_ context: OpaquePointer) { assuan_begin_confidential(context) }

  /// Ends the confidential stretch. The corresponding C function is `assuan_end_confidential`.
  ///
  /// - Parameter context: The context.
  static func endConfidential(_ context: OpaquePointer) { assuan_end_confidential(context) }

  /// Turns an error into the value a handler returns, with its detail recorded for the `ERR` line.
  /// The corresponding C functions are `gpg_err_make` and `assuan_set_error`.
  ///
  /// libassuan keeps the detail's pointer and writes the `ERR` line after the handler returned, so the
  /// text lives in `storage`, which the caller keeps until the next error (a temporary C string, freed
  /// when this call returns, was read after it was freed).
  ///
  /// - Parameters:
  ///   - context: The context.
  ///   - error: The error.
  ///   - storage: Where the detail's C string is kept alive.
  /// - Returns: The libgpg-error value.
  static func handlerValue(_ context: OpaquePointer, for error: PinentryError, keepingTextIn storage: AssuanErrorText)
    -> gpg_error_t
  {
    let value = gpg_err_make(
      gpg_err_source_t(rawValue: error.source.rawValue),
      gpg_err_code_t(rawValue: error.code.rawValue)
    )
    guard let detail = error.detail else { return value }
    return assuan_set_error(context, value, storage.keep(detail))
  }

  /// Converts a libgpg-error status to a thrown error.
  /// The corresponding C functions are `gpg_err_source` and `gpg_err_code`.
  ///
  /// - Parameter status: The status; 0 means success.
  /// - Throws: The status as a ``PinentryError`` when it is not 0.
  private static func check(_ status: gpg_error_t) throws(PinentryError) {
    guard status != 0 else { return }
    throw PinentryError(
      source: PinentryError.Source(rawValue: gpg_err_source(status).rawValue),
      code: PinentryError.Code(rawValue: gpg_err_code(status).rawValue)
    )
  }
}

/// A NUL-terminated copy of the last error detail handed to libassuan, alive until the next one replaces it
/// or the session ends, because libassuan reads it after the handler returned.
final class AssuanErrorText {
  private var pointer: UnsafeMutablePointer<CChar>?

  /// Keeps a copy of `text` and returns it; the previous copy is freed.
  func keep(_ text: String) -> UnsafePointer<CChar> {
    let bytes = Array(text.utf8CString)
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    copy.initialize(from: bytes, count: bytes.count)
    pointer?.deallocate()
    pointer = copy
    return UnsafePointer(copy)
  }

  deinit {
    pointer?.deallocate()
  }
}
