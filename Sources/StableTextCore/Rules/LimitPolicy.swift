/// What `stableText/edit` does with an edit whose result would pass the limit.
public enum LimitPolicy: String, Sendable, CaseIterable {
  /// Refuse the edit; nothing changes.
  case reject
  /// Insert the longest whole-grapheme prefix that fits.
  case truncate
  /// Apply it anyway; the `over-limit` diagnostic reports the excess.
  case allow
}
