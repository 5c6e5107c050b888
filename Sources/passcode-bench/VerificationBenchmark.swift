import LockedSecretStorage
import PasscodeEngine
import PasscodeVault
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// Item 7: Argon2id verification time and memory at `HashParameters.standard`, right and wrong code
/// alternated, measured in this process.
struct VerificationBenchmark {
  let context: BenchContext

  func run() throws {
    let parameters = HashParameters.standard
    let right = Self.secret("2580")
    let wrong = Self.secret("1234")
    let peakBefore = BenchSystemCalls.ownPeakResidentKibibytes()
    let hash = try PasscodeHash.make(from: right, parameters: parameters)
    var rightTimes = Samples()
    var wrongTimes = Samples()
    var mismatches = 0
    for _ in 0..<context.runs {
      var start = ContinuousClock.now
      if !hash.verify(right) { mismatches += 1 }
      rightTimes.add(milliseconds(from: start, to: ContinuousClock.now))
      start = ContinuousClock.now
      if hash.verify(wrong) { mismatches += 1 }
      wrongTimes.add(milliseconds(from: start, to: ContinuousClock.now))
    }
    let peakAfter = BenchSystemCalls.ownPeakResidentKibibytes()
    guard mismatches == 0 else { throw BenchError.missing("Argon2id gave \(mismatches) wrong verdicts") }
    let memory = Double(parameters.memLimit) / 1_048_576
    context.table.add(
      ResultRow(
        item: "7", measure: "Argon2id verify, right code (t=\(parameters.opsLimit), m=\(Int(memory)) MiB)",
        samples: rightTimes, unit: "ms"))
    context.table.add(ResultRow(item: "7", measure: "Argon2id verify, wrong code", samples: wrongTimes, unit: "ms"))
    var growth = Samples()
    growth.add(Double(peakAfter - peakBefore) / 1024)
    context.table.add(
      ResultRow(
        item: "7", measure: "Argon2id: growth of this process's peak RSS", samples: growth, unit: "MiB", decimals: 1))
    context.table.note(
      "Item 7: `HashParameters.standard` is libsodium's interactive level, \(parameters.opsLimit) passes over "
        + "\(Int(memory)) MiB; a vault verdict therefore costs the Argon2id row plus the demo's last-digit-to-verdict "
        + "row (the demo compares in constant time without hashing).")
  }

  private static func secret(_ text: String) -> WipedSecretBuffer {
    let buffer = WipedSecretBuffer(capacity: 12)
    for byte in text.utf8 { _ = buffer.append(byte) }
    return buffer
  }
}
