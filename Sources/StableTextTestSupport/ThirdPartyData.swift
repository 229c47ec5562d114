import Foundation

/// Others' data the tests read (twitter-text's conformance files, commitlint's history, gitlint's
/// sample messages). The project holds only its own files, so these are kept beside it, in
/// `../shared/third-party/` from its root, each folder with its licence and the folder's
/// README.md saying what and from where. A file that is not there fails the test that reads it,
/// naming the path: nothing skips itself.
public enum ThirdPartyData {
  /// The folder as the documents name it, relative to the project's root.
  public static let relativeFolder = "../shared/third-party"

  /// The folder on this machine (the project's root is three folders above this file).
  public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(relativeFolder).standardizedFileURL

  public struct Missing: Error, CustomStringConvertible {
    /// `../shared/third-party/twitter-text/validate.yml`.
    public var path: String
    /// Where that resolved to.
    public var resolved: String

    public var description: String {
      "\(path) is missing (looked for \(resolved)): others' test data is kept beside the project, "
        + "in \(ThirdPartyData.relativeFolder)/ from its root (see its README.md); "
        + "put that folder beside the checkout"
    }
  }

  /// The file `relative` (`twitter-text/validate.yml`) of the folder, which must exist.
  public static func url(_ relative: String) throws -> URL {
    let url = folder.appendingPathComponent(relative)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw Missing(path: "\(relativeFolder)/\(relative)", resolved: url.path)
    }
    return url
  }

  /// The text of the file `relative`, read as UTF-8.
  public static func text(_ relative: String) throws -> String {
    try String(contentsOf: url(relative), encoding: .utf8)
  }
}
