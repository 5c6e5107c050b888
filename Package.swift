// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PasscodeKeypad",
  products: [
    .executable(name: "passcode", targets: ["passcode"]),
    .library(name: "PasscodeEngine", targets: ["PasscodeEngine"]),
    .library(name: "AnnouncementWords", targets: ["AnnouncementWords"]),
    .library(name: "LockedSecretStorage", targets: ["LockedSecretStorage"]),
    .library(name: "PasscodeLocalization", targets: ["PasscodeLocalization"]),
    .library(name: "PasscodeSpeech", targets: ["PasscodeSpeech"]),
    .library(name: "PasscodeVault", targets: ["PasscodeVault"]),
    .library(name: "PasscodeTerminal", targets: ["PasscodeTerminal"]),
    .library(name: "PasscodeCommandLine", targets: ["PasscodeCommandLine"]),
    .library(name: "Pinentry", targets: ["Pinentry"]),
    .library(name: "PasswordAgent", targets: ["PasswordAgent"]),
  ],
  targets: [
    // C libraries from Debian, one module map each.
    // libspeechd and GIO are loaded with dlopen when first used: their module maps declare, never link.
    .systemLibrary(name: "CSpeechd", providers: [.apt(["libspeechd-dev"])]),
    .systemLibrary(name: "CGio"),
    .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
    .systemLibrary(name: "CProcessControl"),
    // gettext, part of glibc: nothing to link.
    .systemLibrary(name: "CLibintl"),
    .systemLibrary(
      name: "CAssuan", pkgConfig: "libassuan", providers: [.apt(["libassuan-dev", "libgpg-error-dev"])]),

    // The package's own layers.
    // The one system-call layer (package access only, not a product): every libc call goes through it.
    .target(name: "SystemCalls", dependencies: ["CProcessControl"]),
    // The engine is pure: the standard library only, no gettext, no system call, no environment.
    .target(name: "PasscodeEngine", dependencies: []),
    .target(name: "PasscodeLocalization", dependencies: ["CLibintl", "PasscodeEngine"], exclude: ["po"]),
    // The words of announcements, made at the edge for the screen, speech and braille alike.
    .target(name: "AnnouncementWords", dependencies: ["PasscodeEngine", "PasscodeLocalization"]),
    // The engine's secret storage in locked, wiped memory.
    .target(name: "LockedSecretStorage", dependencies: ["PasscodeEngine", "SystemCalls"]),
    .target(
      name: "PasscodeSpeech",
      dependencies: [
        "PasscodeEngine", "AnnouncementWords", "PasscodeTerminal", "PasscodeLocalization", "CSpeechd", "CGio",
        "SystemCalls",
      ]),
    .target(
      name: "PasscodeVault",
      dependencies: [
        "PasscodeEngine", "PasscodeLocalization", "PasscodeCommandLine", "CSodium", "CProcessControl", "SystemCalls",
      ]),
    .target(
      name: "PasscodeTerminal",
      dependencies: [
        "PasscodeEngine", "AnnouncementWords", "LockedSecretStorage", "PasscodeLocalization", "SystemCalls",
      ]),
    .target(name: "PasscodeCommandLine", dependencies: ["PasscodeEngine", "PasscodeLocalization"]),
    .target(name: "Pinentry", dependencies: ["PasscodeEngine", "LockedSecretStorage", "CAssuan", "SystemCalls"]),
    .target(name: "PasswordAgent", dependencies: ["PasscodeEngine", "SystemCalls"]),
    // `passcode doctor`'s findings, pure functions of a snapshot the command gathers (package access only).
    .target(
      name: "PasscodeDoctor",
      dependencies: [
        "PasscodeEngine", "PasscodeLocalization", "PasscodeSpeech", "PasscodeTerminal", "PasscodeVault",
        "PasscodeCommandLine",
      ]),
    .executableTarget(
      name: "passcode",
      dependencies: [
        "PasscodeEngine", "AnnouncementWords", "LockedSecretStorage", "PasscodeSpeech", "PasscodeVault",
        "PasscodeTerminal", "PasscodeCommandLine", "Pinentry", "PasswordAgent", "PasscodeDoctor", "PasscodeLocalization",
        "SystemCalls",
      ]),

    // Tests.
    .target(
      name: "PasscodeTestSupport",
      dependencies: ["PasscodeEngine", "AnnouncementWords", "PasscodeSpeech", "SystemCalls"]),
    .systemLibrary(name: "CBenchTrace"),
    .executableTarget(
      name: "passcode-bench",
      dependencies: [
        "PasscodeTestSupport", "PasscodeVault", "PasscodeEngine", "LockedSecretStorage", "CBenchTrace", "SystemCalls",
      ]),
    // A hello world built like `passcode`: the benchmark's floor for start-up and memory.
    .executableTarget(name: "passcode-bench-floor"),
    .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls"]),
    .testTarget(
      name: "PasscodeEngineTests",
      dependencies: [
        "PasscodeEngine", "AnnouncementWords", "LockedSecretStorage", "PasscodeSpeech", "PasscodeTestSupport",
      ]),
    .testTarget(name: "PasscodeLocalizationTests", dependencies: ["PasscodeLocalization"]),
    .testTarget(
      name: "PasscodeDoctorTests",
      dependencies: [
        "PasscodeDoctor", "PasscodeSpeech", "PasscodeVault", "PasscodeCommandLine", "PasscodeTerminal", "PasscodeEngine",
      ]),
    .testTarget(
      name: "PasscodeVaultTests",
      dependencies: ["PasscodeVault", "PasscodeEngine", "LockedSecretStorage", "PasscodeCommandLine", "SystemCalls"]),
    .testTarget(
      name: "PasscodeSpeechTests",
      dependencies: ["PasscodeSpeech", "AnnouncementWords", "PasscodeTestSupport", "SystemCalls"]),
    .testTarget(
      name: "PasscodeTerminalTests",
      dependencies: [
        "PasscodeTerminal", "AnnouncementWords", "LockedSecretStorage", "PasscodeTestSupport", "SystemCalls",
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
    .testTarget(name: "ScreenReaderLabTests", dependencies: ["PasscodeTestSupport"]),
    .testTarget(name: "VMLabTests", dependencies: ["PasscodeTestSupport"]),
    .testTarget(
      name: "PasscodeCommandLineTests", dependencies: ["PasscodeCommandLine", "PasscodeEngine"], exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
