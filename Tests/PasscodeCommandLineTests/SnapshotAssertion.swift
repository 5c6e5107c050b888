import Foundation
import Testing

/// Compares `text` with the recorded snapshot `Snapshots/<name>.txt`, or records it when the environment
/// has `RECORD_SNAPSHOTS=1`. A missing snapshot fails the test (record it, review it, commit it).
func expectSnapshot(
  _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
  let file = directory.appendingPathComponent("\(name).txt")
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file, options: .atomic)
    } catch {
      Issue.record("Could not record the snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = try? Data(contentsOf: file), let recorded = String(data: data, encoding: .utf8) else {
    Issue.record(
      "No snapshot at \(file.path); run with RECORD_SNAPSHOTS=1, review it and commit it.",
      sourceLocation: sourceLocation)
    return
  }
  #expect(text == recorded, "The text differs from the snapshot \(name).txt", sourceLocation: sourceLocation)
}

/// The root of the package, found from this file's path.
func packageRoot(filePath: String = #filePath) -> URL {
  URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
}
