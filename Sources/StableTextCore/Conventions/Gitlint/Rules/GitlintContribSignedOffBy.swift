/// CC1 `contrib-body-requires-signed-off-by` (gitlint's contrib rule): a body line starts with
/// `Signed-off-by`, in any case.
public struct GitlintContribSignedOffBy: GitlintCommitRule {
  public init() {}
  public var id: String { "CC1" }
  public var name: String { "contrib-body-requires-signed-off-by" }

  public func validate(_ commit: GitlintCommit, _ options: GitlintOptions) -> [GitlintViolation] {
    if commit.body.contains(where: { GitlintText.hasPrefix($0.lowercased(), "signed-off-by") }) { return [] }
    return [GitlintViolation(id, "Body does not contain a 'Signed-off-by' line", nil, 1)]
  }
}
