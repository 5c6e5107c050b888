// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PasscodeKeypad",
  products: [
    .executable(name: "passcode", targets: ["passcode"]),
    // The one library product: another tool's one import, the terminal's prompt with the accessible defaults
    // (`current()`). Every other library target is a part of it or of `passcode`, at `package` access.
    .library(name: "PasscodeKeypad", targets: ["PasscodeKeypad"]),
  ],
  targets: [
    // C libraries from Debian, one module map each.
    // libspeechd and GIO are loaded with dlopen when first used: their module maps declare, never link.
    .systemLibrary(name: "CSpeechd", providers: [.apt(["libspeechd-dev"])]),
    .systemLibrary(name: "CGio"),
    .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
    .systemLibrary(name: "CProcessControl"),
    // The traced run's shims (ptrace), for the tests and passcode-bench only: the shipped program never links them.
    .systemLibrary(name: "CTestProcessControl"),
    // gettext, part of glibc: nothing to link.
    .systemLibrary(name: "CLibintl"),
    .systemLibrary(
      name: "CAssuan", pkgConfig: "libassuan", providers: [.apt(["libassuan-dev", "libgpg-error-dev"])]),

    // The package's own layers.
    // The one system-call layer (not a product; public only `Signal`, which `PromptError` carries): every libc call
    // goes through it.
    .target(name: "SystemCalls", dependencies: ["CProcessControl"]),
    // The engine is pure: the standard library only, no gettext, no system call, no environment.
    .target(name: "PasscodeEngine", dependencies: []),
    .target(
      name: "PasscodeLocalization", dependencies: ["CLibintl", "PasscodeEngine", "SystemCalls"], exclude: ["po"],
      plugins: ["CompileMessageCatalogues"]),
    // The interface choices, where each came from, and the config file's pure parse (no I/O).
    .target(name: "PasscodePreferences", dependencies: ["PasscodeEngine", "PasscodeLocalization"]),
    // The words of announcements, made at the edge for the screen, speech and braille alike.
    .target(name: "AnnouncementWords", dependencies: ["PasscodeEngine", "PasscodeLocalization"]),
    // The engine's secret storage in locked, wiped memory.
    .target(name: "LockedSecretStorage", dependencies: ["PasscodeEngine", "SystemCalls"]),
    // GIO's GDBus and GVariant, loaded with dlopen on first use: the one layer that calls them.
    .target(name: "GDBus", dependencies: ["CGio", "SystemCalls"]),
    // What surrounds the prompt (package access only, not a product): the screen readers reading, whether the
    // session is remote, the speech policy, and doctor's braille report.
    .target(
      name: "AccessibilityEnvironment",
      dependencies: ["PasscodeEngine", "PasscodeLocalization", "PasscodePreferences", "GDBus", "SystemCalls"]),
    // speech-dispatcher: the engine's announcer over libspeechd.
    .target(
      name: "PasscodeSpeech",
      dependencies: [
        "PasscodeEngine", "AnnouncementWords", "PasscodePreferences", "PasscodeLocalization", "CSpeechd", "SystemCalls",
      ]),
    .target(
      name: "PasscodeVault",
      dependencies: [
        "PasscodeEngine", "PasscodeLocalization", "PasscodePreferences", "CSodium", "CProcessControl", "SystemCalls",
      ]),
    .target(
      name: "PasscodeTerminal",
      dependencies: [
        "PasscodeEngine", "AnnouncementWords", "LockedSecretStorage", "PasscodeLocalization", "PasscodePreferences",
        "SystemCalls",
      ]),
    // The terminal and speech joined in one accessible session, for the library and every command.
    .target(
      name: "AccessiblePrompt",
      dependencies: [
        "PasscodeEngine", "AnnouncementWords", "LockedSecretStorage", "PasscodeTerminal", "PasscodeSpeech",
        "AccessibilityEnvironment", "PasscodeLocalization", "PasscodePreferences", "SystemCalls",
      ]),
    // The one import a consumer writes: the parts re-exported, and what only the library offers (the async
    // verifier, so `_Concurrency` stays out of `passcode`, which depends on `AccessiblePrompt` alone).
    .target(
      name: "PasscodeKeypad",
      dependencies: [
        "AccessiblePrompt", "PasscodeEngine", "LockedSecretStorage", "PasscodeTerminal", "PasscodePreferences",
        "SystemCalls",
      ]),
    .target(
      name: "PasscodeCommandLine", dependencies: ["PasscodeEngine", "PasscodeLocalization", "PasscodePreferences"]),
    .target(name: "Pinentry", dependencies: ["PasscodeEngine", "LockedSecretStorage", "CAssuan", "SystemCalls"]),
    .target(name: "PasswordAgent", dependencies: ["PasscodeEngine", "SystemCalls"]),
    // polkit's authentication agent: its D-Bus object, the requests polkitd makes, and the conversation with
    // polkit's own helper (package access only).
    .target(name: "PolkitAgent", dependencies: ["GDBus", "SystemCalls"]),
    // `passcode doctor`'s findings, pure functions of a snapshot the command gathers (package access only).
    .target(
      name: "PasscodeDoctor",
      dependencies: [
        "PasscodeEngine", "PasscodeLocalization", "AccessibilityEnvironment", "PasscodeSpeech", "PasscodeTerminal",
        "PasscodeVault", "PasscodeCommandLine", "PasscodePreferences",
      ]),
    .executableTarget(
      name: "passcode",
      dependencies: [
        "PasscodeEngine", "AnnouncementWords", "LockedSecretStorage", "AccessibilityEnvironment", "PasscodeSpeech",
        "PasscodeVault", "PasscodeTerminal", "PasscodeCommandLine", "PasscodePreferences", "Pinentry", "PasswordAgent",
        "PolkitAgent", "PasscodeDoctor",
        "PasscodeLocalization", "AccessiblePrompt", "SystemCalls",
      ]),

    // msgfmt compiles po/*.po at every build, so a program run from the build tree finds its catalogues.
    .plugin(name: "CompileMessageCatalogues", capability: .buildTool()),

    // Tests.
    .target(
      name: "PasscodeTestSupport",
      dependencies: ["PasscodeEngine", "AnnouncementWords", "PasscodeSpeech", "SystemCalls", "CTestProcessControl"]),
    .executableTarget(
      name: "passcode-bench",
      dependencies: [
        "PasscodeTestSupport", "PasscodeVault", "PasscodeEngine", "LockedSecretStorage", "SystemCalls",
      ]),
    // A hello world built like `passcode`: the benchmark's floor for start-up and memory.
    .executableTarget(name: "passcode-bench-floor"),
    .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls"]),
    .testTarget(name: "PasscodeTestSupportTests", dependencies: ["PasscodeTestSupport", "SystemCalls"]),
    .testTarget(
      name: "PasscodeEngineTests",
      dependencies: [
        "PasscodeEngine", "AnnouncementWords", "LockedSecretStorage", "PasscodeSpeech", "PasscodeTestSupport",
      ]),
    .testTarget(name: "PasscodeLocalizationTests", dependencies: ["PasscodeLocalization"]),
    .testTarget(name: "PasscodePreferencesTests", dependencies: ["PasscodePreferences", "PasscodeEngine"]),
    .testTarget(
      name: "PasscodeDoctorTests",
      dependencies: [
        "PasscodeDoctor", "AccessibilityEnvironment", "PasscodeSpeech", "PasscodeVault", "PasscodeCommandLine",
        "PasscodePreferences",
        "PasscodeTerminal", "PasscodeEngine",
      ]),
    .testTarget(
      name: "PasscodeVaultTests",
      dependencies: [
        "PasscodeVault", "PasscodeEngine", "LockedSecretStorage", "PasscodePreferences", "PasscodeTestSupport",
        "SystemCalls",
      ]),
    .testTarget(
      name: "AccessibilityEnvironmentTests",
      dependencies: ["AccessibilityEnvironment", "PasscodeEngine", "PasscodePreferences", "PasscodeTestSupport"]),
    .testTarget(
      name: "PasscodeSpeechTests",
      dependencies: [
        "PasscodeSpeech", "AnnouncementWords", "PasscodePreferences", "PasscodeTestSupport", "SystemCalls",
      ]),
    .testTarget(
      name: "PasscodeTerminalTests",
      dependencies: [
        "PasscodeTerminal", "AnnouncementWords", "LockedSecretStorage", "PasscodePreferences", "PasscodeTestSupport",
        "SystemCalls", "PasscodeKeypad",
      ]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["PasscodeTestSupport", "PasscodeVault", "PasscodeEngine", "AnnouncementWords"],
      exclude: ["Golden"]),
    .testTarget(name: "BrailleLabTests", dependencies: ["PasscodeTestSupport"]),
    .testTarget(
      name: "PinentryTests",
      dependencies: [
        "Pinentry", "PasscodeEngine", "AnnouncementWords", "LockedSecretStorage", "PasscodeSpeech",
        "PasscodeTestSupport",
      ]),
    .testTarget(
      name: "PasswordAgentTests",
      dependencies: [
        "PasswordAgent", "PasscodeEngine", "AnnouncementWords", "LockedSecretStorage", "PasscodeTestSupport",
      ]),
    .testTarget(name: "PolkitAgentTests", dependencies: ["PolkitAgent", "GDBus", "PasscodeTestSupport"]),
    .testTarget(name: "ScreenReaderLabTests", dependencies: ["PasscodeTestSupport"]),
    .testTarget(name: "VMLabTests", dependencies: ["PasscodeTestSupport"]),
    // The library's session and the command's (`passcode`'s own `CommandContext`) for the same person.
    .testTarget(
      name: "PasscodeKeypadTests",
      dependencies: [
        "PasscodeKeypad", "AccessiblePrompt", "passcode", "PasscodeCommandLine", "PasscodePreferences",
        "AccessibilityEnvironment", "PasscodeTerminal",
      ]),
    .testTarget(
      name: "PasscodeCommandLineTests", dependencies: ["PasscodeCommandLine", "PasscodePreferences", "PasscodeEngine"],
      exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
