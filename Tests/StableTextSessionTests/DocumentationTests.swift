import Foundation
import StableTextCore
import Testing

/// The README's in-process code is the example package's code: every block of
/// `Examples/InProcessField` marked `// README: …` is a Swift block of the README's in-process
/// section, verbatim, and the section's other Swift blocks say they are not compiled here.
@Suite struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The units the documents list are the registry's (`LengthUnit.allCases`), in its order: the
  /// `unit` row of Protocol/README.md's rule table and `--unit` in the man page.
  @Test func documentedUnitsAreTheRegistry() throws {
    let names = LengthUnit.allCases.map(\.rawValue)
    let protocolText = try String(
      contentsOf: Self.root.appendingPathComponent("Protocol/README.md"), encoding: .utf8)
    let row = try #require(protocolText.split(separator: "\n").first { $0.hasPrefix("| `unit` | `\"") })
    let listed = row.replacingOccurrences(of: "\\|", with: " ").split(separator: "|")[1].split(separator: "`")
      .filter { $0.hasPrefix("\"") }
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    #expect(listed == names)
    let man = try String(contentsOf: Self.root.appendingPathComponent("man/stabletext.1"), encoding: .utf8)
    let option = try #require(man.range(of: ".BI \\-\\-unit \" UNIT\"\n"))
    let end = try #require(man.range(of: ".TP", range: option.upperBound..<man.endIndex))
    let manNames = man[option.upperBound..<end.lowerBound].split(separator: "\n").filter {
      $0.hasPrefix(".B")
    }
    .compactMap { line in
      line.split(separator: " ").dropFirst().first.map {
        String($0).trimmingCharacters(in: CharacterSet(charactersIn: ","))
      }
    }
    #expect(manNames == names)
  }

  @Test func readmeInProcessBlocksAreTheExample() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let example = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Examples/InProcessField/Sources/InProcessField/main.swift"),
      encoding: .utf8)
    let sectionStart = try #require(readme.range(of: "## In-process: the Swift library"))
    let sectionEnd = try #require(readme.range(of: "\n## ", range: sectionStart.upperBound..<readme.endIndex))
    let section = String(readme[sectionStart.upperBound..<sectionEnd.lowerBound])

    var exampleBlocks: [String] = []
    var current: [Substring]?
    for line in example.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "// README: end" {
        exampleBlocks.append(current!.joined(separator: "\n"))
        current = nil
      } else if line.hasPrefix("// README: ") {
        current = []
      } else if current != nil {
        current!.append(line)
      }
    }
    #expect(exampleBlocks.count == 4)

    let parts = section.components(separatedBy: "```swift\n")
    var readmeBlocks: [(code: String, before: String)] = []
    for (index, part) in parts.enumerated().dropFirst() {
      let code = try #require(part.components(separatedBy: "```").first)
      readmeBlocks.append((code, parts[index - 1]))
    }
    let compiled = readmeBlocks.filter {
      !$0.before.contains("not\ncompiled here") && !$0.before.contains("not compiled here")
    }
    #expect(compiled.map(\.code) == exampleBlocks.map { $0 + "\n" })
    #expect(
      readmeBlocks.count - compiled.count == 2, "the UIKit and SwiftUI blocks, marked as not compiled here")
  }

  /// The DocC articles' Swift code is the example's too, so what they show runs.
  @Test(arguments: ["GettingStarted.md", "StableScroll.md"])
  func articleCodeIsTheExample(article: String) throws {
    let text = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/StableTextCore/StableTextCore.docc/\(article)"),
      encoding: .utf8)
    let example = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Examples/InProcessField/Sources/InProcessField/main.swift"),
      encoding: .utf8)
    let blocks = text.components(separatedBy: "```swift\n").dropFirst().compactMap {
      $0.components(separatedBy: "```").first
    }
    #expect(!blocks.isEmpty)
    for block in blocks { #expect(example.contains(block), "\(article): \(block)") }
  }
}
