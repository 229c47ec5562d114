extension String {
  /// The parts between `/` bytes: Node splits a path at each `/` code unit, minimatch a pattern
  /// and git a path at each `/` byte, so a `/` that a combining mark follows still separates
  /// (a split by `Character` would keep the two together, and costs far more).
  func slashSeparated(omittingEmpty: Bool = true) -> [Substring] {
    utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: omittingEmpty).map { Substring($0) }
  }
}
