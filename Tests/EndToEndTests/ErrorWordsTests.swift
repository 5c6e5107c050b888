import Foundation
import PasscodeTestSupport
import Testing

/// No error reaches a person as a Swift type name (`KeyscriptOutputError(errno: 32)`): every error type the
/// shipped targets declare has words of its own, and askpass's closed pipe is told in them, through the binary.
@Suite("errors are told in words")
struct ErrorWordsTests {
  /// A declaration of a type that conforms to `Error`, with the file it is in.
  struct ErrorType: CustomStringConvertible {
    let name: String
    let file: String
    var description: String { "\(name) (\(file))" }
  }

  /// The targets whose errors only developers meet: the tests' own support.
  static let testOnlyTargets: Set<String> = ["PasscodeTestSupport"]

  @Test("every error type of the shipped targets is CustomStringConvertible, in its declaration or an extension")
  func everyErrorTypeHasWords() throws {
    let (errorTypes, describable) = try Self.scanSources()
    #expect(errorTypes.count >= 15, "the scan must see the package's error types: \(errorTypes)")
    #expect(errorTypes.contains { $0.name == "KeyscriptOutputError" })
    let wordless = errorTypes.filter { !describable.contains($0.name) }
    #expect(wordless.isEmpty, "give these a description in words: \(wordless)")
  }

  @Test("askpass whose standard output is a closed pipe says so in words, exit 74, never a type name")
  func askpassClosedPipeInWords() throws {
    let store = try StoreDirectory()
    // Standard output is a pipe whose reader is gone before the passphrase is written: EPIPE.
    let run = try PasscodeRun(
      executable: "/bin/bash",
      arguments: ["-c", "set -o pipefail; \"$0\" askpass --speech off | true", PasscodeBinary.path],
      store: store)
    try run.expect("Passphrase")
    try run.type("open sesame\r")
    let status = try run.finish()
    #expect(status == .exited(74), "output: \(run.output)")
    #expect(run.output.contains("Could not write the output"), "output: \(run.output)")
    #expect(!run.output.contains("Error("), "a type name reached the person: \(run.output)")
    #expect(!run.output.contains("open sesame"))
  }

  /// The error types declared in the shipped targets, and the names made `CustomStringConvertible` anywhere.
  static func scanSources() throws -> (errorTypes: [ErrorType], describable: Set<String>) {
    let sources = PasscodeBinary.packageRoot + "/Sources"
    let declaration = try Regex(
      #"^\s*(?:public |package |private |fileprivate |internal )?(?:final )?"#
        + #"(?:struct|enum|class) (\w+)[^{:]*:\s*([^{]+)\{"#)
    let extensionLine = try Regex(#"^\s*(?:public |package )?extension ([\w.]+)\s*:\s*([^{]+)\{"#)
    var errorTypes: [ErrorType] = []
    var describable: Set<String> = []
    for target in try FileManager.default.contentsOfDirectory(atPath: sources) {
      let directory = sources + "/" + target
      let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
      for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
        for line in text.split(whereSeparator: \.isNewline).map(String.init) {
          if let match = try declaration.firstMatch(in: line), let name = match.output[1].substring,
            let conformances = match.output[2].substring
          {
            let list = conformances.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if list.contains("Error"), !testOnlyTargets.contains(target) {
              errorTypes.append(ErrorType(name: String(name), file: target + "/" + file))
            }
            if list.contains("CustomStringConvertible") { describable.insert(String(name)) }
          }
          if let match = try extensionLine.firstMatch(in: line), let name = match.output[1].substring,
            let conformances = match.output[2].substring, conformances.contains("CustomStringConvertible")
          {
            describable.insert(String(name.split(separator: ".").last ?? name))
          }
        }
      }
    }
    return (errorTypes, describable)
  }
}
