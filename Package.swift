// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PasscodeKeypad",
  products: [
    .library(name: "PasscodeEngine", targets: ["PasscodeEngine"]),
    .library(name: "Pinentry", targets: ["Pinentry"]),
  ],
  targets: [
    .target(name: "PasscodeEngine"),
    .testTarget(name: "PasscodeEngineTests", dependencies: ["PasscodeEngine"]),
    .systemLibrary(name: "CAssuan", pkgConfig: "libassuan", providers: [.apt(["libassuan-dev", "libgpg-error-dev"])]),
    .target(name: "Pinentry", dependencies: ["PasscodeEngine", "CAssuan"]),
    .testTarget(name: "PinentryTests", dependencies: ["Pinentry", "PasscodeEngine"]),
  ],
  swiftLanguageModes: [.v6]
)
