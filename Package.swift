// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PasscodeKeypad",
  products: [
    .library(name: "PasscodeEngine", targets: ["PasscodeEngine"]),
    .library(name: "PasscodeVault", targets: ["PasscodeVault"]),
  ],
  targets: [
    .target(name: "PasscodeEngine"),
    .testTarget(name: "PasscodeEngineTests", dependencies: ["PasscodeEngine"]),
    .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
    .systemLibrary(name: "CProcessControl"),
    .target(name: "PasscodeVault", dependencies: ["PasscodeEngine", "CSodium", "CProcessControl"]),
    .testTarget(name: "PasscodeVaultTests", dependencies: ["PasscodeVault", "PasscodeEngine"]),
  ],
  swiftLanguageModes: [.v6]
)
