/// Methods StableText does not answer, named here so that no module outside this one spells a
/// method: what the differential conformance run asks other servers when their capabilities
/// offer it, and names no server has, sent to see them refused.
public enum UnservedMethod {
  public static let documentSymbol = "textDocument/documentSymbol"
  public static let foldingRange = "textDocument/foldingRange"
  public static let semanticTokensFull = "textDocument/semanticTokens/full"
  public static let formatting = "textDocument/formatting"
  /// The conformance runner's barrier: a request no server knows, so its answer (an error)
  /// says every message before it has been read. Not a `$/` request: what a server does with
  /// those is a rule of its own, checked by a session of its own, not a barrier's business.
  public static let conformanceSync = "conformance/sync"
  /// A `$/` notification no server knows, which LSP lets a server ignore (the fuzzer sends it).
  public static let unknownDollar = "$/unknown"
}
