import StableTextProject
import StableTextSystem

extension Benchmarks {
  /// libeditorconfig itself matching sections of each kind against the path that makes it work
  /// hardest (1,024 bytes, the longest it is asked about), one property each, beside the cost
  /// `EditorConfigSections` estimates for the section and bounds it by (docs/bounds.md,
  /// "EditorConfig sections"): the time a match takes, and the time per estimated step, which
  /// says what a bound in steps is worth in time.
  func editorConfigCosts() {
    guard let folder = FileSystem.makeTemporaryFolder(prefix: "st-bench-ec-") else {
      report("editorconfig: cannot make a temporary folder")
      return
    }
    defer { FileSystem.removeTree(folder) }
    let length = EditorConfigSections.pathBytes
    // The rest of a path of `length` bytes below the folder: `head`, then `unit` repeated.
    func path(_ head: String, _ unit: String, _ tail: String = "") -> String {
      let room = length - folder.utf8.count - head.utf8.count - tail.utf8.count
      return folder + head + String(String(repeating: unit, count: room / unit.utf8.count + 1).prefix(room))
        + tail
    }
    let cases: [(section: String, path: String)] = [
      ("*", path("/", "a")),
      ("*.md", path("/", ".")),
      ("{.*rc,*.yml,*.md,*.json,*.svg}", path("/", ".")),
      ("{*.json,*.yml,*.md}", path("/", ".")),
      ("**/node_modules/**", path("", "/node_modules", "/Z")),
      ("*.min.*", path("/", ".min.", "/Z")),
      ("*a*b", path("/ab/", "a")),
      ("**/a/**/b", path("/ab", "/a")),
      ("{*.test.*,*.spec.*}", path("/", ".test.", "/Z")),
      ("*a*a*b", path("/ab/", "a")),
      ("**a**b", path("/ab", "/ab")),
      ("a/**/b/**/c/**/d", path("/a" + String(repeating: "/b", count: 300), "/c", "/x")),
    ]
    for (section, target) in cases {
      guard
        FileSystem.write(
          Array("root = true\n[\(section)]\np = 1\n".utf8), to: FileSystem.join(folder, ".editorconfig"))
      else {
        report("editorconfig: cannot write the file")
        return
      }
      _ = FileSystem.makeFolders(FileSystem.folder(of: target))
      var best = Double.infinity
      for _ in 0..<3 {
        let start = Self.now()
        _ = EditorConfigMirror.libraryProperties(ofFile: target)
        best = min(best, Self.now() - start)
      }
      let glob = EditorConfigGlob(section: Array(section.utf8), folder: [])
      let estimate = glob.cost(pathBytes: length)
      let honoured = EditorConfigSections.bounded(Array("[\(section)]\np = 1\n".utf8)).skipped.isEmpty
      report(
        "editorconfig: [\(section)] on a path of \(target.utf8.count) bytes: \(String(format: "%.2f", best * 1000)) ms; estimate \(EditorConfigSections.figure(estimate)) steps (\(glob.degree) backtracking, \(glob.alternativeCount.map(String.init) ?? "many") alternatives), \(String(format: "%.1f", best * 1e9 / estimate)) ns an estimated step; \(honoured ? "honoured" : "not honoured")"
      )
    }
    // A file at its budget: as many properties as it allows under a section whose two wildcards
    // backtrack against each other, for the path that makes that section work hardest.
    let each = EditorConfigGlob(section: Array("*a*b".utf8), folder: []).cost(pathBytes: length)
    let properties = Int(EditorConfigSections.maxFileCost / each)
    let text = "root = true\n[*a*b]\n" + (0..<properties).map { "p\($0) = 1\n" }.joined()
    _ = FileSystem.write(Array(text.utf8), to: FileSystem.join(folder, ".editorconfig"))
    let within = EditorConfigSections.bounded(Array(text.utf8)).skipped.isEmpty
    let target = path("/ab/", "a")
    var best = Double.infinity
    for _ in 0..<3 {
      let start = Self.now()
      _ = EditorConfigMirror.libraryProperties(ofFile: target)
      best = min(best, Self.now() - start)
    }
    report(
      "editorconfig: a file at its budget (\(properties) properties under [*a*b], \(within ? "all honoured" : "not all honoured")) on a path of \(target.utf8.count) bytes: \(String(format: "%.1f", best * 1000)) ms"
    )
  }
}
