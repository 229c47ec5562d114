import Foundation
import Testing

/// The README's "Figures" table quotes docs/performance.md, the page that keeps today's figure of
/// every workload with the command that measured it. A figure changed on that page and not in the
/// README (or typed into the README alone) fails here, so the two never disagree; the binary's
/// size, the one figure a build decides, is held to the build itself by scripts/check-package.
@Suite struct ReadmeFiguresTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The figures of one "measured" cell: numbers and ranges (`1,310,540`, `34–36`, `9.3–9.8`),
  /// with the unit or sign that follows them when there is one (`ms`, `µs`, `MiB`, `×`); dates
  /// are when, not what, and are left out, as are digits in a name (`p50`).
  static func figures(in cell: String) -> [String] {
    let withoutDates = cell.replacing(/\d{4}-\d{2}-\d{2}/, with: "").replacing(/[A-Za-z]\d+/, with: "")
    return withoutDates.matches(of: /\d[\d,.]*(?:–\d[\d,.]*)?(?: ?(?:ms|µs|MiB|×))?/).map {
      String($0.output).trimmingCharacters(in: CharacterSet(charactersIn: ",."))
    }
  }

  /// The rows of the README's "Figures" table: (what, measured).
  static func readmeRows() throws -> [(figure: String, measured: String)] {
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.split(separator: "\n## ").first { $0.hasPrefix("Figures\n") })
    return section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| figure |") }
      .map { line in
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        return (cells[1], cells[2])
      }
  }

  @Test func figuresCellsAreRead() {
    #expect(
      Self.figures(in: "1,310 / p50 2.5–3 ms (2026-12-02; other: 92 ms), 1.17× the text, about 14 MiB")
        == ["1,310", "2.5–3 ms", "92 ms", "1.17×", "14 MiB"])
  }

  @Test func everyReadmeFigureIsThePerformancePages() throws {
    let page = try String(
      contentsOf: Self.root.appendingPathComponent("docs/performance.md"), encoding: .utf8)
    let rows = try Self.readmeRows()
    #expect(rows.count >= 6, "the README's Figures table was not found or lost rows: \(rows.count)")
    var missing: [String] = []
    for row in rows {
      let figures = Self.figures(in: row.measured)
      if figures.isEmpty { missing.append("\(row.figure): no figure in \"\(row.measured)\"") }
      for figure in figures where !page.contains(figure) {
        missing.append("\(row.figure): \(figure)")
      }
    }
    #expect(missing.isEmpty, "README figures docs/performance.md does not give: \(missing)")
  }
}
