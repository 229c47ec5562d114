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
    var text = text
    text.withUTF8 { forEachCluster(inUTF8: $0, body) }
  }

  /// `forEachCluster(in:_:)` on UTF-8 bytes, read a cluster at a time by the layout's reader.
  func forEachCluster(
    inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (_ offset: Int, _ weight: Int) -> Bool
  ) {
    // Without a dot there is no URL (the extractor's own shortcut): each cluster weighs alone.
    guard bytes.contains(0x2E) else {
      var going = true
      Cluster.forEach(in: bytes) { cluster, clusterBytes in
        guard going else { return }
        going = body(cluster.offset, clusterWeight(clusterBytes))
      }
      return
    }
    // The NFC scalars of each cluster, the cluster each scalar is of, each cluster's offset.
    var scalars: [Unicode.Scalar] = []
    var clusterOf: [Int] = []
    var offsets: [Int] = []
    var firstScalar: [Int] = []
    scalars.reserveCapacity(bytes.count)
    clusterOf.reserveCapacity(bytes.count)
    Cluster.forEach(in: bytes) { cluster, clusterBytes in
      offsets.append(cluster.offset)
      firstScalar.append(scalars.count)
      let index = offsets.count - 1
      Self.forEachNFCScalar(clusterBytes) { scalar in
        scalars.append(scalar)
        clusterOf.append(index)
      }
    }
    let urls = TwitterURLs.ranges(in: scalars)
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
      if parsesEmoji && firstScalar[cluster] == i && Self.isEmoji(scalars[i..<end]) {
        weights[cluster] += 2
        i = end
        continue
      }
      weights[cluster] += Self.weight(scalars[i].value)
      i += 1
    }
    for (cluster, weight) in weights.enumerated() where !body(offsets[cluster], weight) { return }
  }

  /// The weight of one cluster outside any URL: 2 for an emoji, else its NFC code points'.
  private func clusterWeight(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    // ASCII: one code point below U+10FF.
    if bytes.count == 1 { return 1 }
    var scalars: [Unicode.Scalar] = []
    Self.forEachNFCScalar(bytes) { scalars.append($0) }
    if parsesEmoji && Self.isEmoji(scalars[...]) { return 2 }
    return scalars.reduce(0) { $0 + Self.weight($1.value) }
  }

  /// Calls `body` with each scalar of one cluster's NFC form. A cluster of one scalar in a
  /// block where no scalar changes under NFC (Latin-1 and Latin Extended, Cyrillic, Arabic, Thai,
  /// kana, CJK ideographs, Hangul syllables, emoji) is itself; any other cluster is normalised
  /// alone (as NFC composes a mark with the starter of its own cluster) to the standard library's
  /// NFC, in time linear in the cluster (`ClusterNFC`).
  static func forEachNFCScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Unicode.Scalar) -> Void) {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var first: Unicode.Scalar?
    var count = 0
    while case .scalarValue(let scalar) = decoder.decode(&iterator) {
      count += 1
      if count == 1 { first = scalar } else { break }
    }
    if count == 1, let first, isNFCStable(first.value) {
      body(first)
      return
    }
    for scalar in ClusterNFC.normalized(Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)) {
      body(scalar)
    }
  }

  /// Blocks whose every scalar is its own NFC form, alone (none is a singleton decomposition or
  /// a composition exclusion); a scalar outside them is normalised.
  private static func isNFCStable(_ v: UInt32) -> Bool {
    switch v {
    case 0x00...0x2FF, 0x400...0x52F, 0x600...0x6FF, 0xE00...0xE7F, 0x3041...0x30FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1FAFF:
      return true
    default: return false
    }
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
