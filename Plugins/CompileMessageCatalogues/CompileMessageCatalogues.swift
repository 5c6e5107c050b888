import Foundation
import PackagePlugin

/// Compiles the target's `po/LANGUAGE.po` files with `msgfmt --check` at every build, into
/// `PLUGIN_WORK_DIRECTORY/locale/LANGUAGE/LC_MESSAGES/passcode.mo`, where a `passcode` run from the build tree
/// finds them (`Localization`'s build-tree lookup; Docs/Localisation.md). So `swift run passcode` speaks the
/// user's language without `make install`.
///
/// The catalogues are neither sources nor resources of the target: they are written beside the (empty)
/// directory the commands declare, so the target gets no resource bundle and no Foundation-based accessor,
/// and the shipped binary is built exactly as without the plugin. The installed catalogues are still
/// `make install`'s.
@main
struct CompileMessageCatalogues: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    // The target's directory, from one of its sources (`Target.directoryURL` needs tools version 6.1).
    guard let source = target.sourceModule?.sourceFiles.first(where: { $0.type == .source })?.url else { return [] }
    let sources = source.deletingLastPathComponent().appendingPathComponent("po")
    let languages = try FileManager.default.contentsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
    guard let msgfmt = Self.msgfmt() else {
      Diagnostics.warning("msgfmt (gettext) is not installed: the build tree's messages stay English")
      return []
    }
    let work = context.pluginWorkDirectoryURL
    let declared = work.appendingPathComponent("declared")
    try FileManager.default.createDirectory(at: declared, withIntermediateDirectories: true)
    return try languages.map { language in
      let directory = work.appendingPathComponent("locale/\(language)/LC_MESSAGES")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      return .prebuildCommand(
        displayName: "Compiling the \(language) message catalogue",
        executable: msgfmt,
        arguments: [
          "--check", "-o", directory.appendingPathComponent("passcode.mo").path,
          sources.appendingPathComponent("\(language).po").path,
        ],
        outputFilesDirectory: declared)
    }
  }

  /// gettext's `msgfmt`, from `PATH` (a prebuild command runs a program of the system, never one built here).
  private static func msgfmt() -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("msgfmt") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
