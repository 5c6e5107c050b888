// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PasscodeKeypad",
  products: [
    .library(name: "PasscodeEngine", targets: ["PasscodeEngine"])
  ],
  targets: [
    .target(name: "PasscodeEngine"),
    .testTarget(name: "PasscodeEngineTests", dependencies: ["PasscodeEngine"]),
  ],
  swiftLanguageModes: [.v6]
)
