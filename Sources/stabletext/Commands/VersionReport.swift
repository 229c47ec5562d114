import CStableTextBuild
import StableTextServer
import StableTextSystem

/// `stabletext --version`: what a bug report needs to name the build exactly.
enum VersionReport {
  static var text: String {
    """
    stabletext \(ServerInfo.version) (protocol extension \(ServerInfo.extensionVersion), Unicode \(ServerInfo.unicodeVersion))
    unicode: display widths \(ServerInfo.unicodeVersion), grapheme clusters \(graphemeUnicodeVersion) (the Swift standard library's)
    build: \(build)

    """
  }

  /// `commit 1a2b3c4 of 2026-12-01, release, Swift runtime static`.
  static var build: String {
    let commit = String(cString: stabletext_build_commit())
    let date = String(cString: stabletext_build_date())
    var parts: [String] = []
    if commit.isEmpty {
      parts.append("commit not recorded (a development build; scripts/package records it)")
    } else {
      parts.append("commit \(commit)" + (date.isEmpty ? "" : " of \(date)"))
    }
    #if DEBUG
      parts.append("debug")
    #else
      parts.append("release")
    #endif
    parts.append("Swift runtime \(swiftRuntimeIsShared ? "shared (the toolchain's libraries)" : "static")")
    return parts.joined(separator: ", ")
  }

  /// Whether the Swift runtime was loaded from a shared library (a toolchain's), rather than
  /// linked into the binary: the one thing that decides where the binary can run.
  static var swiftRuntimeIsShared: Bool {
    #if os(Linux)
      guard let maps = FileSystem.contents(of: "/proc/self/maps") else { return false }
      return String(decoding: maps, as: UTF8.self).contains("libswiftCore.so")
    #else
      return true  // Apple's systems ship the runtime.
    #endif
  }

  /// The newest Unicode version whose characters the standard library knows, which is the
  /// version of its grapheme break data: probed with a character first assigned in each.
  static var graphemeUnicodeVersion: String {
    let probes: [(UInt32, String)] = [(0x1E5D0, "16.0.0"), (0x2EBF0, "15.1.0"), (0x1E4D0, "15.0.0")]
    for (code, version) in probes where Unicode.Scalar(code)?.properties.age != nil {
      return version
    }
    return "14.0.0 or older"
  }
}
