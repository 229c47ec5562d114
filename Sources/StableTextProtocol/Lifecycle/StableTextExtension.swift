import StableTextCore

/// The protocol extension's own facts, announced in `initialize` under
/// `capabilities.experimental.stableText` (Protocol/README.md, "The `stableText/…` extension").
public enum StableTextExtension {
  /// Version of the protocol extension (`stableText/…`) this build speaks.
  public static let version = "1"
  /// The Unicode version of the width tables the layout pins (Debian's `unicode-data`).
  public static let unicodeVersion = DisplayWidth.unicodeVersion
}
