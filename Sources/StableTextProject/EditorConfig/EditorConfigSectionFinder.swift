import StableTextCore
import StableTextSystem

/// Which `.editorconfig` section set a property for a file, for `stabletext rules`
/// (Protocol/README.md, "Command line"). libeditorconfig gives a file's merged properties, not
/// the section each came from, and matching sections here would be a second glob implementation
/// that could disagree with the library. So the library itself is asked, one section at a time:
/// the deciding section is, in the nearest file that sets the property, the last section that
/// sets it and that the library matches against the file. Each section is tried as a copy of its
/// own (`root = true`, its header, a probe property) in a private mirror, bounded as every copy is
/// (`EditorConfigSections`), so no real file but the ones already read is opened again.
package enum EditorConfigSectionFinder {
  /// The section header (`*.md`, as written between the brackets) and its file that set the
  /// first of `properties` that any section sets, for the file at the absolute path `path`;
  /// `files` are the `.editorconfig` files the library read for it, nearest first.
  package static func origin(of properties: [String], forFile path: String, files: [String]) -> (
    file: String, section: String
  )? {
    let normal = DocumentURI.normalisedPath(path)
    guard normal.utf8.count <= EditorConfigMirror.maxPathBytes else { return nil }
    let mirror = EditorConfigMirror()
    for property in properties {
      for file in files {
        guard FileSystem.kind(of: file) == .file, let bytes = FileSystem.contents(of: file) else { continue }
        let folders = FileSystem.folder(of: file).split(separator: "/").map(String.init)
        for section in sections(bytes).reversed() where section.keys.contains(property) {
          let probe = "root = true\n[\(section.header)]\n\(probeKey) = yes\n"
          guard mirror.place(Array(probe.utf8), in: folders).placed,
            case .success(let found) = mirror.properties(forFile: normal)
          else { continue }
          if found[probeKey] == "yes" { return (file, section.header) }
        }
        _ = mirror.place(nil, in: folders)
      }
    }
    return nil
  }

  /// The property the probe copies set: no EditorConfig property has this name.
  static let probeKey = "stabletext_section_probe"

  /// The sections of an `.editorconfig` as the library reads its lines: a header is a line
  /// that starts with `[` (after spaces), its name up to the last `]`; a property is `key = value`
  /// (or `key : value`), its key compared in lower case; `#` and `;` lines are comments.
  static func sections(_ bytes: [UInt8]) -> [(header: String, keys: Set<String>)] {
    var result: [(header: String, keys: Set<String>)] = []
    for raw in String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      let line = raw.drop { $0 == " " || $0 == "\t" }
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasPrefix("["), let close = line.lastIndex(of: "]") {
        result.append((String(line[line.index(after: line.startIndex)..<close]), []))
        continue
      }
      guard !result.isEmpty, let equals = line.firstIndex(where: { $0 == "=" || $0 == ":" }) else { continue }
      let key = line[..<equals].trimmingCharacters(in: " \t\r").lowercased()
      result[result.count - 1].keys.insert(key)
    }
    return result
  }
}

extension Substring {
  /// Without the characters of `set` at either end.
  fileprivate func trimmingCharacters(in set: String) -> String {
    let drop: (Character) -> Bool = { set.contains($0) }
    guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
