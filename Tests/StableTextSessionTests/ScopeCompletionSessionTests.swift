import Foundation
import StableTextSessionSupport
import Testing

/// The scopes a scope package computes, through the daemon (Protocol/README.md, "Scopes from a
/// monorepo's packages"): completion after `(` in a commit message offers the computed
/// `scope-enum`, and a package folder added on disk joins the list without the configuration
/// file changing (the daemon watches the manifests the package read).
@Suite struct ScopeCompletionSessions {
  @Test func aPackageAddedJoinsTheScopes() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("st-scopes-\(UUID().uuidString)")
      .path
    defer { try? FileManager.default.removeItem(atPath: root) }
    func write(_ relative: String, _ text: String) throws {
      let path = root + "/" + relative
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    try write(
      "package.json",
      #"{"name": "root", "workspaces": ["packages/*"], "commitlint": {"extends": ["@commitlint/config-workspace-scopes"]}}"#
    )
    try write("packages/web/package.json", #"{"name": "@acme/web"}"#)
    try write("packages/api/package.json", #"{"name": "@acme/api"}"#)
    let session = try Session(arguments: ["--log-level", "error"], environment: ["HOME": root])
    let uri = "file://\(root)/COMMIT_EDITMSG"
    session.open(uri, "feat(\n", languageId: "git-commit")
    _ = try session.publish()
    #expect(CompletionSessions.labels(try CompletionSessions.complete(session, uri, 0, 5)) == ["api", "web"])
    try write("packages/cli/package.json", #"{"name": "@acme/cli"}"#)
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
}
