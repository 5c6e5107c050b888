import Foundation
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// The sound QEMU's `wav` audiodev writes: 16-bit samples, interleaved. The sizes in the header are written only
/// when QEMU closes the file, so samples are read up to the end of the file, whatever it says; and only from a
/// given offset on, as the file grows by about 10 MB a minute.
package struct CapturedAudio {
  /// The wav file.
  package let path: String
  /// Samples per second, per channel.
  package let sampleRate: Int
  /// The channels, interleaved.
  package let channels: Int
  /// Where the samples start in the file.
  package let dataOffset: Int

  /// A 10 ms frame is sound when its RMS is above this: 1 % of full scale (-40 dBFS); silence is 0.
  package static let silenceLevel = 328.0

  /// Reads a wav file's header; `nil` when the file is missing, too short, or not 16-bit PCM.
  package init?(path: String) {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: 4096), data.count >= 44 else { return nil }
    let bytes = [UInt8](data)
    func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func long(_ at: Int) -> Int { word(at) | word(at + 2) << 16 }
    guard bytes[0..<4] == Array("RIFF".utf8)[...], bytes[8..<12] == Array("WAVE".utf8)[...] else { return nil }
    var offset = 12
    var format: (channels: Int, rate: Int, bits: Int)?
    while offset + 8 <= bytes.count {
      let identifier = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      if identifier == "data" {
        guard let format, format.bits == 16, format.channels > 0, format.rate > 0 else { return nil }
        self.path = path
        sampleRate = format.rate
        channels = format.channels
        dataOffset = offset + 8
        return
      }
      if identifier == "fmt ", offset + 24 <= bytes.count {
        format = (word(offset + 10), long(offset + 12), word(offset + 22))
      }
      offset += 8 + long(offset + 4)
    }
    return nil
  }

  /// The file's size now, or 0.
  package static func size(of path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// The bytes of one 10 ms frame, all channels together.
  package var frameBytes: Int { max(1, sampleRate / 100) * channels * 2 }

  /// The RMS of each whole 10 ms frame from the file offset `from` (rounded down to a frame) to the end, and
  /// the offset after the last whole frame.
  package func frameLevels(fromFileOffset from: Int) -> (levels: [Double], end: Int) {
    let start = dataOffset + max(0, from - dataOffset) / frameBytes * frameBytes
    guard let handle = FileHandle(forReadingAtPath: path) else { return ([], start) }
    defer { try? handle.close() }
    guard (try? handle.seek(toOffset: UInt64(start))) != nil, let data = try? handle.readToEnd() else {
      return ([], start)
    }
    let frames = data.count / frameBytes
    let samplesPerFrame = frameBytes / 2
    let levels = data.withUnsafeBytes { raw in
      (0..<frames).map { frame in
        var sum = 0.0
        for index in frame * samplesPerFrame..<(frame + 1) * samplesPerFrame {
          let sample = Double(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: index * 2, as: Int16.self)))
          sum += sample * sample
        }
        return (sum / Double(samplesPerFrame)).squareRoot()
      }
    }
    return (levels, start + frames * frameBytes)
  }

  /// Waits until the frames above the silence level after the file offset `from` of the wav file at `path`
  /// add up to `duration`, or the timeout passes, and returns how long they add up to. Each look reads only
  /// what QEMU wrote since the last.
  package static func waitForSound(in path: String, after from: Int, lasting duration: Duration, timeout: Duration)
    -> Duration
  {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var offset = from
    var sound = Duration.zero
    while sound < duration, clock.now < deadline {
      if let audio = CapturedAudio(path: path) {
        let (levels, end) = audio.frameLevels(fromFileOffset: offset)
        sound += .milliseconds(10 * levels.filter { $0 > silenceLevel }.count)
        offset = end
      }
      if sound < duration { Thread.sleep(forTimeInterval: 0.02) }
    }
    return sound
  }
}
