import PasscodeEngine
import PasscodeTerminal

/// A ``Key`` with a paste's bytes copied out, so tests can compare decodings from different decoders.
/// Test fixtures only; production code never copies pasted bytes.
enum DecodedKey: Equatable, CustomStringConvertible {
  case key(Key)
  case paste(bytes: [UInt8], overflow: Int)

  init(_ key: Key) {
    if case .paste(let text) = key {
      self = .paste(bytes: text.storage.withUnsafeBytes { Array($0) }, overflow: text.overflowByteCount)
    } else {
      self = .key(key)
    }
  }

  var description: String {
    switch self {
    case .key(.character(let scalar)): "character(\(scalar.escaped(asASCII: true)))"
    case .key(let key): key.description
    case .paste(let bytes, let overflow): "paste(\(bytes), overflow \(overflow))"
    }
  }
}

/// Decodes bytes in chunks cut at the given offsets, then expires a pending ESC and ends an open paste when
/// asked.
func decodeInChunks(
  _ bytes: [UInt8], splitAt offsets: [Int] = [], expiringEscape: Bool = false, endingOpenPaste: Bool = false,
  pasteByteLimit: Int = KeyDecoder.defaultPasteByteLimit
) -> [DecodedKey] {
  var decoder = KeyDecoder(pasteCapacity: 64, pasteByteLimit: pasteByteLimit)
  var keys: [Key] = []
  var start = 0
  for end in offsets + [bytes.count] where end >= start {
    keys += bytes[start..<end].withUnsafeBytes { decoder.decode($0) }
    start = end
  }
  if expiringEscape { keys += decoder.expireEscape() }
  if endingOpenPaste { keys += decoder.endOpenPaste() }
  return keys.map(DecodedKey.init)
}
