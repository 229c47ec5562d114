import StableTextJSON

extension JSONPath {
  /// `params`, where a message's params are found: the root of every field path in errors.
  /// Computed, not a stored global: a global indirect enum's box is held through a pointer with
  /// its tag bits set, which valgrind's leak check cannot follow ("definitely lost").
  public static var params: JSONPath { .key(.root(""), "params") }

  /// This path's member `key`.
  public func member(_ key: String) -> JSONPath { .key(self, key) }

  /// This path's element `index`.
  public func index(_ index: Int) -> JSONPath { .index(self, index) }
}
