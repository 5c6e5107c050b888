import Foundation
import Testing

/// Docs/Architecture.md's targets table is drawn from `Package.swift`: one row per target that is not a test
/// target, its last column the target's dependencies exactly as `Package.swift` names them, so the document
/// cannot drift from the graph it describes.
@Suite("The architecture document's target graph")
struct TargetGraphDocumentTests {
  /// Each target and the names of what it depends on.
  typealias Graph = [String: Set<String>]

  @Test("the targets table lists every target of Package.swift with exactly its dependencies")
  func tableMatchesManifest() throws {
    let manifest = try Self.manifestGraph(Self.read("Package.swift"))
    let document = try Self.documentGraph(Self.read("Docs/Architecture.md"))
    #expect(manifest["PasscodeEngine"] == [], "the manifest's parse: \(manifest)")
    #expect(manifest["passcode"]?.contains("PasscodeTerminal") == true, "the manifest's parse: \(manifest)")
    #expect(Self.differences(manifest: manifest, document: document) == [])
  }

  @Test("a dependency added to Package.swift alone, or a target, is a difference")
  func manifestChangeIsCaught() throws {
    let text = try Self.read("Package.swift")
    let document = try Self.documentGraph(Self.read("Docs/Architecture.md"))
    let withDependency = text.replacingOccurrences(
      of: #".target(name: "PasscodeEngine", dependencies: [])"#,
      with: #".target(name: "PasscodeEngine", dependencies: ["SystemCalls"])"#)
    try #require(withDependency != text, "Package.swift declares the engine as the test expects")
    #expect(
      Self.differences(manifest: try Self.manifestGraph(withDependency), document: document)
        == ["PasscodeEngine: Package.swift depends on [\"SystemCalls\"], the document on []"])
    let withTarget = text.replacingOccurrences(
      of: "    // Tests.\n", with: "    .target(name: \"Undocumented\", dependencies: [\"PasscodeEngine\"]),\n")
    try #require(withTarget != text, "Package.swift has its tests' comment")
    #expect(
      Self.differences(manifest: try Self.manifestGraph(withTarget), document: document)
        == ["Undocumented: in Package.swift, not in the document's table"])
  }

  @Test(
    "the terminal, speech and the accessibility environment reach none of each other; AccessiblePrompt joins them")
  func frontsStayApart() throws {
    let graph = try Self.manifestGraph(Self.read("Package.swift"))
    let apart = ["PasscodeTerminal", "PasscodeSpeech", "AccessibilityEnvironment"]
    for target in apart {
      let reached = Self.reachable(from: target, in: graph)
      #expect(reached.isDisjoint(with: apart.filter { $0 != target }), "\(target) reaches \(reached.sorted())")
    }
    #expect(!Self.reachable(from: "AccessibilityEnvironment", in: graph).contains("CSpeechd"))
    #expect(Self.reachable(from: "AccessiblePrompt", in: graph).isSuperset(of: apart))
  }

  @Test("passcode reaches the accessible session but not the library's own target, the one that uses _Concurrency")
  func passcodeLeavesTheAsyncLibraryOut() throws {
    let graph = try Self.manifestGraph(Self.read("Package.swift"))
    let reached = Self.reachable(from: "passcode", in: graph)
    #expect(reached.contains("AccessiblePrompt"))
    #expect(!reached.contains("PasscodeKeypad"), "\(reached.sorted())")
    #expect(Self.reachable(from: "PasscodeKeypad", in: graph).contains("AccessiblePrompt"))
  }

  /// Every target `target` depends on, directly or through others.
  static func reachable(from target: String, in graph: Graph) -> Set<String> {
    var found: Set<String> = []
    var waiting = Array(graph[target] ?? [])
    while let next = waiting.popLast() {
      guard found.insert(next).inserted else { continue }
      waiting += graph[next] ?? []
    }
    return found
  }

  /// What differs, one sentence per target, sorted; empty when the two agree.
  static func differences(manifest: Graph, document: Graph) -> [String] {
    var found: [String] = []
    for (target, dependencies) in manifest {
      guard let documented = document[target] else {
        found.append("\(target): in Package.swift, not in the document's table")
        continue
      }
      if documented != dependencies {
        found.append(
          "\(target): Package.swift depends on \(dependencies.sorted()), the document on \(documented.sorted())")
      }
    }
    for target in document.keys where manifest[target] == nil {
      found.append("\(target): in the document's table, not in Package.swift")
    }
    return found.sorted()
  }

  /// The targets Package.swift declares (`.target`, `.executableTarget`, `.systemLibrary`; not `.testTarget`)
  /// and the string literals of each one's `dependencies:` list.
  static func manifestGraph(_ text: String) throws -> Graph {
    let code = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }
      .joined(separator: "\n")
    let call = #/\.(target|executableTarget|systemLibrary)\(/#
    var graph: Graph = [:]
    for match in code.matches(of: call) {
      let arguments = try #require(Self.balanced(code[match.range.upperBound...], closing: ")"), "an unclosed call")
      let name = try #require(arguments.firstMatch(of: #/name:\s*"([^"]+)"/#)?.output.1, "a target without a name")
      var dependencies: Set<String> = []
      if let list = arguments.firstMatch(of: #/dependencies:\s*\[/#) {
        let items = try #require(balanced(arguments[list.range.upperBound...], closing: "]"), "an unclosed list")
        dependencies = Set(items.matches(of: #/"([^"]+)"/#).map { String($0.output.1) })
      }
      #expect(graph[String(name)] == nil, "\(name) is declared twice")
      graph[String(name)] = dependencies
    }
    return graph
  }

  /// The text up to the bracket that closes one already open, or `nil` when none does.
  private static func balanced(_ text: Substring, closing: Character) -> Substring? {
    let opening: Character = closing == ")" ? "(" : "["
    var depth = 1
    for index in text.indices {
      if text[index] == opening { depth += 1 }
      if text[index] == closing { depth -= 1 }
      if depth == 0 { return text[..<index] }
    }
    return nil
  }

  /// The first table whose header is `| target | kind | job | depends on |`: each row's first cell names one or
  /// more targets in backticks, its last cell lists their dependencies in backticks, comma-separated, or `–`.
  static func documentGraph(_ text: String) throws -> Graph {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let header = try #require(
      lines.firstIndex { $0.hasPrefix("| target | kind | job | depends on |") }, "the document has the targets table")
    var graph: Graph = [:]
    for line in lines[(header + 2)...].prefix(while: { $0.hasPrefix("|") }) {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      try #require(cells.count >= 6, "a row of four cells: \(line)")
      let targets = backticked(cells[1])
      let last = cells[cells.count - 2].trimmingCharacters(in: .whitespaces)
      let dependencies = last == "–" ? [] : backticked(Substring(last))
      #expect(!targets.isEmpty, "a row names its targets in backticks: \(line)")
      #expect(
        last == "–" || dependencies.map { "`\($0)`" }.joined(separator: ", ") == last,
        "the dependencies are target names in backticks, comma-separated, or –: \(last)")
      for target in targets {
        #expect(graph[target] == nil, "\(target) has two rows")
        graph[target] = Set(dependencies)
      }
    }
    return graph
  }

  /// The names between backticks, in order.
  private static func backticked(_ cell: Substring) -> [String] {
    cell.matches(of: #/`([^`]+)`/#).map { String($0.output.1) }
  }

  /// A file of the package, by its path from the root.
  private static func read(_ path: String) throws -> String {
    try String(contentsOf: EnginePurityTests.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }
}
