import Foundation
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// Why a VM lab step failed, in words.
package struct VMLabError: Error, CustomStringConvertible {
  /// What failed.
  package let description: String

  /// Creates an error with its words.
  package init(_ description: String) { self.description = description }
}

/// The disk image and initramfs that a script in Tests/VMLab made, and what the boot needs to find them.
package struct VMLabFixtures: Sendable {
  /// The generator of the initramfs, which says how the boot asks for the disk.
  package let generator: InitramfsGenerator
  /// Where they are, with the script's log.
  package let directory: String
  /// Debian's kernel, from `/boot`.
  package let kernel: String
  /// The initramfs.
  package let initramfs: String
  /// The LUKS2 disk image.
  package let disk: String
  /// The disk's LUKS UUID, for `rd.luks.uuid=` (dracut) or the crypttab line (initramfs-tools).
  package let uuid: String
  /// How long the script took (the disk and the initramfs), for the report; never asserted.
  package let buildTime: Duration

  /// Fixtures already made.
  package init(
    directory: String, kernel: String, initramfs: String, disk: String, uuid: String, buildTime: Duration,
    generator: InitramfsGenerator = .dracut
  ) {
    self.generator = generator
    self.directory = directory
    self.kernel = kernel
    self.initramfs = initramfs
    self.disk = disk
    self.uuid = uuid
    self.buildTime = buildTime
  }

  /// Runs `generator`'s script into `directory`, emptied first, with `binary` as the initramfs's passcode and a
  /// disk that `passphrase` opens.
  package static func make(
    _ generator: InitramfsGenerator = .dracut, binary: String, directory: String, passphrase: String
  ) throws -> VMLabFixtures {
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let passphraseFile = directory + "/passphrase"
    try Data(passphrase.utf8).write(to: URL(fileURLWithPath: passphraseFile))
    let script = PasscodeBinary.packageRoot + "/Tests/VMLab/" + generator.script
    let log = directory + "/\(generator.script).log"
    let clock = ContinuousClock()
    let started = clock.now
    let status = try SpawnedProcess.run(
      executable: "/bin/sh", arguments: [script, directory, binary, passphraseFile], outputPath: log,
      timeout: .seconds(1800))
    let buildTime = clock.now - started
    guard status == 0 else {
      let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw VMLabError("\(generator.script) exited \(status.map(String.init) ?? "on a signal or timed out"): \(output)")
    }
    let values = try String(contentsOfFile: directory + "/lab.env", encoding: .utf8)
      .split(whereSeparator: \.isNewline)
      .reduce(into: [String: String]()) { values, line in
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { values[parts[0]] = parts[1] }
      }
    guard let kernel = values["KERNEL"], let initramfs = values["INITRD"], let disk = values["DISK"],
      let uuid = values["UUID"]
    else { throw VMLabError("lab.env is incomplete: \(values)") }
    return VMLabFixtures(
      directory: directory, kernel: kernel, initramfs: initramfs, disk: disk, uuid: uuid, buildTime: buildTime,
      generator: generator)
  }
}
