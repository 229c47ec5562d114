/// twitter-text's weighted length, version 3 (`parseTweet` with its default configuration), on
/// the text's clusters ("Counting like X"): the text normalised to NFC; each URL its extractor
/// finds weighs 23; each emoji cluster 2; any other code point 1 in U+0000–U+10FF,
/// U+2000–U+200D, U+2010–U+201F and U+2032–U+2037, else 2. A URL's weight belongs to the cluster
/// it starts in, and what follows it to the clusters after: the text up to a cluster weighs what
/// those clusters weigh (where a limit falls is the first cluster that takes the sum past it, as
/// twitter-text's `validRangeEnd` says).
struct TwitterWeights {
  /// Weigh emoji clusters 2 (version 3); else each of their code points (version 2, tested
  /// against its own cases).
  var parsesEmoji = true

  static let urlWeight = 23

  /// The weight of a code point outside URLs and emoji.
  static func weight(_ v: UInt32) -> Int {
    v <= 0x10FF || (0x2000...0x200D).contains(v) || (0x2010...0x201F).contains(v)
      || (0x2032...0x2037).contains(v)
      ? 1 : 2
  }

  /// Calls `body` with each cluster's UTF-8 offset in `text` and its weight, in order, until it
  /// returns false.
  func forEachCluster(in text: Substring, _ body: (_ offset: Int, _ weight: Int) -> Bool) {
    // The NFC scalars of each cluster, the cluster each scalar is of, each cluster's offset.
    var scalars: [Unicode.Scalar] = []
    var clusterOf: [Int] = []
    var offsets: [Int] = []
    var firstScalar: [Int] = []
    var offset = 0
    var hasDot = false
    for character in text {
      offsets.append(offset)
      firstScalar.append(scalars.count)
      let cluster = offsets.count - 1
      if character.utf8.count == 1 {
        let scalar = character.unicodeScalars.first!
        if scalar == "." { hasDot = true }
        scalars.append(scalar)
        clusterOf.append(cluster)
      } else {
        // The standard library's own normaliser (the one String comparison uses). A cluster is
        // normalised alone: NFC composes a mark with the starter of its own cluster.
        for scalar in String(decoding: String(character)._nfcCodeUnits, as: UTF8.self).unicodeScalars {
          scalars.append(scalar)
          clusterOf.append(cluster)
        }
      }
      offset += character.utf8.count
    }
    let urls = hasDot ? TwitterURLs.ranges(in: scalars) : []
    var weights = Array(repeating: 0, count: offsets.count)
    var nextURL = 0
    var i = 0
    while i < scalars.count {
      let cluster = clusterOf[i]
      if nextURL < urls.count && urls[nextURL].lowerBound == i {
        weights[cluster] += Self.urlWeight
        i = urls[nextURL].upperBound
        nextURL += 1
        continue
      }
      while nextURL < urls.count && urls[nextURL].lowerBound < i { nextURL += 1 }
      let end = cluster + 1 < firstScalar.count ? firstScalar[cluster + 1] : scalars.count
      if parsesEmoji && firstScalar[cluster] == i && end - i > 0 && Self.isEmoji(scalars[i..<end]) {
        weights[cluster] += 2
        i = end
        continue
      }
      weights[cluster] += Self.weight(scalars[i].value)
      i += 1
    }
    for (cluster, weight) in weights.enumerated() where !body(offsets[cluster], weight) { return }
  }

  /// The weight of all of `text`.
  func count(_ text: Substring) -> Int {
    var total = 0
    forEachCluster(in: text) { _, weight in
      total += weight
      return true
    }
    return total
  }
}
