/// A change list that could not be applied: which entry failed and why.
public struct ContentChangeError: Error, Equatable, Sendable {
  /// Which entry of the list could not be applied (0-based).
  public var index: Int
  /// Why its range could not be used.
  public var error: PositionError

  /// The failure of entry `index` of a change list.
  public init(index: Int, error: PositionError) {
    self.index = index
    self.error = error
  }
}
