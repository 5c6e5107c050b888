// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PasscodeKeypad",
  products: [
    .library(name: "PasscodeEngine", targets: ["PasscodeEngine"]),
    .library(name: "PasscodeCommandLine", targets: ["PasscodeCommandLine"]),
  ],
  targets: [
    .target(name: "PasscodeEngine"),
    .testTarget(name: "PasscodeEngineTests", dependencies: ["PasscodeEngine"]),
    .target(name: "PasscodeCommandLine"),
    .testTarget(
      name: "PasscodeCommandLineTests", dependencies: ["PasscodeCommandLine"],
      exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
