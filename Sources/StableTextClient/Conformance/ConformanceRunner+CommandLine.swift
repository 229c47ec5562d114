import StableTextJSON

extension ConformanceRunner {
  /// What the command line adds to every `initialize`'s params, before a session's own
  /// overlay: `initializationOptions` (`--init-options`) and the workspace `--root` names, as
  /// `rootUri`, `rootPath` and one of `workspaceFolders` (Protocol/conformance/README.md,
  /// "Running it").
  var commandLineParams: JSONObject {
    var params = JSONObject()
    if let initializationOptions { params["initializationOptions"] = initializationOptions }
    if let root {
      let uri = Self.fileURI(root)
      params["rootUri"] = .string(uri)
      params["rootPath"] = .string(root)
      let name = root.split(separator: "/").last.map(String.init) ?? "/"
      params["workspaceFolders"] = [["uri": .string(uri), "name": .string(name)]]
    }
    return params
  }

  /// The `file` URI of an absolute path: every byte but the unreserved ones and `/`
  /// percent-encoded (RFC 3986), so a space or a `#` in a folder's name stays a path.
  public static func fileURI(_ path: String) -> String {
    var uri = "file://"
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        uri.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        uri.unicodeScalars.append("%")
        uri.unicodeScalars.append(hex[Int(byte >> 4)])
        uri.unicodeScalars.append(hex[Int(byte & 15)])
      }
    }
    return uri
  }
}
