/// A Fenwick (binary indexed) tree of non-negative totals: prefix sums, point updates and "which
/// element holds the k-th unit of a metric" in O(log n).
struct Fenwick<Value: LineTotals>: Sendable {
  private var tree: [Value]

  init(_ values: [Value]) {
    tree = [.zero] + values
    var i = 1
    while i < tree.count {
      let parent = i + (i & -i)
      if parent < tree.count { tree[parent] = tree[parent] + tree[i] }
      i += 1
    }
  }

  var count: Int { tree.count - 1 }

  /// Sum of the first `n` values.
  func prefix(_ n: Int) -> Value {
    var sum = Value.zero
    var i = n
    while i > 0 {
      sum = sum + tree[i]
      i -= i & -i
    }
    return sum
  }

  mutating func add(_ index: Int, _ delta: Value) {
    var i = index + 1
    while i < tree.count {
      tree[i] = tree[i] + delta
      i += i & -i
    }
  }

  /// The element holding unit `target` (0-based) of `metric` and the sum of the elements before
  /// it; the last element when `target` is past the total.
  /// (`metric` is a function rather than a key path: key paths are read at run time.)
  func find(_ target: Int, by metric: (Value) -> Int) -> (index: Int, before: Value) {
    var position = 0
    var remaining = target
    var before = Value.zero
    var step = 1
    while step * 2 <= count { step *= 2 }
    while step > 0 {
      let next = position + step
      if next <= count, case let value = metric(tree[next]), value <= remaining {
        position = next
        remaining -= value
        before = before + tree[next]
      }
      step /= 2
    }
    let index = min(position, count - 1)
    return (index, index == position ? before : prefix(index))
  }
}
