internal import SystemCalls

/// Counts an askpass caller's tries at one question: sudo and ssh run their askpass again, under the same
/// parent process, after a wrong answer ("Sorry, try again."), and say nothing else to it.
///
/// One small file per parent, `askpass-PID` in the private runtime directory (`$XDG_RUNTIME_DIR/passcode`,
/// 0700, files 0600, written whole and renamed), holds only the parent's start time, a digest of the question
/// (FNV-1a, 64 bits) and the count: never an answer, which the caller alone sees. The start time tells the parent
/// from a later process given the same ID; a different question under the same parent (a second PAM question,
/// another key) starts again at 1. Files whose process is gone are removed at the next ask. The file only
/// changes words ("Try 2"), never what is answered or counted against a lockout, and only its owner can write
/// it; without a private runtime directory (no `XDG_RUNTIME_DIR`), tries are not counted.
package enum AskpassTries {
  /// How many bytes a record may hold.
  private static let maximumSize = 256

  /// Counts one more ask of `question` by `parent`.
  ///
  /// - Parameters:
  ///   - question: The question, without a retry's own words.
  ///   - parent: The parent's process ID.
  ///   - parentStart: The parent's start time, in clock ticks since boot.
  ///   - location: Where the runtime directory is; a stand-in for a missing `XDG_RUNTIME_DIR` counts nothing.
  ///   - procRoot: Where `/proc` is, to find the records of parents that are gone.
  /// - Returns: Which try this is, 1 on the first; `nil` when it cannot be known.
  package static func count(
    _ question: String, parent: Int32, parentStart: UInt64, location: StoreLocation, procRoot: String = "/proc"
  ) -> Int? {
    guard !location.runtimeDirectoryIsFallback else { return nil }
    let directory = location.runtimeDirectory
    do throws(VaultError) {
      try SecureFile.ensureDirectory(directory)
      removeRecordsOfEndedParents(in: directory, procRoot: procRoot)
      let path = StoreLocation.joined(directory, "askpass-\(parent)")
      let digest = String(fnv1a(question), radix: 16)
      var tries = 1
      if let bytes = try? SecureFile.read(path, maximumSize: maximumSize), let record = Record(bytes),
        record.parentStart == parentStart, record.question == digest
      {
        tries = min(record.tries, 998) + 1
      }
      let text = "passcode askpass tries\nparent-start \(parentStart)\nquestion \(digest)\ntries \(tries)\n"
      try SecureFile.write(Array(text.utf8), to: path)
      return tries
    } catch {
      return nil
    }
  }

  /// Removes `askpass-PID` records whose process no longer runs.
  private static func removeRecordsOfEndedParents(in directory: String, procRoot: String) {
    guard let names = try? FileSystem.directoryEntries(directory) else { return }
    for name in names where name.hasPrefix("askpass-") {
      let number = name.dropFirst("askpass-".count)
      guard !number.isEmpty, number.allSatisfy(\.isNumber), !FileSystem.exists("\(procRoot)/\(number)") else {
        continue
      }
      _ = try? SecureFile.remove(StoreLocation.joined(directory, name))
    }
  }

  /// The 64-bit FNV-1a digest of a text's UTF-8.
  private static func fnv1a(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
  }

  /// A record as written, read back; `nil` when it is not one.
  private struct Record {
    let parentStart: UInt64
    let question: String
    let tries: Int

    init?(_ bytes: [UInt8]) {
      let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
      guard lines.count == 4, lines[0] == "passcode askpass tries", lines[1].hasPrefix("parent-start "),
        let start = UInt64(lines[1].dropFirst("parent-start ".count)), lines[2].hasPrefix("question "),
        lines[3].hasPrefix("tries "), let tries = Int(lines[3].dropFirst("tries ".count)), tries > 0
      else { return nil }
      parentStart = start
      question = String(lines[2].dropFirst("question ".count))
      self.tries = tries
    }
  }
}
