import PasscodeEngine

/// Text the terminal delivered as one bracketed paste.
///
/// The bytes are in ``storage`` (a ``SecretStorage`` made by the decoder's factory), never in a Swift
/// array or `String`. Bytes beyond the storage's capacity are counted in ``overflowByteCount`` and dropped.
/// A paste whose end never came (``KeyDecoder/endOpenPaste()``) keeps no byte: all are counted there.
/// The bytes are exactly what was pasted; they may hold any byte, including invalid UTF-8 and controls, and
/// the engine decides which are allowed.
package struct PastedText: Equatable, Sendable, CustomStringConvertible {
  /// The pasted bytes that fit.
  package let storage: any SecretStorage
  /// The number of pasted bytes that did not fit and were dropped without being kept.
  package let overflowByteCount: Int

  /// Creates a pasted text.
  ///
  /// - Parameters:
  ///   - storage: The pasted bytes that fit.
  ///   - overflowByteCount: How many bytes were dropped.
  package init(storage: any SecretStorage, overflowByteCount: Int) {
    self.storage = storage
    self.overflowByteCount = overflowByteCount
  }

  /// The number of bytes pasted in all, kept or dropped.
  package var totalByteCount: Int { storage.count + overflowByteCount }

  /// A description with sizes only.
  package var description: String {
    "PastedText(\(storage.count) bytes kept, \(overflowByteCount) dropped, redacted)"
  }

  /// Whether two values refer to the same storage and dropped the same number of bytes.
  ///
  /// - Parameters:
  ///   - lhs: A pasted text.
  ///   - rhs: Another pasted text.
  /// - Returns: `true` when they share storage and overflow count.
  package static func == (lhs: PastedText, rhs: PastedText) -> Bool {
    lhs.storage === rhs.storage && lhs.overflowByteCount == rhs.overflowByteCount
  }
}
