import Foundation
import StableTextSessionSupport
import Testing

/// The scopes a scope package computes, through the daemon (Protocol/README.md, "Scopes from a
/// monorepo's packages"): completion after `(` in a commit message offers the computed
/// `scope-enum`, and a package folder added on disk joins the list without the configuration
/// file changing (the daemon watches the manifests the package read).
@Suite struct ScopeCompletionSessions {
  /// A workspace of two packages, `web` and `api`, under a temporary root, removed at the end.
  final class Workspace {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("st-scopes-\(UUID().uuidString)")
      .path
    init() throws {
      try write(
        "package.json",
        #"{"name": "root", "workspaces": ["packages/*"], "commitlint": {"extends": ["@commitlint/config-workspace-scopes"]}}"#
      )
      try write("packages/web/package.json", #"{"name": "@acme/web"}"#)
      try write("packages/api/package.json", #"{"name": "@acme/api"}"#)
    }
    deinit { try? FileManager.default.removeItem(atPath: root) }
    func write(_ relative: String, _ text: String) throws {
      let path = root + "/" + relative
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    /// A daemon with the message file open, its first publish taken and the scopes checked.
    func session() throws -> (Session, String) {
      let session = try Session(arguments: ["--log-level", "error"], environment: ["HOME": root])
      let uri = "file://\(root)/COMMIT_EDITMSG"
      session.open(uri, "feat(\n", languageId: "git-commit")
      _ = try session.publish()
      #expect(
        CompletionSessions.labels(try CompletionSessions.complete(session, uri, 0, 5)) == ["api", "web"])
      return (session, uri)
    }
  }

  @Test func aPackageAddedJoinsTheScopes() throws {
    let workspace = try Workspace()
    let (session, uri) = try workspace.session()
    try workspace.write("packages/cli/package.json", #"{"name": "@acme/cli"}"#)
    // The manifests are looked at again at most once a second while messages come: ask until
    // the list changes (bounded; the figure is not the test's business).
    var labels: [String] = []
    let end = Date().addingTimeInterval(30)
    repeat {
      Thread.sleep(forTimeInterval: 0.1)
      labels = CompletionSessions.labels(try CompletionSessions.complete(session, uri, 0, 5))
    } while labels == ["api", "web"] && Date() < end
    #expect(labels == ["api", "cli", "web"])
    try session.finish()
  }

  /// A client that says a manifest changed (`workspace/didChangeWatchedFiles`) needs send
  /// nothing else: the scopes are computed again and the message published again (its rules
  /// changed), and completion offers the new package.
  @Test func aClientsWordOnAManifestIsFollowed() throws {
    let workspace = try Workspace()
    let (session, uri) = try workspace.session()
    try workspace.write("packages/cli/package.json", #"{"name": "@acme/cli"}"#)
    session.endpoint.notify(
      "workspace/didChangeWatchedFiles",
      ["changes": [["uri": .string("file://\(workspace.root)/packages/cli/package.json"), "type": 1]]])
    _ = try session.publish()
    #expect(
      CompletionSessions.labels(try CompletionSessions.complete(session, uri, 0, 5)) == ["api", "cli", "web"])
    try session.finish()
  }
}
