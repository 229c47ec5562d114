import StableTextCore

/// Names and versions the daemon reports about itself.
public enum ServerInfo {
  public static let name = "stabletext"
  public static let version = "0.1.0"
  /// Version of the protocol extension (`stableText/…`) this build speaks.
  public static let extensionVersion = "1"
  /// The Unicode version of the width tables the layout pins (Debian's `unicode-data`).
  public static let unicodeVersion = DisplayWidth.unicodeVersion
}
