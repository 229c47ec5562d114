// swift-tools-version:6.0
// An app's view of StableText: a package whose only dependency is the StableTextCore library,
// built and run by the test command so that the library is known to build, link and run alone.
import PackageDescription

let package = Package(
  name: "InProcessField",
  dependencies: [.package(name: "StableText", path: "../..")],
  targets: [
    .executableTarget(
      name: "InProcessField",
      dependencies: [.product(name: "StableTextCore", package: "StableText")]
    )
  ]
)
