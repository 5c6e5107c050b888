// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PasscodeKeypad",
  products: [
    .executable(name: "passcode", targets: ["passcode"]),
    .library(name: "PasscodeEngine", targets: ["PasscodeEngine"]),
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
    .target(name: "PasscodeLocalization", dependencies: ["CLibintl"], exclude: ["po"]),
    .target(name: "PasscodeEngine", dependencies: ["PasscodeLocalization", "SystemCalls"]),
    .target(
      name: "PasscodeSpeech",
      dependencies: ["PasscodeEngine", "PasscodeTerminal", "PasscodeLocalization", "CSpeechd", "CGio", "SystemCalls"]),
    .target(
      name: "PasscodeVault",
      dependencies: [
        "PasscodeEngine", "PasscodeLocalization", "PasscodeCommandLine", "CSodium", "CProcessControl", "SystemCalls",
      ]),
    .target(
      name: "PasscodeTerminal",
      dependencies: ["PasscodeEngine", "PasscodeLocalization", "SystemCalls"]),
    .target(name: "PasscodeCommandLine", dependencies: ["PasscodeEngine", "PasscodeLocalization"]),
    .target(name: "Pinentry", dependencies: ["PasscodeEngine", "CAssuan", "SystemCalls"]),
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
        "PasscodeEngine", "PasscodeSpeech", "PasscodeVault", "PasscodeTerminal", "PasscodeCommandLine", "Pinentry",
        "PasswordAgent", "PasscodeDoctor", "PasscodeLocalization", "SystemCalls",
      ]),

    // Tests.
    .target(name: "PasscodeTestSupport", dependencies: ["PasscodeEngine", "PasscodeSpeech", "SystemCalls"]),
    .systemLibrary(name: "CBenchTrace"),
    .executableTarget(
      name: "passcode-bench",
      dependencies: ["PasscodeTestSupport", "PasscodeVault", "PasscodeEngine", "CBenchTrace", "SystemCalls"]),
    // A hello world built like `passcode`: the benchmark's floor for start-up and memory.
    .executableTarget(name: "passcode-bench-floor"),
    .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls"]),
    .testTarget(
      name: "PasscodeEngineTests", dependencies: ["PasscodeEngine", "PasscodeSpeech", "PasscodeTestSupport"]),
    .testTarget(name: "PasscodeLocalizationTests", dependencies: ["PasscodeLocalization"]),
    .testTarget(
      name: "PasscodeDoctorTests",
      dependencies: [
        "PasscodeDoctor", "PasscodeSpeech", "PasscodeVault", "PasscodeCommandLine", "PasscodeTerminal", "PasscodeEngine",
      ]),
    .testTarget(
      name: "PasscodeVaultTests", dependencies: ["PasscodeVault", "PasscodeEngine", "PasscodeCommandLine", "SystemCalls"]),
    .testTarget(
      name: "PasscodeSpeechTests", dependencies: ["PasscodeSpeech", "PasscodeTestSupport", "SystemCalls"]),
    .testTarget(
      name: "PasscodeTerminalTests", dependencies: ["PasscodeTerminal", "PasscodeTestSupport", "SystemCalls"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["PasscodeTestSupport", "PasscodeVault", "PasscodeEngine"],
      exclude: ["Golden"]),
    .testTarget(name: "BrailleLabTests", dependencies: ["PasscodeTestSupport"]),
    .testTarget(
      name: "PinentryTests", dependencies: ["Pinentry", "PasscodeEngine", "PasscodeSpeech", "PasscodeTestSupport"]),
    .testTarget(name: "PasswordAgentTests", dependencies: ["PasswordAgent", "PasscodeEngine", "PasscodeTestSupport"]),
    .testTarget(name: "ScreenReaderLabTests", dependencies: ["PasscodeTestSupport"]),
    .testTarget(
      name: "PasscodeCommandLineTests", dependencies: ["PasscodeCommandLine", "PasscodeEngine"], exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
