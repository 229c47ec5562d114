/// How a measure counted by cluster (`LineCount.clusters`) gives one cluster's length, when the
/// line index can say it without calling the measure: a call through the measure's existential
/// for each cluster was a tenth of building a message's line index.
enum ClusterLength: Sendable {
  /// 1 for every cluster (`graphemes`).
  case one
  /// The cluster's display cells, a tab to the next stop (`columns`).
  case cells
  /// Whatever `LengthMeasure.length(ofCluster:width:atColumn:tabSize:)` says.
  case measured
}
