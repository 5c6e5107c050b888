import PasscodeEngine

/// Turns bytes into Assuan `D` lines: `%`, CR, LF and the other control bytes percent-escaped, each line at
/// most ``maximumLineLength`` bytes before its LF, and no escape split across two lines.
///
/// The lines are built in a caller-supplied ``SecretStorage`` so a secret never lands in ordinary memory;
/// the scratch storage is wiped after every line.
package enum DataLineEncoder {
  /// The longest `D` line, counting `D ` and not the LF; libassuan takes up to 1000 bytes before the LF.
  package static let maximumLineLength = 1000

  /// The scratch capacity ``encode(_:scratch:emit:)`` needs: one line plus a terminating NUL.
  package static let scratchCapacity = maximumLineLength + 1

  /// Encodes bytes as `D` lines and hands each line to `emit`.
  ///
  /// - Parameters:
  ///   - bytes: The bytes to send; nothing is emitted when they are empty.
  ///   - scratch: Storage of at least ``scratchCapacity`` bytes to build lines in; wiped on return.
  ///   - emit: Called once per line with its bytes (`D ` and the escaped data, no LF). A NUL byte follows
  ///     the line in memory, so the base address is a C string. `emit` must not keep the pointer.
  /// - Throws: What `emit` throws; the remaining lines are then not built.
  package static func encode(
    _ bytes: UnsafeRawBufferPointer,
    scratch: some SecretStorage,
    emit: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    precondition(scratch.capacity >= scratchCapacity, "the scratch storage is too small for one D line")
    defer { scratch.wipe() }
    scratch.wipe()
    for byte in bytes {
      let width = PercentEscaping.needsEscape(byte) ? 3 : 1
      if scratch.count == 0 {
        scratch.append(UInt8(ascii: "D"))
        scratch.append(UInt8(ascii: " "))
      } else if scratch.count + width > maximumLineLength {
        try flush(scratch, emit: emit)
        scratch.append(UInt8(ascii: "D"))
        scratch.append(UInt8(ascii: " "))
      }
      if width == 3 {
        scratch.append(UInt8(ascii: "%"))
        scratch.append(PercentEscaping.hexDigit(byte >> 4))
        scratch.append(PercentEscaping.hexDigit(byte & 0x0F))
      } else {
        scratch.append(byte)
      }
    }
    if scratch.count > 0 { try flush(scratch, emit: emit) }
  }

  /// Terminates the line in `scratch` with a NUL, emits it and wipes the scratch.
  ///
  /// - Parameters:
  ///   - scratch: The storage holding one line.
  ///   - emit: The receiver of the line.
  /// - Throws: What `emit` throws.
  private static func flush(
    _ scratch: some SecretStorage,
    emit: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    let lineLength = scratch.count
    scratch.append(0)
    defer { scratch.wipe() }
    try scratch.withUnsafeBytes { buffer in
      try emit(UnsafeRawBufferPointer(rebasing: buffer[0..<lineLength]))
    }
  }
}
