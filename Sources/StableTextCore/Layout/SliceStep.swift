/// What a reader of chunk slices wants after one slice.
enum SliceStep {
  case next, stop
  /// The slice lay wholly inside one cluster: skip the chunks after it that start no cluster
  /// (a letter with a million combining marks is one cluster; its width is settled by its first
  /// two scalars, and the rope's counts say where the next cluster starts).
  case skipClusterTail
}
