import CEditorConfig
import StableTextSystem

/// libeditorconfig, made to read copies. The library resolves sections and globs exactly as
/// every editor's EditorConfig plugin does, but it opens `.editorconfig` in every folder above the
/// file it is asked about, each time it is asked. So it is asked about the file's place in a
/// private folder that mirrors the folders that hold an `.editorconfig`, each with a copy made
/// when StableText read the real one: ten thousand documents read each real file once, and the
/// library never opens a file a user could have made a FIFO or a device. The mirror's own root
/// stands for `/` and says `root = true`, so the search stops there.
package final class EditorConfigMirror {
  private var root: String?
  /// Real folders whose copy is in place.
  private var placed: Set<String> = []
  private var rootContent: [UInt8]?

  package init() {}

  deinit { if let root { FileSystem.removeTree(root) } }

  /// Whether any copy is in place (without one, no file has an EditorConfig layer).
  package var isEmpty: Bool { placed.isEmpty }

  /// Puts the copy of `folder`'s `.editorconfig` in place (nil removes it).
  package func place(_ bytes: [UInt8]?, forFolder folder: String) {
    guard let bytes else {
      if placed.remove(folder) != nil, let root {
        if folder == "/" {
          _ = FileSystem.write(Array("root = true\n".utf8), to: FileSystem.join(root, ".editorconfig"))
        } else {
          FileSystem.remove(FileSystem.join(root + folder, ".editorconfig"))
        }
      }
      return
    }
    guard let root = ensureRoot() else { return }
    if folder == "/" {
      // The real root's file with the search's end said first (nothing is above it anyway).
      guard FileSystem.write(Array("root = true\n".utf8) + bytes, to: FileSystem.join(root, ".editorconfig"))
      else { return }
    } else {
      guard FileSystem.makeFolders(root + folder),
        FileSystem.write(bytes, to: FileSystem.join(root + folder, ".editorconfig"))
      else { return }
    }
    placed.insert(folder)
  }

  private func ensureRoot() -> String? {
    if let root { return root }
    guard let made = FileSystem.makeTemporaryFolder(prefix: "stabletext-editorconfig-"),
      FileSystem.write(Array("root = true\n".utf8), to: FileSystem.join(made, ".editorconfig"))
    else { return nil }
    root = made
    return made
  }

  /// The EditorConfig properties of the file at the absolute path `path` (names lowercased by
  /// the library), or the problem libeditorconfig reported, naming the real file and line.
  package func properties(forFile path: String) -> Result<[String: String], ConfigurationProblem> {
    guard let root, !placed.isEmpty else { return .success([:]) }
    let handle = editorconfig_handle_init()
    defer { editorconfig_handle_destroy(handle) }
    let status = editorconfig_parse(root + path, handle)
    if status > 0 {
      var file = editorconfig_handle_get_err_file(handle).map { String(cString: $0) } ?? root
      var line = Int(status)
      if file.hasPrefix(root) { file.removeFirst(root.count) }
      if file == "/.editorconfig" { line -= 1 }  // the line said first
      return .failure(
        ConfigurationProblem(path: file, problem: "line \(line): EditorConfig cannot read this line"))
    }
    if status < 0 {
      let message = editorconfig_get_error_msg(status).map { String(cString: $0) } ?? "error \(status)"
      return .failure(ConfigurationProblem(path: path, problem: "EditorConfig: \(message)"))
    }
    var properties: [String: String] = [:]
    for index in 0..<editorconfig_handle_get_name_value_count(handle) {
      var name: UnsafePointer<CChar>?
      var value: UnsafePointer<CChar>?
      editorconfig_handle_get_name_value(handle, index, &name, &value)
      if let name, let value { properties[String(cString: name)] = String(cString: value) }
    }
    return .success(properties)
  }
}
