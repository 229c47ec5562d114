import Foundation

/// The path of a script in `Tests/Clients`.
package func clientScript(_ name: String) -> String {
  repositoryPath("Tests/Clients/\(name)")
}

/// The path of a file or folder of the repository (`editors/nvim`, say).
package func repositoryPath(_ relative: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(relative).path
}
