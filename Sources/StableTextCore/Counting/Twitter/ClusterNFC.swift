/// The NFC form of one cluster, in time linear in the cluster ("Counting like X").
///
/// The standard library's normaliser puts combining marks in canonical order with an insertion
/// sort: a cluster whose marks alternate between two classes (U+0301, class 230, and U+0316,
/// class 220, one after the other) costs the square of its length (100,000 marks took 20 s). On
/// marks already in order the same normaliser is linear. So a long cluster is first rewritten
/// into a canonically equivalent one that is (nearly) in order, which the standard library then
/// normalises: its answer is the one it gives for the cluster as written, since NFC is the same
/// for canonically equivalent texts.
///
/// The rewrite: each mark (a scalar of a class other than 0) replaced by its own NFC form (an
/// equivalent text: U+0344 is U+0308 U+0301, U+0340 is U+0300; a scalar of a class other than 0
/// in an NFC form is never a composite, since the compositions whose first scalar is not a
/// starter are all excluded, so it is its own decomposition), then each run of marks sorted by
/// class, stably (the canonical ordering algorithm, which only swaps neighbours of different
/// classes that are both not starters). A scalar of class 0 is kept as it is and ends a run, as
/// it does for the standard library's normaliser, even one that decomposes to marks (U+0F73,
/// U+0F75, U+0F81: the standard library does not move marks across them, where Unicode's
/// canonical ordering would; its answer is the one to equal). A starter may decompose to marks
/// after it (`é` is `e` and U+0301): at most three, each of which the normaliser's insertion
/// sort moves past, so its work stays linear.
enum ClusterNFC {
  /// A cluster of at most this many scalars goes to the standard library as it is (its
  /// insertion sort on so few marks is cheaper than the rewrite).
  static let shortCluster = 32

  /// The NFC scalars of the cluster `scalars`.
  static func normalized(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    scalars.count <= shortCluster ? standardNFC(scalars) : standardNFC(canonicallyOrdered(scalars))
  }

  /// The standard library's NFC of `scalars` (the normaliser String comparison uses).
  static func standardNFC(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    Array(
      String(decoding: String(String.UnicodeScalarView(scalars))._nfcCodeUnits, as: UTF8.self).unicodeScalars)
  }

  /// `scalars` rewritten as above: canonically equivalent, each run of marks in class order.
  static func canonicallyOrdered(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var own: [Unicode.Scalar: [Unicode.Scalar]] = [:]
    var result: [Unicode.Scalar] = []
    result.reserveCapacity(scalars.count)
    for scalar in scalars {
      if CanonicalOrdering.combiningClass(scalar) == 0 {
        result.append(scalar)
      } else if let known = own[scalar] {
        result.append(contentsOf: known)
      } else {
        let form = standardNFC([scalar])
        own[scalar] = form
        result.append(contentsOf: form)
      }
    }
    CanonicalOrdering.order(&result)
    return result
  }
}
