/// Where ``KeyDecoder`` puts the keys it completes.
package protocol KeySink {
  /// Takes one decoded key.
  mutating func append(_ key: Key)
}

extension Array: KeySink where Element == Key {}
