import CEditorConfig
import StableTextSystem

/// libeditorconfig, made to read copies. The library resolves sections and globs exactly as
/// every editor's EditorConfig plugin does, but it opens `.editorconfig` in every folder above the
/// file it is asked about, each time it is asked. So it is asked about the file's place in a
/// private folder (`PrivateFolder`) that mirrors the folders that hold an `.editorconfig`, each
/// with a copy made when StableText read the real one: ten thousand documents read each real file
/// once, and the library never opens a file a user could have made a FIFO or a device. The
/// mirror's own root stands for `/` and says `root = true`, so the search stops there; the
/// library is given it as `/proc/self/fd/N`, whose ancestors no one can put a file in. Copies
/// are made with their sections bounded (`EditorConfigSections`).
package final class EditorConfigMirror {
  /// The longest path the library is asked about: its walk up the path costs the square of the
  /// path's length, and a section's `**` match in time that grows as a power of it.
  package static let maxPathBytes = 1_024

  private var folder: PrivateFolder?
  /// What the library is given for the private folder.
  private var libraryRoot = ""
  private var failed = false

  package init() {}

  deinit { folder?.remove() }

  /// Puts the copy of the `.editorconfig` of the folder whose components are `folders` in place
  /// (nil removes it): whether a copy is in place, and the sections it leaves out
  /// (`EditorConfigSections`).
  package func place(_ bytes: [UInt8]?, in folders: [String]) -> (
    placed: Bool, skipped: [EditorConfigSections.Skipped]
  ) {
    let prefix = folders.isEmpty ? Array("root = true\n".utf8) : []
    guard let bytes else {
      removeCopy(in: folders)
      return (false, [])
    }
    let bounded = EditorConfigSections.bounded(bytes)
    guard let folder = ensureFolder() else { return (false, bounded.skipped) }
    // The real root's file has the search's end said first (nothing is above it anyway).
    return (folder.write(prefix + bounded.bytes, to: folders, name: EditorConfigLayer.name), bounded.skipped)
  }

  /// Takes a folder's copy away (the root's goes back to saying only `root = true`).
  private func removeCopy(in folders: [String]) {
    guard let folder else { return }
    if folders.isEmpty {
      folder.write(Array("root = true\n".utf8), to: [], name: EditorConfigLayer.name)
    } else {
      folder.removeFile(in: folders, name: EditorConfigLayer.name)
    }
  }

  private func ensureFolder() -> PrivateFolder? {
    if let folder { return folder }
    guard !failed, let made = PrivateFolder(prefix: "stabletext-editorconfig-"),
      made.write(Array("root = true\n".utf8), to: [], name: EditorConfigLayer.name)
    else {
      failed = true
      return nil
    }
    folder = made
    libraryRoot = made.pathForLibrary()
    return made
  }

  /// What libeditorconfig itself says of the file at `path`, reading the real files above it
  /// (tests and benchmarks compare it with the mirror's answer): the properties, or the status
  /// as a string.
  package static func libraryProperties(ofFile path: String) -> [String: String] {
    let handle = editorconfig_handle_init()
    defer { editorconfig_handle_destroy(handle) }
    let status = editorconfig_parse(path, handle)
    guard status == 0 else { return ["status": "\(status)"] }
    return properties(of: handle)
  }

  private static func properties(of handle: editorconfig_handle?) -> [String: String] {
    var properties: [String: String] = [:]
    for index in 0..<editorconfig_handle_get_name_value_count(handle) {
      var name: UnsafePointer<CChar>?
      var value: UnsafePointer<CChar>?
      editorconfig_handle_get_name_value(handle, index, &name, &value)
      if let name, let value { properties[String(cString: name)] = String(cString: value) }
    }
    return properties
  }

  /// The EditorConfig properties of the file at the absolute, normal path `path` (names
  /// lowercased by the library), or the problem libeditorconfig reported, naming the real file
  /// and line: a line it cannot read makes the file invalid, as it does for every editor. A
  /// path over `maxPathBytes` has none.
  package func properties(forFile path: String) -> Result<[String: String], ConfigurationProblem> {
    guard folder != nil, path.utf8.count <= Self.maxPathBytes else { return .success([:]) }
    let handle = editorconfig_handle_init()
    defer { editorconfig_handle_destroy(handle) }
    let status = editorconfig_parse(libraryRoot + path, handle)
    if status > 0 {
      var file = editorconfig_handle_get_err_file(handle).map { String(cString: $0) } ?? libraryRoot
      var line = Int(status)
      if file.hasPrefix(libraryRoot) { file.removeFirst(libraryRoot.count) }
      if file == "/.editorconfig" { line -= 1 }  // the line said first
      return .failure(
        ConfigurationProblem(
          concern: .editorConfig, path: file, line: line, problem: "EditorConfig cannot read this line"))
    }
    if status < 0 {
      let message = editorconfig_get_error_msg(status).map { String(cString: $0) } ?? "error \(status)"
      return .failure(
        ConfigurationProblem(concern: .editorConfig, path: path, problem: "EditorConfig: \(message)"))
    }
    return .success(Self.properties(of: handle))
  }
}
