import Foundation
import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// The documents' code holds: the in-process code of docs/swift-library.md is the example
/// package's code (every block of `Examples/InProcessField` marked `// README: …` is a Swift block
/// of that page, verbatim, and the page's other Swift blocks say they are not compiled here), and
/// the README's "Count like …" rows count as they say.
@Suite struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Each row of the README's "Count like …" table holds: its rules, read as a client's JSON,
  /// count its example as the row says (an example is `` `text` ``, `` `text`×N `` repeated, or
  /// `U+XXXX`, joined by ` + `).
  @Test func countLikeRowsHold() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "### Count like …"))
    let rows = readme[section.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("| to count like") }
      .dropFirst(2).prefix { $0.hasPrefix("|") }
    var checked: [String] = []
    for row in rows {
      let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let rulesJSON = String(cells[2].dropFirst().dropLast())
      let handle = try JSONParser.parse(Array(rulesJSON.utf8))
      var warnings: [String] = []
      let rules = Rules.defaults.applying(try RulesDecoding.patch(handle.ref(), warnings: &warnings))
      #expect(warnings.isEmpty, "\(cells[1])")
      let example = try #require(cells[3].range(of: " is "), "\(cells[1])")
      let expected = try #require(Int(cells[3][example.upperBound...]), "\(cells[1])")
      var text = ""
      for part in cells[3][..<example.lowerBound].components(separatedBy: " + ") {
        if part.hasPrefix("U+"), let value = UInt32(part.dropFirst(2), radix: 16),
          let scalar = Unicode.Scalar(value)
        {
          text.unicodeScalars.append(scalar)
        } else if let times = part.range(of: "`×") {
          text += String(
            repeating: String(part[part.index(after: part.startIndex)..<times.lowerBound]),
            count: Int(part[times.upperBound...])!)
        } else {
          #expect(part.hasPrefix("`") && part.hasSuffix("`"), "\(part)")
          text += part.dropFirst().dropLast()
        }
      }
      #expect(
        StableTextField(text: text, rules: rules).length == expected, "\(cells[1]): \(text.debugDescription)")
      checked.append(cells[1])
    }
    #expect(checked.count == 11)
  }

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

  @Test func swiftLibraryBlocksAreTheExample() throws {
    let section = try String(
      contentsOf: Self.root.appendingPathComponent("docs/swift-library.md"), encoding: .utf8)
    let example = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Examples/InProcessField/Sources/InProcessField/main.swift"),
      encoding: .utf8)

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

  /// The manual page's FILES and docs/release.md's table of what the package installs name the
  /// same paths under /usr/share (scripts/check-package checks that the package installs them).
  @Test func manualAndReleaseNameTheSameInstalledFiles() throws {
    let man = try String(contentsOf: Self.root.appendingPathComponent("man/stabletext.1"), encoding: .utf8)
      .replacingOccurrences(of: "\\-", with: "-")
    let files = try #require(man.components(separatedBy: ".SH FILES\n").dropFirst().first)
      .components(separatedBy: "\n.SH ").first!
    let manPaths = Set(
      files.split(separator: "\n").filter { $0.hasPrefix(".I /usr/share/") }
        .map { String($0.dropFirst(3)).trimmingCharacters(in: CharacterSet(charactersIn: "/")) })
    let release = try String(
      contentsOf: Self.root.appendingPathComponent("docs/release.md"), encoding: .utf8)
    let rows = release.split(separator: "\n").filter { $0.hasPrefix("| `/usr/share/") }
    let releasePaths = Set(
      rows.flatMap { row in
        row.split(separator: "|")[0].split(separator: "`").filter { $0.hasPrefix("/usr/share/") }
          .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
      }
      .filter { !$0.hasPrefix("usr/share/man/") })
    #expect(manPaths.count >= 8)
    #expect(manPaths == releasePaths)
  }
}
