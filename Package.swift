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
    .target(name: "PasscodeTerminal", dependencies: ["PasscodeEngine"]),
    .target(name: "PasscodeTestSupport"),
    .testTarget(name: "PasscodeTerminalTests", dependencies: ["PasscodeTerminal", "PasscodeTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
