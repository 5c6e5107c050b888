/// Memory that holds a typed secret: bounded, locked where the platform allows, and wiped when done.
///
/// The engine appends and removes bytes as the user types; a verifier reads them through
/// ``withUnsafeBytes(_:)``. Implementations must wipe every byte of their capacity in ``wipe()`` and
/// when they are deinitialised, and must never expose the bytes as a `String` or in a `description`.
///
/// Ownership: one engine owns a storage at a time. While the engine is waiting for a verdict it does not
/// touch the storage, so the verifier may read it from another thread; that is why conforming types are
/// `Sendable` even though they are mutable.
public protocol SecretStorage: AnyObject, Sendable, CustomStringConvertible {
  /// The number of bytes the storage can hold.
  var capacity: Int { get }

  /// The number of bytes held now.
  var count: Int { get }

  /// Appends bytes if they all fit.
  ///
  /// - Parameter bytes: The bytes to append.
  /// - Returns: `true` when the bytes were appended, `false` (and nothing changed) when they would not fit.
  func append(contentsOf bytes: UnsafeRawBufferPointer) -> Bool

  /// Removes bytes from the end and wipes them.
  ///
  /// - Parameter byteCount: How many bytes to remove; at most ``count``.
  func removeLast(_ byteCount: Int)

  /// Wipes every byte of the capacity and sets ``count`` to zero.
  func wipe()

  /// Calls `body` with the bytes held now.
  ///
  /// - Parameter body: A closure that reads the bytes. It must not keep the pointer.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result

  /// Compares the held bytes with another storage's in time that does not depend on where they differ.
  ///
  /// A requirement, not an extension, so that a call through `any SecretStorage` reaches the storage's own
  /// comparison rather than one the protocol chose for it.
  ///
  /// - Parameter other: The storage to compare with.
  /// - Returns: `true` when both hold the same bytes.
  func constantTimeEquals(_ other: any SecretStorage) -> Bool
}

extension SecretStorage {
  /// A description that never reveals the secret, only its size.
  public var description: String { "\(Self.self)(\(count) bytes, redacted)" }

  /// Appends one byte if it fits.
  ///
  /// - Parameter byte: The byte to append.
  /// - Returns: `true` when it was appended.
  @discardableResult
  public func append(_ byte: UInt8) -> Bool {
    Swift.withUnsafeBytes(of: byte) { append(contentsOf: $0) }
  }
}
