// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PasscodeKeypad",
  products: [
    .library(name: "PasscodeEngine", targets: ["PasscodeEngine"]),
    .library(name: "PasscodeSpeech", targets: ["PasscodeSpeech"]),
  ],
  targets: [
    .target(name: "PasscodeEngine"),
    .testTarget(name: "PasscodeEngineTests", dependencies: ["PasscodeEngine"]),
    .systemLibrary(name: "CSpeechd", pkgConfig: "speech-dispatcher", providers: [.apt(["libspeechd-dev"])]),
    .systemLibrary(name: "CGio", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
    .target(name: "PasscodeSpeech", dependencies: ["PasscodeEngine", "CSpeechd", "CGio"]),
    .target(name: "PasscodeTestSupport", dependencies: ["PasscodeEngine", "PasscodeSpeech"]),
    .testTarget(name: "PasscodeSpeechTests", dependencies: ["PasscodeSpeech", "PasscodeTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
