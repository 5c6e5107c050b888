import Foundation
import Glibc
import PasscodeTestSupport
import Testing

/// The knob every other end-to-end test stands on: a spawned debug `passcode` sees the screen readers of the tree
/// its environment pins (`ScreenReaderDetector.pinnedTree`), and the spawners pin an empty one by default, so no
/// reader running on the machine (a blind contributor's Orca or Fenrir) reaches a test that doesn't test detection.
@Suite("a spawned passcode sees the readers its pinned tree holds, and none by default")
struct PinnedDetectionEndToEndTests {
  @Test("a tree with an Orca process and a bus is what doctor reports; the spawners' default has no reader")
  func pinnedTreeDecidesWhatDoctorSees() throws {
    let tree = try PinnedDetection()
    defer { tree.remove() }
    // A process of this user whose name is orca: a made-up process directory, as the detector's own tests make.
    let process = tree.root + "/proc/4194000"
    try FileManager.default.createDirectory(atPath: process, withIntermediateDirectories: false)
    try "orca\n".write(toFile: process + "/comm", atomically: false, encoding: .utf8)
    try "/usr/bin/python3\u{0}/usr/bin/orca\u{0}".write(
      toFile: process + "/cmdline", atomically: false, encoding: .utf8)
    try "Name:\torca\nUid:\t\(getuid())\t\(getuid())\t\(getuid())\t\(getuid())\n".write(
      toFile: process + "/status", atomically: false, encoding: .utf8)
    // A bus nothing listens on: the AT-SPI check is asked of it and gets no answer.
    try tree.setSessionBus("unix:path=\(tree.root)/no-bus")
    let store = try StoreDirectory()

    let pinned = try DemoSession(["doctor", "--store", store.path], environment: tree.environment)
    _ = try pinned.finish()
    #expect(
      pinned.text.contains(
        "Screen reader: Orca found; passcode prints lines of words for it and does not also speak."),
      "doctor said: \(pinned.text)")
    #expect(pinned.text.contains("AT-SPI screen reader setting: unknown (no answer on the session bus)."))

    let unpinned = try DemoSession(["doctor", "--store", store.path])
    _ = try unpinned.finish()
    #expect(unpinned.text.contains("Screen reader: none found reading this session."), "doctor said: \(unpinned.text)")
  }
}
